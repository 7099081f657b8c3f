// The wrapper of the wallet's callback deliveries (app/api/callbacks/wallet/): the request id and
// an error boundary whose answer the wallet understands — a 503 in the receiver's own JSON, which
// tells it to retry later (lib/callbacks/receiver-route.ts answers a delivery it could not store the
// same way). Its token check and limits are in lib/callbacks; the proxy does not run for these
// paths, so the answer carries the security headers itself.
import "server-only";
import { getConfig } from "@/lib/config";
import { markRoute, type RouteHandler } from "@/lib/http/route-brand";
import { answerRoute, routeParams } from "@/lib/http/route-request";
import { apiResponseHeaders, headerSettingsOf } from "@/lib/security/security-headers";

export function walletCallbackRoute<Params extends Record<string, string>>(
  options: { name: string },
  handler: (request: Request, context: { params: Params }) => Promise<Response>,
): RouteHandler<Params> {
  return markRoute("wallet-callback", (request: Request, context?: { params: Promise<Params> }) =>
    answerRoute(
      options.name,
      request,
      async () => handler(request, { params: await routeParams(context) }),
      () =>
        new Response(JSON.stringify({ error: "The callback could not be stored; retry later." }), {
          status: 503,
          headers: { ...apiResponseHeaders(headerSettingsOf(getConfig())), "content-type": "application/json" },
        }),
    ),
  );
}
