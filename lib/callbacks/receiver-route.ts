// What both receiver routes do around receiveCallback: the runtime's database, and a 503 (retry
// later) when the delivery could not be stored.
import "server-only";
import { callbackJsonResponse, receiveCallback, type ReceiverPath } from "@/lib/callbacks/receive-callback";
import { logger } from "@/lib/logger";
import { getRuntime } from "@/lib/server/runtime";

export async function handleCallbackRequest(request: Request, path: ReceiverPath): Promise<Response> {
  const { db, config } = await getRuntime();
  try {
    return await receiveCallback(db, request, path, config);
  } catch (error) {
    logger.error({ err: error }, "callback could not be stored");
    // Not stored: a 5xx tells the wallet to retry later.
    return callbackJsonResponse(503, { error: "The callback could not be stored; retry later." });
  }
}
