// Delivery health for the Overview: when the last callback came, how many arrive per hour, and the
// counts that need someone (pending charges past expiry, deliveries not applied, quarantined bodies,
// cash-outs with unknown outcome). Each count reads a small indexed range, never the whole table.
import { and, count, eq, gte, max, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { expiredPendingCashIn } from "@/lib/db/queries/ledger";
import { callbackDeliveries, callbackQuarantine } from "@/lib/db/schema/callbacks";
import { transactions } from "@/lib/db/schema/transactions";
import { type DeliveryHealth, healthWindowDays, type NotAppliedOutcome, notAppliedOutcomes } from "@/lib/vocabulary/delivery-health";

/**
 * The panel's figures in one statement (one round trip on the page and on each poll of
 * app/api/overview/health): each figure a scalar subquery on its own index, as they were when
 * they were seven statements.
 */
export async function loadDeliveryHealth(db: Database, now: Date = new Date()): Promise<DeliveryHealth> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const windowStart = new Date(now.getTime() - healthWindowDays * 86_400_000);
  const received = (since: Date) => db.select({ n: count() }).from(callbackDeliveries).where(gte(callbackDeliveries.receivedAt, since));
  const notAppliedCount = (outcome: NotAppliedOutcome) =>
    db
      .select({ n: count() })
      .from(callbackDeliveries)
      .where(and(eq(callbackDeliveries.outcome, outcome), gte(callbackDeliveries.receivedAt, windowStart)));
  const figures = {
    last: db.select({ at: max(callbackDeliveries.receivedAt) }).from(callbackDeliveries),
    lastHour: received(hourAgo),
    lastDay: received(dayAgo),
    // The ledger's `expired` filter, so the count is what the panel's link lists.
    pastExpiry: db.select({ n: count() }).from(transactions).where(expiredPendingCashIn(now)),
    ...(Object.fromEntries(notAppliedOutcomes.map((outcome) => [outcome, notAppliedCount(outcome)])) as Record<
      NotAppliedOutcome,
      ReturnType<typeof notAppliedCount>
    >),
    quarantined: db.select({ n: count() }).from(callbackQuarantine).where(gte(callbackQuarantine.receivedAt, windowStart)),
    unknownCashOuts: db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.creationState, "outcome_unknown"), eq(transactions.kind, "CASH_OUT"))),
  };
  const columns = sql.join(
    Object.entries(figures).map(([name, query]) => sql`(${query}) as ${sql.identifier(name)}`),
    sql`, `,
  );
  const result = (await db.execute(sql`select ${columns}`)) as unknown as { rows: Array<Record<keyof typeof figures, unknown>> };
  const row = result.rows[0]!;
  const counted = (name: Exclude<keyof typeof figures, "last">) => Number(row[name] ?? 0);
  return {
    lastCallbackAt: row.last == null ? null : new Date(row.last as string | Date),
    callbacksLastHour: counted("lastHour"),
    callbacksLast24Hours: counted("lastDay"),
    pendingChargesPastExpiry: counted("pastExpiry"),
    notApplied: Object.fromEntries(notAppliedOutcomes.map((outcome) => [outcome, counted(outcome)])) as Record<NotAppliedOutcome, number>,
    quarantined: counted("quarantined"),
    cashOutsOutcomeUnknown: counted("unknownCashOuts"),
    windowStart,
  };
}
