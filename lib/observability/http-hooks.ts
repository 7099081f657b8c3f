// Hooks on Node's HTTP server, installed once at start (instrumentation.ts): each request runs with
// its request id (lib/observability/request-id.ts) and answers it in X-Request-Id, and the server
// and its requests in flight are known to the graceful shutdown (lib/observability/shutdown.ts), and
// each leaves a RED metric observation and an access-log line when it ends (request-log.ts).
// Next creates its HTTP server before it loads instrumentation, so this wraps `Server#emit` for the
// "request" event, as OpenTelemetry's HTTP instrumentation does; every other event passes through.
//
// While the process drains (lifecycle.ts), every answer says `Connection: close` and its connection
// is closed once it is sent: a client or proxy holding kept-alive connections opens new ones, which
// reach another instance once readiness has taken this one out of rotation. Idle connections are
// not cut while clients may still use them (a request written onto a connection the server is
// closing is reset): they are closed only once no request has been in flight for a moment after
// the listener closed (closeRemainingConnections).
import http from "node:http";
import net, { type Socket } from "node:net";
import { isDraining } from "@/lib/observability/lifecycle";
import { type RequestContext, requestIdFrom, runWithRequestContext } from "@/lib/observability/request-id";
import { recordFinishedRequest } from "@/lib/observability/request-log";

type InFlight = { response: http.ServerResponse; socket: Socket };
type HttpState = {
  installed: boolean;
  servers: Set<http.Server>;
  inFlight: number;
  idleWaiters: Set<() => void>;
  /** The requests being answered, for closing their connections after them once a drain begins. */
  answering: Set<InFlight>;
  /**
   * What the installed hook calls, from the latest evaluation of this module: the hook is installed
   * once per process, but the module can be evaluated again (a dev reload, a test file's fresh
   * modules), and a hook holding the first evaluation's functions recorded into that evaluation's
   * metrics, not the ones a scrape reads (an order-dependent test failure showed it).
   */
  perRequest?: { record: typeof recordFinishedRequest; beginAnswer: typeof beginAnswer };
};

const globalForHttp = globalThis as unknown as { walletDashboardHttp?: HttpState };
globalForHttp.walletDashboardHttp ??= { installed: false, servers: new Set(), inFlight: 0, idleWaiters: new Set(), answering: new Set() };
const state = globalForHttp.walletDashboardHttp;
state.answering ??= new Set(); // a state kept on globalThis from before this field existed (dev reloads)

type WriteHead = (statusCode: number, ...rest: unknown[]) => http.ServerResponse;

/** A headers argument of writeHead without its Connection field (an object or a flat [name, value, …] list). */
function withoutConnection(headers: unknown): unknown {
  if (Array.isArray(headers)) {
    const kept: unknown[] = [];
    for (let index = 0; index < headers.length; index += 2)
      if (String(headers[index]).toLowerCase() !== "connection") kept.push(headers[index], headers[index + 1]);
    return kept;
  }
  if (headers && typeof headers === "object")
    return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "connection"));
  return headers;
}

/**
 * Makes a response close its connection once sent when the process is draining at the moment its
 * head is written (Next's own headers, such as an event stream's `Connection: keep-alive`, included).
 */
function closeWhenDraining(response: http.ServerResponse): void {
  const writeHead = response.writeHead as unknown as WriteHead;
  response.writeHead = function writeHeadWhileDraining(this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (!isDraining()) return writeHead.call(this, statusCode, ...rest);
    this.setHeader("connection", "close");
    return writeHead.call(this, statusCode, ...rest.map(withoutConnection));
  } as unknown as typeof response.writeHead;
}

/** A request's id (the header in use, never a refused one) and its response closing when draining. */
function beginAnswer(request: http.IncomingMessage, response: http.ServerResponse): string {
  const requestId = requestIdFrom(request.headers["x-request-id"]);
  // Route code reading the header sees the id in use, never a refused one.
  request.headers["x-request-id"] = requestId;
  response.setHeader("x-request-id", requestId);
  closeWhenDraining(response);
  return requestId;
}

state.perRequest = { record: recordFinishedRequest, beginAnswer };

export function installHttpHooks(): void {
  if (state.installed) return;
  state.installed = true;
  const originalEmit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function emitWithRequestContext(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event !== "request") return originalEmit.call(this, event, ...args);
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    state.servers.add(this);
    const perRequest = state.perRequest!;
    const requestId = perRequest.beginAnswer(request, response);
    const answering: InFlight = { response, socket: request.socket };
    state.answering.add(answering);
    state.inFlight++;
    const started = performance.now();
    const context: RequestContext = { requestId };
    response.once("close", () => {
      state.answering.delete(answering);
      state.inFlight--;
      // Its metric and access-log line (lib/observability/request-log.ts), in the request's context so the line carries its id.
      runWithRequestContext(context, () =>
        perRequest.record({
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

/**
 * At the start of a drain (isDraining() is already true, so every answer not yet begun says
 * `Connection: close`): event streams already open said keep-alive, so their connection is ended
 * once the stream has ended (the shutdown ends them with a reconnect hint): the client reconnects
 * on a new connection, after its retry delay, to wherever the proxy sends it. Other answers already
 * under way are left alone: their client may send its next request on the connection the moment
 * the answer is read (ending it then would reset that request), and that request is answered with
 * `Connection: close`; a connection left idle is closed by closeRemainingConnections.
 */
export function closeConnectionsAfterTheirAnswers(): void {
  for (const { response, socket } of state.answering) {
    if (!response.headersSent || !String(response.getHeader("content-type") ?? "").startsWith("text/event-stream")) continue;
    response.once("finish", () => socket.end());
  }
}

/**
 * Stops every HTTP server that served a request from accepting connections. Unlike
 * `server.close()` (which also cuts idle connections, Node ≥ 19), connections already open are
 * kept: one accepted a moment ago may be carrying a request right now, and it is answered (with
 * `Connection: close`). closeRemainingConnections ends what is left once all is quiet.
 */
export function stopAcceptingConnections(): void {
  for (const server of state.servers) if (server.listening) net.Server.prototype.close.call(server);
}

/** Ends every connection still open (all idle by then: the shutdown calls it once no request is in flight). */
export function closeRemainingConnections(): void {
  for (const server of state.servers) server.closeAllConnections();
}
