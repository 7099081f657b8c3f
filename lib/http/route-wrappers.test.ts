// Every route handler under app/ goes through one of the wrappers (lib/http/route-brand.ts): each
// app/**/route.ts is found on disk and imported, and every HTTP method it exports must carry a
// wrapper's mark. A handler written by hand (`export async function GET`) fails here, whatever it
// answers: the wrappers own problem details, request ids and the error boundary. Routes under
// /api/v1 must also export every method, so that a wrong one answers 405 with Allow, not Next's
// empty 405 (lib/http/api-v1-methods.ts).
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { httpMethods } from "@/lib/http/api-v1-methods";
import { markRoute, routeWrapperKinds, routeWrapperOf } from "@/lib/http/route-brand";
import { sandboxRoute } from "@/lib/sandbox-wallet";

const appDirectory = path.resolve(import.meta.dirname, "../../app");

/** Every route file under app/, with its URL pattern (route groups left out). */
function routeFiles(directory = appDirectory, prefix = ""): { pattern: string; file: string }[] {
  const found: { pattern: string; file: string }[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const segment = /^\(.*\)$/.test(entry.name) ? "" : `/${entry.name}`;
      found.push(...routeFiles(path.join(directory, entry.name), `${prefix}${segment}`));
    } else if (/^route\.(ts|tsx|js|mjs)$/.test(entry.name)) found.push({ pattern: prefix || "/", file: path.join(directory, entry.name) });
  }
  return found.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

const routes = routeFiles();

describe("the route wrappers' mark", () => {
  it("tells a wrapped handler from a hand-written one", () => {
    expect(routeWrapperOf(async () => new Response(null))).toBeUndefined();
    expect(routeWrapperOf(markRoute("public", async () => new Response(null)))).toBe("public");
    expect(routeWrapperOf(undefined)).toBeUndefined();
    // The sandbox's own wrapper marks with the same global symbol without importing lib/http.
    expect(routeWrapperOf(sandboxRoute({ logger: { error: () => {} } }, async () => new Response(null)))).toBe("sandbox");
  });
});

describe("every route handler under app/", () => {
  it("finds the route files (the walk itself works)", () => {
    expect(routes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining([
        "/api/transactions/export",
        "/api/v1/charges",
        "/api/v1/[[...path]]",
        "/sandbox/[...path]",
        "/pay/[token]/status",
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(38);
  });

  it.each(routes)("$pattern exports only wrapped handlers", async ({ pattern, file }) => {
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    const exported = httpMethods.filter((method) => method in module);
    expect(exported.length, `${pattern} exports no HTTP method`).toBeGreaterThan(0);
    const unwrapped = exported.filter((method) => !routeWrapperOf(module[method]));
    expect(unwrapped, `${pattern}: handlers outside the wrappers of lib/http/`).toEqual([]);
    for (const method of exported) expect(routeWrapperKinds).toContain(routeWrapperOf(module[method]));
    if (pattern.startsWith("/api/v1/")) expect(exported, `${pattern} must export every method (apiV1Methods)`).toEqual([...httpMethods]);
  });
});
