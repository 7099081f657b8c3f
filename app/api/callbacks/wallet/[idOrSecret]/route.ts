// The legacy receiver URL (APP_URL/api/callbacks/wallet/<CALLBACK_SECRET>), kept for transactions
// created before per-transaction URLs, for those only. The logic lives in lib/callbacks.
import { handleCallbackRequest } from "@/lib/callbacks/receiver-route";
import { walletCallbackRoute } from "@/lib/http/wallet-callback-route";

export const dynamic = "force-dynamic";

export const POST = walletCallbackRoute<{ idOrSecret: string }>({ name: "callbacks.receive_legacy" }, (request, { params }) =>
  handleCallbackRequest(request, { legacySecret: params.idOrSecret }),
);
