// What the scale-out config, the cluster process (cluster.ts) and the specs share: where
// PostgreSQL is, which ports, and the cluster's own facts (written by cluster.ts once it is up).
import { readFileSync } from "node:fs";
import path from "node:path";

export type ClusterInfo = {
  proxyUrl: string;
  instanceUrls: string[];
  controlUrl: string;
  databaseUrl: string;
  /** The tests post callbacks to per-transaction URLs, as the wallet would: they need the URL key. */
  callbackSecret: string;
  walletToken: string;
};

/** forced: it had not exited SHUTDOWN_TIMEOUT_MS + 15 s after the SIGTERM, and the cluster killed it. */
export type TerminatedInstance = { exitCode: number | null; signal: string | null; seconds: number; forced: boolean; timeoutMs: number };
export type ServedRequest = { method: string; path: string; instance: number; status: number; nextAction?: string };

export function scaleOutSettings() {
  const serverUrl = process.env.SCALE_OUT_DATABASE_URL || process.env.TEST_DATABASE_URL || "";
  const port = Number(process.env.SCALE_OUT_PORT ?? 3400);
  return { serverUrl, port };
}

export const skipReason =
  "Scale-out tests need PostgreSQL: set TEST_DATABASE_URL (CI does, see .ci/run) or SCALE_OUT_DATABASE_URL to a server whose user may create databases.";

export function clusterInfo(): ClusterInfo {
  const file = path.resolve(`.data-scale-out-${scaleOutSettings().port}`, "cluster.json");
  return JSON.parse(readFileSync(file, "utf8")) as ClusterInfo;
}

async function control<T>(method: "GET" | "POST", route: string): Promise<T> {
  const response = await fetch(`${clusterInfo().controlUrl}${route}`, { method });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`cluster control ${route}: ${body.error ?? response.status}`);
  return body;
}

export const cluster = {
  kill: (instance: number) => control("POST", `/instances/${instance}/kill`),
  /** SIGTERM, as an orchestrator stops a container: how the instance exited and how long it took. */
  terminate: (instance: number) => control<TerminatedInstance>("POST", `/instances/${instance}/terminate`),
  start: (instance: number) => control("POST", `/instances/${instance}/start`),
  startAll: () => control("POST", "/instances/start-all"),
  servedCount: async () => (await control<{ count: number }>("GET", "/served/count")).count,
  /** Requests the proxy passed on since the given count, with the instance that answered each. */
  servedSince: (from: number) => control<ServedRequest[]>("GET", `/served?from=${from}`),
};
