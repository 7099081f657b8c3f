// What both receiver routes do around receiveCallback: the runtime's database, a bounded number of
// deliveries worked on at once, and a 503 (retry later) when the delivery could not be stored.
import "server-only";
import pLimit from "p-limit";
import { callbackJsonResponse, receiveCallback, type ReceiverPath } from "@/lib/callbacks/receive-callback";
import { logger } from "@/lib/logger";
import { countCallbackReceived } from "@/lib/observability/metrics";
import { getRuntime } from "@/lib/server/runtime";

type Slots = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * At most `limit` pieces of work at once, the others started in arrival order as slots free up
 * (0: no limit). A burst of callbacks then waits its turn — each request still answered once its
 * delivery is stored — instead of dozens of deliveries sharing the server's one thread, with every
 * page and health check queued behind all of them.
 */
export function createDeliverySlots(limit: number): Slots {
  if (limit === 0) return (work) => work();
  const limited = pLimit(limit);
  return (work) => limited(work);
}

let slots: { limit: number; run: Slots } | undefined;

function deliverySlots(limit: number): Slots {
  if (slots?.limit !== limit) slots = { limit, run: createDeliverySlots(limit) };
  return slots.run;
}

export async function handleCallbackRequest(request: Request, path: ReceiverPath): Promise<Response> {
  const { db, config } = await getRuntime();
  try {
    return await deliverySlots(config.receiverConcurrency)(() => receiveCallback(db, request, path, config));
  } catch (error) {
    logger.error({ err: error }, "callback could not be stored");
    countCallbackReceived("failed");
    // Not stored: a 5xx tells the wallet to retry later.
    return callbackJsonResponse(503, { error: "The callback could not be stored; retry later." });
  }
}
