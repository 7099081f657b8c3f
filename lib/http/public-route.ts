// The wrapper of the routes anyone may call, which carry their own credential or hold nothing
// private (health, metrics with its own token, the payer's status, the receipt check, the example
// CSV): the request id, the error boundary (a 500 problem, never Next's HTML page) and, where a call
// costs something (a database read), a per-address budget: past it, 429 with Retry-After before
// the handler runs. The routes each wrapper serves are listed in lib/http/route-gates.integration.test.ts.
import "server-only";
import { clientAddress } from "@/lib/auth/client-address";
import { problemResponse } from "@/lib/http/problem";
import { markRoute, type RouteHandler } from "@/lib/http/route-brand";
import { answerRoute, routeParams } from "@/lib/http/route-request";
import { msg } from "@/lib/i18n/message";
import { countRequest } from "@/lib/security/rate-limit";
import type { RateLimitRule } from "@/lib/security/rate-limit-rules";
import { rateLimitedResponse } from "@/lib/http/rate-limited-response";
import { getRuntime } from "@/lib/server/runtime";

export type PublicRouteOptions = {
  name: string;
  /** The per-address budget every call counts against (anonymous callers: bounded cost). */
  perAddress?: RateLimitRule;
  /** Headers a refusal by the budget carries too (e.g. X-Robots-Tag). */
  refusalHeaders?: Record<string, string>;
};

export function publicRoute<Params extends Record<string, string | string[]> = Record<string, never>>(
  options: PublicRouteOptions,
  handler: (request: Request, context: { params: Params }) => Promise<Response> | Response,
): RouteHandler<Params> {
  return markRoute("public", (request: Request, context?: { params: Promise<Params> }) =>
    answerRoute(
      options.name,
      request,
      async () => {
        if (options.perAddress) {
          const { db, config } = await getRuntime();
          const refusal = await countRequest(db, [
            { rule: options.perAddress, key: clientAddress(request.headers, config.trustedProxyHops) },
          ]);
          if (refusal) return rateLimitedResponse(refusal, "errors.rateLimit.address", options.refusalHeaders);
        }
        return handler(request, { params: await routeParams(context) });
      },
      () => problemResponse(500, msg("errors.action.failed"), { headers: options.refusalHeaders }),
    ),
  );
}
