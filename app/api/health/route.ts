// Liveness and dependency check: is the database answering, and is the wallet API reachable?
// Both checks are cached for a few seconds and shared by concurrent callers (lib/wallet/health.ts):
// a poller never queues behind the callback receiver on the single embedded connection, and the
// wallet is called at most once per few seconds. `checkedAgoMs` says how old each answer is.
import { NextResponse } from "next/server";
import type { DatabaseConnection } from "@/lib/db/client";
import {
  cachedWalletReachability,
  type CachedResult,
  createCachedCheck,
  healthCheckFreshMs,
  healthCheckStaleMs,
} from "@/lib/wallet/health";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

type DatabaseHealth = { ok: boolean; kind: string; error?: string };
const globalForHealth = globalThis as unknown as {
  databaseHealthCheck?: { connection: DatabaseConnection; check: () => Promise<CachedResult<DatabaseHealth>> };
};

function cachedDatabasePing(connection: DatabaseConnection): Promise<CachedResult<DatabaseHealth>> {
  if (globalForHealth.databaseHealthCheck?.connection !== connection) {
    const check = createCachedCheck(
      () =>
        connection
          .ping()
          .then((): DatabaseHealth => ({ ok: true, kind: connection.kind }))
          .catch((): DatabaseHealth => ({ ok: false, kind: connection.kind, error: "The database did not answer." })),
      { freshMs: healthCheckFreshMs, staleMs: healthCheckStaleMs },
    );
    globalForHealth.databaseHealthCheck = { connection, check };
  }
  return globalForHealth.databaseHealthCheck.check();
}

/** How long a caller waits for a check that has no recent answer: past it, the part is reported degraded. */
const checkDeadlineMs = 1_500;
const slowAnswer = (part: string) => `The ${part} did not answer within ${checkDeadlineMs / 1000} s.`;

/** The check's answer, or (once the deadline passes) `late` — the check carries on and fills the cache. */
function withinDeadline<T>(check: Promise<CachedResult<T>>, late: T): Promise<CachedResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<CachedResult<T>>((resolve) => {
    timer = setTimeout(() => resolve({ value: late, checkedAt: Date.now() }), checkDeadlineMs);
  });
  return Promise.race([check, deadline]).finally(() => clearTimeout(timer));
}

export async function GET() {
  const started = Date.now();
  let database: { ok: boolean; kind?: string; error?: string; checkedAgoMs?: number };
  let wallet: { ok: boolean; sandbox?: boolean; error?: string; checkedAgoMs?: number };
  try {
    const { connection, config } = await getRuntime();
    const [databaseCheck, walletCheck] = await Promise.all([
      withinDeadline(cachedDatabasePing(connection), { ok: false, kind: connection.kind, error: slowAnswer("database") }),
      withinDeadline(cachedWalletReachability(), {
        ok: false,
        reachable: true,
        kind: "timeout",
        error: slowAnswer("wallet"),
        latencyMs: checkDeadlineMs,
      }),
    ]);
    const now = Date.now();
    database = { ...databaseCheck.value, checkedAgoMs: now - databaseCheck.checkedAt };
    const reachability = walletCheck.value;
    wallet = {
      ok: reachability.ok,
      sandbox: config.wallet.isSandbox,
      ...(reachability.ok ? {} : { error: reachability.error }),
      checkedAgoMs: now - walletCheck.checkedAt,
    };
  } catch {
    database = { ok: false, error: "The server could not start its database connection." };
    wallet = { ok: false, error: "Not checked: the server is not started." };
  }
  const ok = database.ok && wallet.ok;
  return NextResponse.json(
    { status: ok ? "ok" : "degraded", database, wallet, checkedInMs: Date.now() - started },
    { status: ok ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
