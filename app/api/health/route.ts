// Liveness and dependency check: is the database answering, and is the wallet API reachable?
import { NextResponse } from "next/server";
import { checkWalletReachable } from "@/lib/wallet/health";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function GET() {
  const started = Date.now();
  let database: { ok: boolean; kind?: string; error?: string };
  let wallet: { ok: boolean; sandbox?: boolean; error?: string };
  try {
    const { connection, config } = await getRuntime();
    database = await connection
      .ping()
      .then(() => ({ ok: true, kind: connection.kind }))
      .catch(() => ({ ok: false, kind: connection.kind, error: "The database did not answer." }));
    const reachability = await checkWalletReachable();
    wallet = { ok: reachability.ok, sandbox: config.wallet.isSandbox, ...(reachability.ok ? {} : { error: reachability.error }) };
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
