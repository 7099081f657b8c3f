// Today's cash-out totals against the daily limits, for one operator, one store or the whole
// merchant, on a São Paulo calendar day. Also read by the alerts issue's "daily limit nearly reached" rule.
import { and, eq, gt, gte, inArray, isNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { cashOutRequestItems, cashOutRequests, transactions } from "@/lib/db/schema";
import { saoPauloDayOf, saoPauloDayRange } from "@/lib/vocabulary/sao-paulo-dates";
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
  const { start, end } = saoPauloDayRange(day);
  const sum = (column: typeof transactions.amountCents | typeof cashOutRequestItems.amountCents) =>
    sql<string>`coalesce(sum(${column}), 0)`.mapWith(Number);

  const sent = db
    .select({ cents: sum(transactions.amountCents) })
    .from(transactions)
    .where(
      and(
        eq(transactions.kind, "CASH_OUT"),
        gte(transactions.createdAt, start),
        lt(transactions.createdAt, end),
        ne(transactions.creationState, "rejected"),
        or(isNull(transactions.status), notInArray(transactions.status, ["FAILED", "CANCELED"])),
        operatorId ? eq(transactions.createdByUserId, operatorId) : undefined,
        storeId ? eq(transactions.storeId, storeId) : undefined,
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
