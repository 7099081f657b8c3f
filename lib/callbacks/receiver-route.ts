// What both receiver routes do around receiveCallback: the runtime's database, a bounded number of
// deliveries worked on at once, a 503 (retry later) when the delivery could not be stored, and a
// per-address limit on refused tokens (429 past it). Only refusals are counted, after the token
// check, so a genuine delivery costs exactly what it did and is never limited.
import "server-only";
import pLimit from "p-limit";
import { clientAddress } from "@/lib/auth/client-address";
import { callbackJsonResponse, receiveCallback, type ReceiverPath, unknownTokenStatus } from "@/lib/callbacks/receive-callback";
import { type AppConfig, getConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { countCallbackReceived } from "@/lib/observability/metrics";
import { countRequest } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { rateLimitedResponse } from "@/lib/http/rate-limited-response";
import { apiResponseHeaders, headerSettingsOf } from "@/lib/security/security-headers";
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
// The proxy skips the receiver (see proxy.ts): a 429 carries the security headers itself, like every receiver answer.
let cachedLimitedHeaders: Record<string, string> | undefined;
function limitedHeaders(): Record<string, string> {
  cachedLimitedHeaders ??= apiResponseHeaders(headerSettingsOf(getConfig()));
  return cachedLimitedHeaders;
}

function deliverySlots(limit: number): Slots {
  if (slots?.limit !== limit) slots = { limit, run: createDeliverySlots(limit) };
  return slots.run;
}

export async function handleCallbackRequest(request: Request, path: ReceiverPath): Promise<Response> {
  const { db, config } = await getRuntime();
  return receiveWithinLimits(db, config, request, path);
}

/** What handleCallbackRequest does with a given database and settings (tests call it directly). */
export async function receiveWithinLimits(
  db: Database,
  config: Pick<AppConfig, "callbackSecret" | "receiverConcurrency" | "trustedProxyHops">,
  request: Request,
  path: ReceiverPath,
): Promise<Response> {
  try {
    const response = await deliverySlots(config.receiverConcurrency)(() => receiveCallback(db, request, path, config));
    if (response.status !== unknownTokenStatus) return response;
    // Someone sending unknown or forged tokens: counted per address, refused past the limit.
    const refusal = await countRequest(db, [
      { rule: rateLimitRules.callbackRefusedPerAddress, key: clientAddress(request.headers, config.trustedProxyHops) },
    ]);
    return refusal ? rateLimitedResponse(refusal, "errors.rateLimit.address", limitedHeaders()) : response;
  } catch (error) {
    logger.error({ err: error }, "callback could not be stored");
    countCallbackReceived("failed");
    // Not stored: a 5xx tells the wallet to retry later.
    return callbackJsonResponse(503, { error: "The callback could not be stored; retry later." });
  }
}
