// Readiness, for load balancers and Kubernetes: 200 when this instance accepts work — started (its
// database opened and migrations applied at start), the database answering (cached ping, as in
// /api/health), and not shutting down. 503 otherwise, at once on SIGTERM (the drain,
// lib/observability/shutdown.ts). The wallet is not checked: its outage must not take every
// instance out of rotation (see /api/health for its reachability).
import { NextResponse } from "next/server";
import { publicRoute } from "@/lib/http/public-route";
import { isDraining } from "@/lib/observability/lifecycle";
import { cachedDatabasePing, slowAnswer, withinDeadline } from "@/lib/server/health-checks";
import { getRuntime, type Runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

const headers = { "cache-control": "no-store" };
const notReady = (reason: string) => NextResponse.json({ status: "unavailable", reason }, { status: 503, headers });

export const GET = publicRoute({ name: "health.ready" }, async () => {
  if (isDraining()) return notReady("This instance is shutting down.");
  let runtime: Runtime;
  try {
    runtime = await withinStartDeadline(getRuntime());
  } catch {
    return notReady("The server has not started (database or migrations).");
  }
  const database = await withinDeadline(cachedDatabasePing(runtime.connection), {
    ok: false,
    kind: runtime.connection.kind,
    error: slowAnswer("database"),
  });
  if (!database.value.ok) return notReady(database.value.error ?? "The database did not answer.");
  // Checked again: a shutdown may have begun while the database answered.
  if (isDraining()) return notReady("This instance is shutting down.");
  return NextResponse.json({ status: "ok" }, { headers });
});

/** A server still starting (migrations) is simply not ready yet: never keep the probe waiting for it. */
function withinStartDeadline<T>(starting: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("still starting")), 1_000);
  });
  return Promise.race([starting, late]).finally(() => clearTimeout(timer));
}
