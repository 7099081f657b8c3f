// Where the wallet posts one transaction's status: APP_URL/api/callbacks/wallet/<local id>/<token>.
// The logic lives in lib/callbacks.
import { handleCallbackRequest } from "@/lib/callbacks/receiver-route";
import { walletCallbackRoute } from "@/lib/http/wallet-callback-route";

export const dynamic = "force-dynamic";

export const POST = walletCallbackRoute<{ idOrSecret: string; token: string }>({ name: "callbacks.receive" }, (request, { params }) =>
  handleCallbackRequest(request, { transactionId: params.idOrSecret, token: params.token }),
);
