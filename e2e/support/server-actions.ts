// Calls a server action over HTTP the way a script or an attacker could: by its id, outside the
// UI. Ids come from the production build's manifest.
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";

type ManifestEntry = { exportedName?: string; filename?: string; workers: Record<string, unknown> };

/** The action's id, and the path of a page that serves it (an action is reachable through the pages that use it). */
export function findAction(exportedName: string): { id: string; path: string } {
  const manifest = JSON.parse(readFileSync(`${process.env.NEXT_DIST_DIR || ".next"}/server/server-reference-manifest.json`, "utf8")) as {
    node: Record<string, ManifestEntry>;
  };
  const entry = Object.entries(manifest.node).find(([, value]) => value.exportedName === exportedName);
  if (!entry) throw new Error(`No server action named ${exportedName} in the build manifest`);
  const pages = Object.keys(entry[1].workers).filter((worker) => worker.endsWith("/page"));
  const page = pages.find((worker) => !worker.includes("[")) ?? pages[0];
  if (!page) throw new Error(`No page serves ${exportedName}`);
  // Dynamic segments get a placeholder: the action runs before the page would look it up.
  const path =
    page
      .replace(/^app/, "")
      .replace(/\/\([^)]+\)/g, "")
      .replace(/\/page$/, "")
      .replace(/\[[^\]]+\]/g, "00000000-0000-4000-8000-000000000000") || "/";
  return { id: entry[0], path };
}

/** Returns the raw response text (an RSC payload holding the action's result). */
export async function callServerAction(request: APIRequestContext, exportedName: string, args: unknown[]): Promise<string> {
  const baseUrl = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`;
  const action = findAction(exportedName);
  const response = await request.post(`${baseUrl}${action.path}`, {
    headers: { "Next-Action": action.id, "Content-Type": "text/plain;charset=UTF-8", Origin: baseUrl, Accept: "text/x-component" },
    data: JSON.stringify(args),
    maxRedirects: 0,
  });
  return response.text();
}
