// Liveness: the process answers HTTP. Checks nothing else (not the database, not the wallet), so a
// restart is only ever triggered by a process that cannot answer at all. Stays 200 while draining.
import { NextResponse } from "next/server";
import { publicRoute } from "@/lib/http/public-route";

export const dynamic = "force-dynamic";

export const GET = publicRoute({ name: "health.live" }, () =>
  NextResponse.json({ status: "ok" }, { headers: { "cache-control": "no-store" } }),
);
