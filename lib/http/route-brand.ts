// Every route handler under app/ goes through one wrapper, and each wrapper marks the function it
// returns with the kind it is (a symbol property). lib/http/route-wrappers.test.ts imports every
// app/**/route.ts and fails on an exported HTTP method that carries no mark: a handler written by
// hand, outside the wrappers that own problem details, request ids and the error boundary.
// The symbol is a global one (Symbol.for): the sandbox wallet, which never imports dashboard code,
// marks its own wrapper with the same key (lib/sandbox-wallet/route.ts).

/** The registry key of the mark; lib/sandbox-wallet/route.ts repeats it (it imports nothing from here). */
export const routeWrapperKey = "wallet-dashboard.route-wrapper";
const routeWrapperMark = Symbol.for(routeWrapperKey);

/** The wrappers: who may call a route, and so how it is guarded. */
export const routeWrapperKinds = [
  /** Signed-in operators (operatorRoute). */
  "operator",
  /** The merchant API with an API key (apiKeyRoute). */
  "api-key",
  /** The merchant API's public answers: its document, an unknown path (apiPublicRoute). */
  "api-public",
  /** A method a /api/v1 route does not have: 405 with Allow (apiV1Methods). */
  "api-method-not-allowed",
  /** Anonymous callers, with a per-address budget where the route costs something (publicRoute). */
  "public",
  /** The wallet's deliveries (walletCallbackRoute). */
  "wallet-callback",
  /** A counter display's device (displayRoute). */
  "display",
  /** The embedded sandbox wallet, with its own envelope (lib/sandbox-wallet/route.ts). */
  "sandbox",
] as const;
export type RouteWrapperKind = (typeof routeWrapperKinds)[number];

/** The signature Next calls a route handler with. */
export type RouteHandler<Params = Record<string, string | string[]>> = (
  request: Request,
  context?: { params: Promise<Params> },
) => Promise<Response>;

/** Marks a wrapper's handler with its kind (and returns it). */
export function markRoute<Handler extends (...args: never[]) => unknown>(kind: RouteWrapperKind, handler: Handler): Handler {
  Object.defineProperty(handler, routeWrapperMark, { value: kind, enumerable: false });
  return handler;
}

/** The wrapper a handler went through, or undefined for one written by hand. */
export function routeWrapperOf(handler: unknown): RouteWrapperKind | undefined {
  if (typeof handler !== "function") return undefined;
  const kind = (handler as unknown as Record<symbol, unknown>)[routeWrapperMark];
  return routeWrapperKinds.includes(kind as RouteWrapperKind) ? (kind as RouteWrapperKind) : undefined;
}
