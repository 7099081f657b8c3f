// The merchant API (/api/v1) served over real HTTP from its route modules, and a client for it that
// checks EVERY answer against the API's own OpenAPI document (test/support/api-conformance.ts):
// method, status, header fields and body; a path or method the document lacks must get its general
// 404 or 405. So the document cannot drift from what the code answers. The route modules are found
// by file (every app/api/v1/**/route.ts, as Next routes them), so a new route is served here, and
// walked against the document, without a line added to this file.
import { expect } from "vitest";
import { malformedPathResponse } from "@/lib/security/malformed-path";
import { assertValidOpenApi, conformanceChecker, documentedOperations } from "@/test/support/api-conformance";
import { type ServedHandler, serveFetchHandler } from "@/test/support/serve-fetch-handler";

type Handler = (request: Request, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;
type Route = { file: string; segments: string[]; catchAll: boolean; module: RouteModule };

declare global {
  interface ImportMeta {
    /** Vite's import of every module matching a pattern (resolved when Vitest transforms this file). */
    glob<T>(pattern: string, options: { eager: true }): Record<string, T>;
  }
}

const modules = import.meta.glob<RouteModule>("/app/api/v1/**/route.ts", { eager: true });

/** The route files as Next orders them: static segments before dynamic ones, catch-alls last. */
export const apiRoutes: Route[] = Object.entries(modules)
  .map(([file, module]) => {
    const segments = file
      .replace(/^\/app/, "")
      .replace(/\/route\.ts$/, "")
      .split("/");
    return { file, segments, catchAll: segments.some((segment) => /^\[\[?\.\.\./.test(segment)), module };
  })
  .sort((a, b) => Number(a.catchAll) - Number(b.catchAll) || dynamicCount(a) - dynamicCount(b));

function dynamicCount(route: Route): number {
  return route.segments.filter((segment) => segment.startsWith("[")).length;
}

/** Whether some route answers paths no other route does (the general 404 of /api/v1). */
export const hasCatchAllRoute = apiRoutes.some((route) => route.catchAll);

function match(route: Route, pathname: string): Record<string, string | string[]> | undefined {
  const parts = pathname.split("/");
  const params: Record<string, string | string[]> = {};
  for (const [index, segment] of route.segments.entries()) {
    // [...name] needs one segment or more; the optional [[...name]] also matches none.
    const catchAll = /^\[(\[)?\.\.\.(\w+)\]\]?$/.exec(segment);
    if (catchAll) {
      const optional = Boolean(catchAll[1]);
      if (parts.length <= index && !optional) return undefined;
      params[catchAll[2]!] = parts.slice(index).map(decodeURIComponent);
      return params;
    }
    const part = parts[index];
    if (segment === part) continue;
    if (part === undefined || part === "") return undefined;
    const dynamic = /^\[(\w+)\]$/.exec(segment);
    if (!dynamic) return undefined;
    params[dynamic[1]!] = decodeURIComponent(part);
  }
  return parts.length === route.segments.length ? params : undefined;
}

/**
 * Serves the /api/v1 route modules as Next would: the proxy's malformed-path answer first
 * (proxy.ts), then the route, with its params; a module without the method gets Next's own bare
 * 405, and a path no route matches Next's HTML not-found page.
 */
export function serveApi(): Promise<ServedHandler> {
  return serveFetchHandler(async (request) => {
    const malformed = malformedPathResponse(request);
    if (malformed) return malformed;
    const pathname = /^[a-z]+:\/\/[^/]*([^?#]*)/i.exec(request.url)?.[1] ?? "/";
    for (const route of apiRoutes) {
      const params = match(route, pathname);
      if (!params) continue;
      const handler = route.module[request.method];
      if (!handler) return new Response(null, { status: 405 });
      return handler(request, { params: Promise.resolve(params) });
    }
    return new Response("<!DOCTYPE html><html><body>404: This page could not be found.</body></html>", {
      status: 404,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  });
}

export type ApiAnswer = { status: number; headers: Headers; body: any };

/** A client that checks every answer against the document the server itself serves, and remembers what it reached. */
export async function apiClient(origin: string) {
  const document = (await (await fetch(`${origin}/api/v1/openapi.json`)).json()) as any;
  await assertValidOpenApi(document);
  const checker = conformanceChecker(document);
  /** "METHOD template status" of every answer checked so far. */
  const reached = new Set<string>();

  async function call(
    method: string,
    path: string,
    init: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.key) headers.authorization = `Bearer ${init.key}`;
    let body: string | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(`${origin}${path}`, { method, headers, body });
    const text = await response.text();
    const verdict = checker.check({ method, path, status: response.status, headers: response.headers, bodyText: text });
    reached.add(verdict.reached);
    expect(verdict.problems, `${method} ${path} answered ${response.status} ${text.slice(0, 300)}`).toEqual([]);
    const contentType = response.headers.get("content-type") ?? "";
    return { status: response.status, headers: response.headers, body: text && /json/.test(contentType) ? JSON.parse(text) : undefined };
  }
  return { document, call, reached, operations: documentedOperations(document) };
}
