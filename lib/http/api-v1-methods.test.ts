// Under /api/v1 every error is a problem: a method a route does not have answers 405 with an Allow
// field naming the ones it has (Next alone answers an empty 405 without Allow), OPTIONS answers 204
// with Allow, and a path no route answers is a 404 problem (Next alone answers its HTML page). The
// real route modules are called, as Next would; none of these answers reads a key or the database.
import { describe, expect, it } from "vitest";
import * as notFoundRoute from "@/app/api/v1/[[...path]]/route";
import * as cashOutRoute from "@/app/api/v1/cash-outs/[id]/route";
import * as cashOutsRoute from "@/app/api/v1/cash-outs/route";
import * as chargeRoute from "@/app/api/v1/charges/[id]/route";
import * as chargesRoute from "@/app/api/v1/charges/route";
import * as eventsRoute from "@/app/api/v1/events/route";
import * as openApiRoute from "@/app/api/v1/openapi.json/route";
import * as transactionsRoute from "@/app/api/v1/transactions/route";
import { allowOf, httpMethods } from "@/lib/http/api-v1-methods";
import { routeWrapperOf } from "@/lib/http/route-brand";

type RouteModule = Record<(typeof httpMethods)[number], (request: Request, context?: { params: Promise<never> }) => Promise<Response>>;

const routes: { url: string; route: RouteModule; allow: string }[] = [
  { url: "/api/v1/charges", route: chargesRoute, allow: "POST, OPTIONS" },
  { url: "/api/v1/charges/00000000-0000-4000-8000-000000000000", route: chargeRoute, allow: "GET, HEAD, OPTIONS" },
  { url: "/api/v1/cash-outs", route: cashOutsRoute, allow: "POST, OPTIONS" },
  { url: "/api/v1/cash-outs/00000000-0000-4000-8000-000000000000", route: cashOutRoute, allow: "GET, HEAD, OPTIONS" },
  { url: "/api/v1/transactions", route: transactionsRoute, allow: "GET, HEAD, OPTIONS" },
  { url: "/api/v1/events", route: eventsRoute, allow: "GET, HEAD, OPTIONS" },
  { url: "/api/v1/openapi.json", route: openApiRoute, allow: "GET, HEAD, OPTIONS" },
];

const call = (route: RouteModule, method: (typeof httpMethods)[number], url: string, headers: Record<string, string> = {}) =>
  route[method](
    new Request(`http://localhost:3999${url}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
    }),
    { params: Promise.resolve({} as never) },
  );

describe("a method a /api/v1 route does not have", () => {
  it.each(routes)("$url answers 405 problem details with Allow: $allow", async ({ url, route, allow }) => {
    const missing = httpMethods.filter((method) => method !== "OPTIONS" && routeWrapperOf(route[method]) === "api-method-not-allowed");
    // Every route lacks some method; the declared ones go through a key (or the public variant).
    expect(missing.length).toBeGreaterThan(0);
    for (const method of missing) {
      const response = await call(route, method, url);
      expect(response.status, `${method} ${url}`).toBe(405);
      expect(response.headers.get("allow"), `${method} ${url}`).toBe(allow);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      if (method !== "HEAD")
        expect(await response.json()).toEqual({
          type: "about:blank",
          title: "Method Not Allowed",
          status: 405,
          code: "errors.route.methodNotAllowed",
          detail: "This address does not accept that method.",
        });
    }
    const declared = httpMethods.filter((method) => method !== "OPTIONS" && !missing.includes(method));
    expect(`${declared.join(", ")}, OPTIONS`).toBe(allow);
  });

  it("answers in the caller's language", async () => {
    const response = await call(chargesRoute, "DELETE", "/api/v1/charges", { "accept-language": "pt-BR" });
    expect(await response.json()).toMatchObject({ code: "errors.route.methodNotAllowed", detail: "Este endereço não aceita esse método." });
  });

  it.each(routes)("$url answers OPTIONS with 204 and Allow: $allow", async ({ url, route, allow }) => {
    const response = await call(route, "OPTIONS", url);
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe(allow);
  });

  it("lists HEAD with GET, and OPTIONS always", () => {
    expect(allowOf({})).toBe("OPTIONS");
    const handler = async () => new Response(null);
    expect(allowOf({ GET: handler, DELETE: handler })).toBe("GET, HEAD, DELETE, OPTIONS");
  });
});

describe("a path under /api/v1 that no route answers", () => {
  it.each(httpMethods)("answers %s with a 404 problem", async (method) => {
    const response = await call(notFoundRoute as unknown as RouteModule, method, "/api/v1/refunds/42");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("x-request-id")).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    if (method !== "HEAD") expect(await response.json()).toMatchObject({ status: 404, code: "errors.route.notFound", title: "Not Found" });
  });

  it("keeps a sane request id the caller sent, and refuses one that could forge a log line", async () => {
    const kept = await call(notFoundRoute as unknown as RouteModule, "GET", "/api/v1/nothing", { "x-request-id": "trace-1234abcd" });
    expect(kept.headers.get("x-request-id")).toBe("trace-1234abcd");
    const replaced = await call(notFoundRoute as unknown as RouteModule, "GET", "/api/v1/nothing", {
      "x-request-id": "forged id <script>",
    });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
