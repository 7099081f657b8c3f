// Pairs this browser as a counter display: a valid one-time code gets it a display session cookie.
// Not a server action: the device has no operator session, and this is its only way in. The
// checks and limits are in lib/displays/pair-request.ts.
import { handlePairRequest } from "@/lib/displays/pair-request";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { db, config } = await getRuntime();
  return handlePairRequest(db, config, request);
}
