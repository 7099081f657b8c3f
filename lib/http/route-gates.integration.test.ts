// Every route handler in app/ is found on disk and called as an anonymous caller, as a session
// that has passed only the password (two-factor not enrolled yet), as a session that must change a
// reset password, and as a paired counter display. An operator route (lib/http/operator-route.ts)
// must refuse all four; a public route must be listed below with why it is public and must not
// answer 2xx to callers without its own token. So the next route cannot forget its gate: a new
// route that is not listed and lets any of them through fails here.
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counters, displayDevices, operatorSecurity, user } from "@/lib/db/schema";
import { displaySessionCookie } from "@/lib/displays/display-session";
import { sha256 } from "@/lib/displays/tokens";
import { routeWrapperOf } from "@/lib/http/route-brand";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

const appDirectory = path.resolve(import.meta.dirname, "../../app");
const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Public routes and what guards them instead of an operator session. Everything else is an operator route. */
const publicRoutes: Record<string, string> = {
  "/api/callbacks/wallet/[idOrSecret]/[token]": "the wallet's deliveries: a per-transaction token derived with CALLBACK_SECRET",
  "/api/callbacks/wallet/[idOrSecret]": "legacy deliveries: CALLBACK_SECRET itself in the URL",
  "/api/display/events": "the counter display's stream: its own device session cookie",
  "/api/display/state": "the counter display's polling fallback: its own device session cookie",
  "/api/display/pair": "pairing a display: a one-time code from an admin (rate limited)",
  "/api/display/sign-out": "only deletes this browser's display cookie",
  "/api/health": "health for monitors: no data beyond up/down",
  "/api/health/live": "liveness for orchestrators: the process answers",
  "/api/health/ready": "readiness for load balancers: database up, not draining",
  "/api/metrics": "Prometheus metrics: its own bearer token (METRICS_TOKEN; 404 when unset)",
  "/api/payouts/example": "a static example CSV",
  "/api/receipts/verify/[code]": "a receipt's public check: the code's HMAC is the credential (rate limited per address)",
  "/pay/[token]/events": "the payer's status stream: the unguessable payment link",
  "/pay/[token]/status": "the payer's status: the unguessable payment link",
  "/l/[slug]/pay": "a payment link's submission: anyone with the link, origin-checked and rate limited per address (issue #48)",
  "/sandbox/[...path]": "the embedded sandbox wallet: its own bearer token (off with a real wallet)",
  "/api/v1/charges": "the merchant API: an API key (Authorization: Bearer), never a cookie (lib/http/api-key-route.ts)",
  "/api/v1/charges/[id]": "the merchant API: an API key (Authorization: Bearer), never a cookie",
  "/api/v1/transactions": "the merchant API: an API key (Authorization: Bearer), never a cookie",
  "/api/v1/cash-outs": "the merchant API: an API key (Authorization: Bearer), never a cookie",
  "/api/v1/cash-outs/[id]": "the merchant API: an API key (Authorization: Bearer), never a cookie",
  "/api/v1/events": "the merchant API: an API key (Authorization: Bearer), never a cookie",
  "/api/v1/openapi.json": "the merchant API's OpenAPI document: describes the API, holds no data",
  "/api/v1/[[...path]]": "an unknown path under the merchant API: a 404 problem for everyone, no data",
};
/** The merchant API's routes: without a key, whoever calls (a session cookie, a display), 401 problem details. */
const apiKeyRoutes = new Set(
  Object.keys(publicRoutes).filter(
    (route) => route.startsWith("/api/v1/") && !["/api/v1/openapi.json", "/api/v1/[[...path]]"].includes(route),
  ),
);
/** Public routes that answer anyone with 2xx by design (no data behind them). */
const openToAnyone = new Set([
  "/api/health",
  "/api/health/live",
  "/api/health/ready",
  "/api/payouts/example",
  "/api/display/sign-out",
  "/api/v1/openapi.json",
]);

function findRoutes(directory: string, prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      // Route groups "(name)" are not part of the URL.
      const segment = /^\(.*\)$/.test(entry.name) ? "" : `/${entry.name}`;
      found.push(...findRoutes(path.join(directory, entry.name), `${prefix}${segment}`));
    } else if (entry.name === "route.ts") found.push(prefix || "/");
  }
  return found;
}

function fileOf(route: string): string {
  // Route groups are dropped from the URL, so find the file again by walking with them allowed.
  const segments = route.split("/").filter(Boolean);
  const walk = (directory: string, rest: string[]): string | undefined => {
    if (rest.length === 0) {
      const direct = readdirSync(directory).includes("route.ts") ? path.join(directory, "route.ts") : undefined;
      if (direct) return direct;
    }
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (/^\(.*\)$/.test(entry.name)) {
        const inGroup = walk(path.join(directory, entry.name), rest);
        if (inGroup) return inGroup;
      } else if (entry.name === rest[0]) {
        const next = walk(path.join(directory, entry.name), rest.slice(1));
        if (next) return next;
      }
    }
    return undefined;
  };
  return walk(appDirectory, segments)!;
}

/** The URL and params a request to the route would have, with made-up values for dynamic segments. */
function concrete(route: string): { url: string; params: Record<string, string | string[]> } {
  const params: Record<string, string | string[]> = {};
  const url = route
    .split("/")
    .map((segment) => {
      const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
      if (catchAll) {
        params[catchAll[1]!] = ["api", "v1", "cash-in"];
        return "api/v1/cash-in";
      }
      const dynamic = /^\[(\w+)\]$/.exec(segment);
      if (!dynamic) return segment;
      const value = dynamic[1] === "token" ? randomBytes(32).toString("base64url") : randomUUID();
      params[dynamic[1]!] = value;
      return value;
    })
    .join("/");
  return { url: `http://localhost:3999${url}`, params };
}

const routes = findRoutes(appDirectory).sort();

let database: TestDatabase;
const callers: Record<string, Headers> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  callers.anonymous = new Headers();
  // Signed in with the password only: two-factor not enrolled (finance must enrol).
  callers["password only"] = await createOperatorSession(auth, { email: "pending@example.com", role: "finance", twoFactor: false });
  // An admin whose password an admin reset: enrolled, but must choose a new password first.
  callers["must change password"] = await createOperatorSession(auth, { email: "reset@example.com", role: "admin" });
  const [reset] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "reset@example.com"));
  await database.db
    .insert(operatorSecurity)
    .values({ userId: reset!.id, mustChangePassword: true })
    .onConflictDoUpdate({ target: operatorSecurity.userId, set: { mustChangePassword: true } });
  // A paired counter display: a device session, not an operator's.
  const [counter] = await database.db
    .insert(counters)
    .values({
      name: "Gate test counter",
      defaultPayerName: "Consumidor Final",
      defaultPayerEmail: "caixa@example.com",
      defaultPayerDocument: "11222333000181",
    })
    .returning({ id: counters.id });
  const displayToken = randomBytes(32).toString("base64url");
  await database.db.insert(displayDevices).values({ counterId: counter!.id, sessionTokenHash: sha256(displayToken) });
  callers["display device"] = new Headers({ cookie: `${displaySessionCookie}=${displayToken}` });
});
afterAll(async () => {
  requestState.headers = new Headers();
  await database?.dispose();
});

let requestNumber = 0;

describe("every route handler under app/", () => {
  it("finds the routes (the walk itself works)", () => {
    expect(routes).toContain("/api/transactions/export");
    expect(routes).toContain("/api/callbacks/wallet/[idOrSecret]/[token]");
    expect(routes.length).toBeGreaterThanOrEqual(16);
  });

  it("lists no public route that no longer exists", () => {
    expect(Object.keys(publicRoutes).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(routes)("%s refuses callers without its credential", async (route) => {
    const module = (await import(/* @vite-ignore */ fileOf(route))) as Record<string, unknown>;
    // HEAD answered by the GET handler itself (as Next does for a route without HEAD) is that GET again.
    const exported = methods.filter((method) => typeof module[method] === "function" && !(method === "HEAD" && module.HEAD === module.GET));
    expect(exported.length).toBeGreaterThan(0);
    for (const method of exported) {
      const handler = module[method] as (request: Request, context: { params: Promise<unknown> }) => Promise<Response>;
      for (const [caller, headers] of Object.entries(callers)) {
        const { url, params } = concrete(route);
        const withSameOrigin = new Headers(headers);
        // A same-origin request, so only the session (not the origin check) can refuse it.
        withSameOrigin.set("origin", "http://localhost:3999");
        withSameOrigin.set("sec-fetch-site", "same-origin");
        // Each request from a network of its own: this walk sends hundreds of refused requests,
        // which from one address would meet the per-address and per-network limits (a 429) before
        // the gate under test had answered.
        requestNumber += 1;
        withSameOrigin.set("x-forwarded-for", `10.${(requestNumber >> 8) & 255}.${requestNumber & 255}.1`);
        if (method !== "GET" && method !== "HEAD") withSameOrigin.set("content-type", "application/json");
        requestState.headers = withSameOrigin;
        const request = new Request(url, {
          method,
          headers: withSameOrigin,
          ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
        });
        const response = await handler(request, { params: Promise.resolve(params) });
        await response.body?.cancel();
        const where = `${method} ${route} as ${caller}`;
        // Health answers 503 by design when this instance should not take traffic.
        if (!route.startsWith("/api/health")) expect(response.status, where).toBeLessThan(500);
        if (routeWrapperOf(handler) === "api-method-not-allowed") {
          // A method the /api/v1 route does not have: 405 to everyone, before any key is read.
          expect(response.status, where).toBe(405);
          expect(response.headers.get("allow"), where).toMatch(/\bOPTIONS$/);
          expect(response.headers.get("content-type"), where).toBe("application/problem+json");
        } else if (apiKeyRoutes.has(route)) {
          expect(response.status, where).toBe(401);
          expect(response.headers.get("content-type"), where).toBe("application/problem+json");
        } else if (route in publicRoutes) {
          if (!openToAnyone.has(route) && !(route.startsWith("/api/display/") && caller === "display device"))
            expect(response.status, `${where} (public, but only with its own token)`).toBeGreaterThanOrEqual(400);
        } else {
          // An operator route: nobody here has passed two-factor and the password change.
          expect([401, 403], where).toContain(response.status);
          expect(response.headers.get("content-type"), where).toBe("application/problem+json");
        }
      }
    }
  });
});
