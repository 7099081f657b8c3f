// The answer of a route handler refused by the rate limiter: 429, Retry-After in seconds, and the
// message as an encoded key (lib/i18n/message.ts) with the seconds to wait.
import type { ErrorMessageKey } from "@/lib/i18n/error-messages";
import { msg } from "@/lib/i18n/message";
import type { RateLimitRefusal } from "@/lib/security/rate-limit";

export function rateLimitedResponse(refusal: RateLimitRefusal, message: ErrorMessageKey, headers: Record<string, string> = {}): Response {
  const seconds = refusal.retryAfterSeconds;
  return new Response(JSON.stringify({ error: msg(message, { seconds }) }), {
    status: 429,
    headers: { ...headers, "content-type": "application/json", "cache-control": "no-store", "retry-after": String(seconds) },
  });
}
