// Today's cash-out totals against the daily limits, for one operator, one store or the whole
// merchant, on a São Paulo calendar day. Also read by the alerts issue's "daily limit nearly reached" rule.
import { and, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { cashOutDayTotals, cashOutRequestItems, cashOutRequests } from "@/lib/db/schema";
import { saoPauloDayOf } from "@/lib/vocabulary/sao-paulo-dates";
import type { DailyTotals } from "@/lib/vocabulary/daily-totals";

type Reader = Pick<Database, "select">;

export async function getDailyTotals(
  db: Reader,
  {
    day = saoPauloDayOf(new Date()),
    operatorId,
    storeId,
    now = new Date(),
  }: { day?: string; operatorId?: string; storeId?: string; now?: Date } = {},
): Promise<DailyTotals> {
  // What was sent that day: the day's sums the ledger's triggers keep (migration 0051), a few rows
  // per store and operator, rather than every cash-out of the day (issue #52, stop 60).
  const sent = db
    .select({ cents: sql<string>`coalesce(sum(${cashOutDayTotals.amountCents}), 0)` })
    .from(cashOutDayTotals)
    .where(
      and(
        eq(cashOutDayTotals.day, day),
        operatorId ? eq(cashOutDayTotals.operatorId, operatorId) : undefined,
        storeId ? eq(cashOutDayTotals.storeId, storeId) : undefined,
      ),
    );

  // One statement: the requests' unsent items, approved and awaiting (not yet expired), each a
  // filtered sum over the same rows, and what was sent as a subquery.
  const awaitingNow = and(eq(cashOutRequests.state, "awaiting_approval"), gt(cashOutRequests.expiresAt, now));
  const [totals] = await db
    .select({
      sentCents: sql<number>`coalesce((${sent}), 0)`.mapWith(Number),
      approvedUnsentCents:
        sql<number>`coalesce(sum(${cashOutRequestItems.amountCents}) filter (where ${eq(cashOutRequests.state, "approved")}), 0)`.mapWith(
          Number,
        ),
      awaitingApprovalCents: sql<number>`coalesce(sum(${cashOutRequestItems.amountCents}) filter (where ${awaitingNow}), 0)`.mapWith(
        Number,
      ),
    })
    .from(cashOutRequestItems)
    .innerJoin(cashOutRequests, eq(cashOutRequestItems.requestId, cashOutRequests.id))
    .where(
      and(
        isNull(cashOutRequestItems.transactionId),
        inArray(cashOutRequests.state, ["approved", "awaiting_approval"]),
        operatorId ? eq(cashOutRequests.requestedByUserId, operatorId) : undefined,
        storeId ? eq(cashOutRequests.storeId, storeId) : undefined,
      ),
    );
  return {
    day,
    sentCents: totals?.sentCents ?? 0,
    approvedUnsentCents: totals?.approvedUnsentCents ?? 0,
    awaitingApprovalCents: totals?.awaitingApprovalCents ?? 0,
  };
}

/**
 * Operators who sent a cash-out that day or have one asked for and not sent: the only ones with
 * usage to check (the alert job's "daily limit nearly reached"). The senders come from the day's
 * sums (migration 0051), not from every cash-out of the day, each with the e-mail its cash-outs
 * recorded.
 */
export async function operatorsWithCashOutsOn(
  db: Pick<Database, "selectDistinct">,
  day: string,
): Promise<Array<{ id: string; email: string }>> {
  const senders = await db
    .selectDistinct({ id: cashOutDayTotals.operatorId, email: cashOutDayTotals.operatorEmail })
    .from(cashOutDayTotals)
    .where(and(eq(cashOutDayTotals.day, day), isNotNull(cashOutDayTotals.operatorId)));
  // Requests with items still to send (from the unsent items' index), not every request ever approved.
  const requesters = await db
    .selectDistinct({ id: cashOutRequests.requestedByUserId, email: cashOutRequests.requestedByEmail })
    .from(cashOutRequestItems)
    .innerJoin(cashOutRequests, eq(cashOutRequestItems.requestId, cashOutRequests.id))
    .where(and(isNull(cashOutRequestItems.transactionId), inArray(cashOutRequests.state, ["awaiting_approval", "approved"])));
  const byId = new Map<string, string>();
  for (const row of [...senders, ...requesters]) if (row.id) byId.set(row.id, row.email ?? row.id);
  return [...byId].map(([id, email]) => ({ id, email }));
}
