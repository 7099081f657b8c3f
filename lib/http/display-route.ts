// The wrapper of the counter display's routes (pairing, state, stream, sign-out): a paired device
// has its own session cookie, never an operator's, so these routes are not operator routes; each
// reads (or, pairing, earns) that cookie itself (lib/displays/). The wrapper gives the runtime, the
// request id and the error boundary (a 500 problem).
import "server-only";
import { problemResponse } from "@/lib/http/problem";
import { markRoute, type RouteHandler } from "@/lib/http/route-brand";
import { answerRoute } from "@/lib/http/route-request";
import { msg } from "@/lib/i18n/message";
import { getRuntime, type Runtime } from "@/lib/server/runtime";

export function displayRoute(
  options: { name: string },
  handler: (request: Request, runtime: Runtime) => Promise<Response> | Response,
): RouteHandler<Record<string, never>> {
  return markRoute("display", (request: Request) =>
    answerRoute(
      options.name,
      request,
      async () => handler(request, await getRuntime()),
      () => problemResponse(500, msg("errors.action.failed")),
    ),
  );
}
