// What every HTTP request leaves behind once it has answered (installed by lib/observability/http-hooks.ts):
// a RED observation (rate, errors, duration) by method, route template and status in the
// Prometheus histogram, and one access-log line (method, route template, status, duration,
// request id, and the operator's or API key's id when a wrapper checked one). Never a body, a query
// string, a path parameter or a header: the route template stands for the path, so no token of a
// payer page or a callback URL, and no document in a search, reaches a metric label or a log line.
import { readFileSync } from "node:fs";
import path from "node:path";
import { logger } from "@/lib/logger";
import { observeHttpRequest } from "@/lib/observability/metrics";
import type { RequestActor } from "@/lib/observability/request-id";

type ManifestRoute = { page: string; regex: string };
type RouteTable = { exact: Map<string, string>; dynamic: { page: string; pattern: RegExp }[] };

const globalForRoutes = globalThis as unknown as { walletDashboardRouteTable?: RouteTable | null };

/** The build's routes (routes-manifest.json in the dist directory), read once; null without a build (tests, dev). */
function routeTable(): RouteTable | null {
  if (globalForRoutes.walletDashboardRouteTable !== undefined) return globalForRoutes.walletDashboardRouteTable;
  let table: RouteTable | null = null;
  try {
    const file = path.join(/* turbopackIgnore: true */ process.cwd(), process.env.NEXT_DIST_DIR || ".next", "routes-manifest.json");
    table = routeTableOf(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    table = null;
  }
  globalForRoutes.walletDashboardRouteTable = table;
  return table;
}

/** The lookup table of a routes manifest (`staticRoutes` by path, `dynamicRoutes` by their regex, in Next's order). */
export function routeTableOf(manifest: { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] }): RouteTable {
  return {
    exact: new Map((manifest.staticRoutes ?? []).map((route) => [route.page, route.page])),
    dynamic: (manifest.dynamicRoutes ?? []).map((route) => ({ page: route.page, pattern: new RegExp(route.regex) })),
  };
}

/**
 * The route template a path is served by ("/pay/[token]", "/api/v1/charges/[id]"): a bounded set, fit
 * for a metric label. Build assets are one template each; a path no route matches is "unmatched".
 */
export function routeTemplateOf(pathname: string, table: RouteTable | null = routeTable()): string {
  if (pathname.startsWith("/_next/static/")) return "/_next/static";
  if (pathname.startsWith("/_next/image")) return "/_next/image";
  if (pathname.startsWith("/_next/")) return "/_next";
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (!table) return "unmatched";
  const exact = table.exact.get(trimmed);
  if (exact) return exact;
  for (const route of table.dynamic) if (route.pattern.test(trimmed)) return route.page;
  // Public files (icons, manifest) are served from /public under their own names.
  if (/^\/[\w.-]+\.(png|ico|svg|webmanifest|txt|xml)$/.test(trimmed)) return "/public";
  return "unmatched";
}

export type FinishedRequest = {
  method: string;
  url: string;
  status: number;
  durationMs: number;
  requestId: string;
  actor?: RequestActor;
  /** A server action (a POST to a page with its Next-Action header). */
  serverAction: boolean;
  /** The client went away before the answer was complete. */
  aborted: boolean;
};

const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The access-log level: ACCESS_LOG_LEVEL (`info` by default, `debug` to keep it below the usual level, `off`). */
function accessLogLevel(): "info" | "debug" | "off" {
  const level = process.env.ACCESS_LOG_LEVEL;
  return level === "debug" || level === "off" ? level : "info";
}

/** Records a finished request: its metric observation and its access-log line. */
export function recordFinishedRequest(request: FinishedRequest): void {
  const pathname = (() => {
    try {
      return new URL(request.url, "http://local").pathname;
    } catch {
      return "/";
    }
  })();
  const route = routeTemplateOf(pathname);
  // A method nobody serves is one label, not one per spelling a scanner tries.
  const method = knownMethods.has(request.method) ? request.method : "OTHER";
  observeHttpRequest(method, route, request.status, request.durationMs);
  const level = accessLogLevel();
  if (level === "off") return;
  logger[level](
    {
      access: true,
      method,
      route,
      status: request.status,
      durationMs: Math.round(request.durationMs * 10) / 10,
      ...(request.serverAction ? { serverAction: true } : {}),
      ...(request.aborted ? { aborted: true } : {}),
      ...(request.actor ? { actorKind: request.actor.kind, actorId: request.actor.id } : {}),
    },
    "request",
  );
}
