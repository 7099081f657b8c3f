// Every route file under /api/v1 exports every HTTP method through this: the methods the route has
// (each through apiKeyRoute or apiPublicRoute), HEAD with GET, OPTIONS answering 204 with Allow, and
// every other method a 405 problem with Allow — where Next would answer an empty 405 without Allow
// for a method a route file does not export.
//
//   export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1Methods({ GET: apiKeyRoute(…) });
//
// apiV1EveryMethod gives one handler every method (the catch-all's 404 for an unknown path).
import "server-only";
import { messagesFor } from "@/lib/http/api-key-route";
import { problemResponseIn } from "@/lib/http/problem";
import { markRoute, type RouteHandler } from "@/lib/http/route-brand";
import { answerRoute } from "@/lib/http/route-request";
import { msg } from "@/lib/i18n/message";

/** The methods Next dispatches to a route file (next/dist/server/web/http), in the order Allow lists them. */
export const httpMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof httpMethods)[number];

type Declared<Params> = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", RouteHandler<Params>>>;
type AllMethods<Params> = Record<HttpMethod, RouteHandler<Params>>;

/** The Allow field for a route with these handlers: HEAD comes with GET, OPTIONS always. */
export function allowOf(declared: Declared<never>): string {
  return httpMethods.filter((method) => method === "OPTIONS" || (method === "HEAD" ? declared.GET : declared[method])).join(", ");
}

function methodNotAllowed<Params>(allow: string): RouteHandler<Params> {
  return markRoute("api-method-not-allowed", (request: Request) =>
    answerRoute(
      "api.method_not_allowed",
      request,
      () => problemResponseIn(messagesFor(request), 405, msg("errors.route.methodNotAllowed"), { headers: { allow } }),
      () => problemResponseIn(messagesFor(request), 500, msg("errors.action.failed")),
    ),
  );
}

function options<Params>(allow: string): RouteHandler<Params> {
  return markRoute("api-method-not-allowed", (request: Request) =>
    answerRoute(
      "api.options",
      request,
      () => new Response(null, { status: 204, headers: { allow, "cache-control": "no-store" } }),
      () => problemResponseIn(messagesFor(request), 500, msg("errors.action.failed")),
    ),
  );
}

export function apiV1Methods<Params = Record<string, never>>(declared: Declared<Params>): AllMethods<Params> {
  const allow = allowOf(declared as Declared<never>);
  const refuse = methodNotAllowed<Params>(allow);
  return {
    GET: declared.GET ?? refuse,
    HEAD: declared.GET ?? refuse,
    POST: declared.POST ?? refuse,
    PUT: declared.PUT ?? refuse,
    PATCH: declared.PATCH ?? refuse,
    DELETE: declared.DELETE ?? refuse,
    OPTIONS: options<Params>(allow),
  };
}

/** One handler for every method (the catch-all under /api/v1 answers them all 404). */
export function apiV1EveryMethod<Params>(handler: RouteHandler<Params>): AllMethods<Params> {
  return Object.fromEntries(httpMethods.map((method) => [method, handler])) as AllMethods<Params>;
}
