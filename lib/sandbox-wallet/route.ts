// The sandbox wallet's route wrapper, for the host's route file (app/sandbox/[...path]/route.ts):
// the sandbox answers in its own envelope `{ success, messageError, data }` (the wallet API spec's,
// lib/sandbox-wallet/envelope.ts), never the dashboard's problem details, and imports no dashboard
// code — so it cannot use lib/http/'s wrappers. This one gives its handler the same two things they
// give: an error boundary (an unexpected failure is logged by the host's logger and answered as a
// 500 envelope without any detail) and the mark that lib/http/route-wrappers.test.ts checks every
// exported route handler for (the same global symbol as lib/http/route-brand.ts, by its key).

import { errorResponse } from "./envelope";
import type { SandboxLogger } from "./logger";

const routeWrapperMark = Symbol.for("wallet-dashboard.route-wrapper");

export function sandboxRoute(
  options: { logger: Pick<SandboxLogger, "error"> },
  handler: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  const wrapped = async (request: Request): Promise<Response> => {
    try {
      return await handler(request);
    } catch (error) {
      options.logger.error({ err: error }, "sandbox wallet route failed");
      return errorResponse(500, "The sandbox wallet failed to answer; try again shortly");
    }
  };
  Object.defineProperty(wrapped, routeWrapperMark, { value: "sandbox", enumerable: false });
  return wrapped;
}
