// The answer of a route handler refused by the rate limiter: a 429 problem (lib/http/problem.ts)
// whose detail, in the caller's language, says how many seconds to wait, with Retry-After.
import "server-only";
import { problemResponse } from "@/lib/http/problem";
import type { ErrorMessageKey } from "@/lib/i18n/error-messages";
import { msg } from "@/lib/i18n/message";
import type { RateLimitRefusal } from "@/lib/security/rate-limit";

export function rateLimitedResponse(
  refusal: RateLimitRefusal,
  message: ErrorMessageKey,
  headers: Record<string, string> = {},
): Promise<Response> {
  const seconds = refusal.retryAfterSeconds;
  return problemResponse(429, msg(message, { seconds }), { headers: { ...headers, "retry-after": String(seconds) } });
}
