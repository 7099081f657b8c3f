// Live status of the transactions shown on one page of the list (at most a page's worth), polled
// while any of them is pending. Signed-in operators only.
import { NextResponse } from "next/server";
import { z } from "zod";
import { getCurrentOperator } from "@/lib/auth/session";
import { findLedgerStatuses, ledgerPageSize } from "@/lib/db/queries/ledger";
import { getDb } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

const idsSchema = z
  .string({ error: "Give the transaction ids as ids=<id>,<id>." })
  .transform((text) =>
    text
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.uuid({ error: "Every id must be a transaction id (a UUID)." }))
      .min(1, { error: "Give at least one transaction id." })
      .max(ledgerPageSize, { error: `Ask for at most ${ledgerPageSize} transactions at once.` }),
  );

export async function GET(request: Request) {
  if (!(await getCurrentOperator())) return NextResponse.json({ error: "Sign in to see transactions." }, { status: 401 });
  const ids = idsSchema.safeParse(new URL(request.url).searchParams.get("ids") ?? undefined);
  if (!ids.success) return NextResponse.json({ error: ids.error.issues[0]?.message ?? "Invalid ids." }, { status: 400 });
  const statuses = await findLedgerStatuses(await getDb(), [...new Set(ids.data.map((id) => id.toLowerCase()))]);
  return NextResponse.json({ statuses }, { headers: { "cache-control": "no-store" } });
}
