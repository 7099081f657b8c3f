// Liveness: the process answers HTTP. Checks nothing else (not the database, not the wallet), so a
// restart is only ever triggered by a process that cannot answer at all. Stays 200 while draining.
import { NextResponse } from "next/server";

export const dynamic = "force-dynamic";

export function GET() {
  return NextResponse.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
