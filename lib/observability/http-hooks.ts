// Hooks on Node's HTTP server, installed once at start (instrumentation.ts): each request runs with
// its request id (lib/observability/request-id.ts) and answers it in X-Request-Id, and the server
// and its requests in flight are known to the graceful shutdown (lib/observability/shutdown.ts), and
// each leaves a RED metric observation and an access-log line when it ends (request-log.ts).
// Next creates its HTTP server before it loads instrumentation, so this wraps `Server#emit` for the
// "request" event, as OpenTelemetry's HTTP instrumentation does; every other event passes through.
import http from "node:http";
import { type RequestContext, requestIdFrom, runWithRequestContext } from "@/lib/observability/request-id";
import { recordFinishedRequest } from "@/lib/observability/request-log";

type HttpState = { installed: boolean; servers: Set<http.Server>; inFlight: number; idleWaiters: Set<() => void> };

const globalForHttp = globalThis as unknown as { walletDashboardHttp?: HttpState };
globalForHttp.walletDashboardHttp ??= { installed: false, servers: new Set(), inFlight: 0, idleWaiters: new Set() };
const state = globalForHttp.walletDashboardHttp;

export function installHttpHooks(): void {
  if (state.installed) return;
  state.installed = true;
  const originalEmit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function emitWithRequestContext(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event !== "request") return originalEmit.call(this, event, ...args);
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    state.servers.add(this);
    const requestId = requestIdFrom(request.headers["x-request-id"]);
    // Route code reading the header sees the id in use, never a refused one.
    request.headers["x-request-id"] = requestId;
    response.setHeader("x-request-id", requestId);
    state.inFlight++;
    const started = performance.now();
    const context: RequestContext = { requestId };
    response.once("close", () => {
      state.inFlight--;
      // Its metric and access-log line (lib/observability/request-log.ts), in the request's context so the line carries its id.
      runWithRequestContext(context, () =>
        recordFinishedRequest({
          method: request.method ?? "GET",
          url: request.url ?? "/",
          status: response.statusCode,
          durationMs: performance.now() - started,
          requestId,
          actor: context.actor,
          serverAction: request.headers["next-action"] !== undefined,
          aborted: !response.writableFinished,
        }),
      );
      if (state.inFlight === 0) for (const wake of state.idleWaiters) wake();
    });
    return runWithRequestContext(context, () => originalEmit.call(this, event, ...args));
  } as typeof http.Server.prototype.emit;
}

export function requestsInFlight(): number {
  return state.inFlight;
}

/** Resolves once no request is in flight (at once when none is). */
export function whenNoRequestInFlight(): Promise<void> {
  if (state.inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      state.idleWaiters.delete(wake);
      resolve();
    };
    state.idleWaiters.add(wake);
  });
}

/** Stops every HTTP server that served a request from accepting connections, and drops idle keep-alive ones. */
export function stopAcceptingConnections(): void {
  for (const server of state.servers) {
    server.close();
    server.closeIdleConnections();
  }
}
