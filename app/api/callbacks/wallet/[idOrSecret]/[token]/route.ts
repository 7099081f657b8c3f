// Where the wallet posts one transaction's status: APP_URL/api/callbacks/wallet/<local id>/<token>.
// The logic lives in lib/callbacks.
import { handleCallbackRequest } from "@/lib/callbacks/receiver-route";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ idOrSecret: string; token: string }> }) {
  const { idOrSecret, token } = await params;
  return handleCallbackRequest(request, { transactionId: idOrSecret, token });
}
