// The detailed health report, for people and monitors: the database and the wallet API, each
// checked at most once per few seconds and shared by concurrent callers (lib/server/health-checks.ts,
// lib/wallet/health.ts); `checkedAgoMs` says how old each answer is. The wallet's reachability is
// reported, never a reason for 503: the ledger, approvals and callbacks work without it, and in the
// embedded setup the wallet is reached through the load balancer, possibly on a dead peer. 503 means
// this instance cannot serve: its database does not answer, or it is shutting down. Probes:
// /api/health/live and /api/health/ready (docs/observability.md).
import { NextResponse } from "next/server";
import { publicRoute } from "@/lib/http/public-route";
import { isDraining } from "@/lib/observability/lifecycle";
import { cachedDatabasePing, checkDeadlineMs, slowAnswer, withinDeadline } from "@/lib/server/health-checks";
import { getRuntime } from "@/lib/server/runtime";
import { cachedWalletReachability } from "@/lib/wallet/health";

export const dynamic = "force-dynamic";

export const GET = publicRoute({ name: "health" }, async () => {
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
  const draining = isDraining();
  const serving = database.ok && !draining;
  // "degraded": serving, but the wallet does not answer (creations and wallet reads fail meanwhile).
  const status = !serving ? "unavailable" : wallet.ok ? "ok" : "degraded";
  return NextResponse.json(
    { status, draining, database, wallet, checkedInMs: Date.now() - started },
    { status: serving ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
});
