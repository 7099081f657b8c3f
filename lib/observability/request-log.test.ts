// The RED metrics and the access log over real HTTP: a server with the hooks installed answers a
// 1,000-request mixed run (several routes, methods and statuses, keep-alive); the histogram's counts
// per method, route template and status, read back from the text exposition a scraper gets, equal
// the client's own counts, and every family there follows Prometheus' naming conventions (what
// promtool's `check metrics` lints: counters end in _total and nothing else does, base units, help). The access log has one line per request
// with the route template, never the path's token or the query.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installHttpHooks } from "@/lib/observability/http-hooks";
import { noteRequestActor } from "@/lib/observability/request-id";

const manifest = {
  staticRoutes: [
    { page: "/transactions", regex: "^/transactions(?:/)?$" },
    { page: "/api/health", regex: "^/api/health(?:/)?$" },
  ],
  dynamicRoutes: [
    { page: "/pay/[token]", regex: "^/pay/([^/]+?)(?:/)?$" },
    { page: "/api/v1/charges/[id]", regex: "^/api/v1/charges/([^/]+?)(?:/)?$" },
  ],
};

let server: http.Server;
let origin: string;
let metricsText: () => Promise<string>;
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  process.env.ACCESS_LOG_LEVEL = "info";
  const { routeTableOf } = await import("@/lib/observability/request-log");
  (globalThis as { walletDashboardRouteTable?: unknown }).walletDashboardRouteTable = routeTableOf(manifest);
  const { logger } = await import("@/lib/logger");
  vi.spyOn(logger, "info").mockImplementation(((fields: Record<string, unknown>) => {
    if (fields?.access) logged.push(fields);
  }) as never);
  const { answerMetricsRequest } = await import("@/lib/observability/metrics");
  const token = "metrics-token-0123456789";
  metricsText = async () =>
    (await answerMetricsRequest(new Request("http://x/api/metrics", { headers: { authorization: `Bearer ${token}` } }), token)).text();
  installHttpHooks();
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://local");
    if (url.pathname.startsWith("/api/v1/")) noteRequestActor({ kind: "api_key", id: "key-1" });
    const status = Number(url.searchParams.get("status") ?? "200");
    response.writeHead(status, { "content-type": "text/plain" }).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  vi.restoreAllMocks();
  delete (globalThis as { walletDashboardRouteTable?: unknown }).walletDashboardRouteTable;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** `_count` samples of the request histogram, by "method route status", from the text exposition. */
function histogramCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/^wallet_dashboard_http_request_duration_seconds_count\{([^}]*)\} (\d+)$/gm)) {
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1], label[2]]));
    counts.set(`${labels.method} ${labels.route} ${labels.status}`, Number(match[2]));
  }
  return counts;
}

/** The families of a text exposition: name, TYPE and HELP. */
function families(text: string): { name: string; type: string; help: string }[] {
  const help = new Map([...text.matchAll(/^# HELP (\S+) (.*)$/gm)].map((match) => [match[1]!, match[2]!]));
  return [...text.matchAll(/^# TYPE (\S+) (\w+)$/gm)].map((match) => ({
    name: match[1]!,
    type: match[2]!,
    help: help.get(match[1]!) ?? "",
  }));
}

describe("RED metrics and access log", () => {
  it("counts a mixed run per method, route template and status exactly as the client saw it", async () => {
    const before = histogramCounts(await metricsText());
    const shapes = [
      { method: "GET", path: "/transactions?q=123.456.789-09", route: "/transactions", status: 200 },
      { method: "GET", path: "/pay/tok_secret_abc?status=404", route: "/pay/[token]", status: 404 },
      { method: "POST", path: "/api/v1/charges/5f0c?status=201", route: "/api/v1/charges/[id]", status: 201 },
      { method: "DELETE", path: "/api/v1/charges/5f0c?status=405", route: "/api/v1/charges/[id]", status: 405 },
      { method: "GET", path: "/api/health?status=503", route: "/api/health", status: 503 },
      { method: "GET", path: "/no/such/page?status=404", route: "unmatched", status: 404 },
      { method: "GET", path: "/_next/static/chunks/abc.js", route: "/_next/static", status: 200 },
    ];
    const expected = new Map<string, number>();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const send = (shape: (typeof shapes)[number]) =>
      new Promise<number>((resolve, reject) => {
        const call = http.request(`${origin}${shape.path}`, { method: shape.method, agent }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        call.on("error", reject);
        call.end();
      });
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 100 }, async (_, index) => {
          const shape = shapes[(index * 7 + round) % shapes.length]!;
          const status = await send(shape);
          const key = `${shape.method} ${shape.route} ${status}`;
          expected.set(key, (expected.get(key) ?? 0) + 1);
        }),
      );
    }
    agent.destroy();
    // The close event that records a request follows the client's end by a tick.
    await vi.waitFor(() => expect(logged.length).toBeGreaterThanOrEqual(1000));
    const after = histogramCounts(await metricsText());
    const observed = new Map(
      [...after].map(([key, count]): [string, number] => [key, count - (before.get(key) ?? 0)]).filter(([, count]) => count !== 0),
    );
    expect(Object.fromEntries(observed)).toEqual(Object.fromEntries(expected));
    expect([...expected.values()].reduce((sum, count) => sum + count, 0)).toBe(1000);
  });

  it("writes one access line per request with the template, never the token or the query", () => {
    expect(logged.length).toBe(1000);
    const text = JSON.stringify(logged);
    expect(text).not.toContain("tok_secret_abc");
    expect(text).not.toContain("123.456.789-09");
    expect(logged).toContainEqual(
      expect.objectContaining({ method: "POST", route: "/api/v1/charges/[id]", status: 201, actorKind: "api_key", actorId: "key-1" }),
    );
    for (const line of logged) expect(typeof line.durationMs).toBe("number");
  });

  it("names every metric family by Prometheus' conventions", async () => {
    const found = families(await metricsText());
    const wrong = found.flatMap((family) => {
      const problems: string[] = [];
      if (family.type === "counter" && !family.name.endsWith("_total")) problems.push(`${family.name}: a counter without _total`);
      if (family.type !== "counter" && family.name.endsWith("_total")) problems.push(`${family.name}: a ${family.type} ending in _total`);
      if (!/^[a-z_][a-z0-9_]*$/.test(family.name)) problems.push(`${family.name}: not snake case`);
      if (!family.help) problems.push(`${family.name}: no help`);
      if (/_(ms|milliseconds)$/.test(family.name)) problems.push(`${family.name}: not in base units`);
      return problems;
    });
    expect(wrong).toEqual([]);
    expect(found.map((family) => family.name)).toEqual(
      expect.arrayContaining(["nodejs_active_handles", "wallet_dashboard_http_request_duration_seconds"]),
    );
  });
});
