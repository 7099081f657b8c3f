// The id of the request being served, carried through its async work (AsyncLocalStorage): the
// logger stamps it on every line (lib/logger.ts) and the wallet client sends it as X-Request-Id,
// so one cash-in can be followed from the browser through every instance to the wallet.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** Who a request acts as, once a wrapper has checked it: for the access log (an id, never an e-mail). */
export type RequestActor = { kind: "operator" | "api_key" | "display"; id: string };

export type RequestContext = { requestId: string; actor?: RequestActor };

// On globalThis: Next bundles server code more than once (instrumentation, routes, actions), and
// every copy must read the store the HTTP hook (lib/observability/http-hooks.ts) writes.
const globalForRequests = globalThis as unknown as { walletDashboardRequestContext?: AsyncLocalStorage<RequestContext> };
globalForRequests.walletDashboardRequestContext ??= new AsyncLocalStorage<RequestContext>();
const storage = globalForRequests.walletDashboardRequestContext;

/** Letters, digits and `._:-`, 8–128 characters: a UUID, a trace id or a load balancer's id fit; nothing that could forge a log line. */
const saneRequestId = /^[A-Za-z0-9._:-]{8,128}$/;

/** The incoming X-Request-Id when it looks like an id (a proxy in front may have set it), else a new one. */
export function requestIdFrom(incoming: string | string[] | null | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && saneRequestId.test(value) ? value : randomUUID();
}

export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** Runs `work` in a context the caller keeps, to read what the request learnt (its actor) once it ends. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** Records who the current request acts as (the route and action wrappers call it once they checked). */
export function noteRequestActor(actor: RequestActor): void {
  const context = storage.getStore();
  if (context) context.actor = actor;
}

/** The current request's id, or undefined outside a request (background jobs, start-up). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
