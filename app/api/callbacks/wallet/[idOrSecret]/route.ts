// The legacy receiver URL (APP_URL/api/callbacks/wallet/<CALLBACK_SECRET>), kept for transactions
// created before per-transaction URLs, for those only. The logic lives in lib/callbacks.
import { handleCallbackRequest } from "@/lib/callbacks/receiver-route";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ idOrSecret: string }> }) {
  return handleCallbackRequest(request, { legacySecret: (await params).idOrSecret });
}
