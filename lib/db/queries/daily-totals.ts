// Today's cash-out totals against the daily limits, for one operator or the whole merchant, on a
// São Paulo calendar day. Also read by the alerts issue's "daily limit nearly reached" rule.
import { and, eq, gt, gte, inArray, isNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { cashOutRequestItems, cashOutRequests, transactions } from "@/lib/db/schema";
import { saoPauloDayOf, saoPauloDayRange } from "@/lib/vocabulary/sao-paulo-dates";
import type { DailyTotals } from "@/lib/vocabulary/daily-totals";

type Reader = Pick<Database, "select">;

export async function getDailyTotals(
  db: Reader,
  { day = saoPauloDayOf(new Date()), operatorId, now = new Date() }: { day?: string; operatorId?: string; now?: Date } = {},
): Promise<DailyTotals> {
  const { start, end } = saoPauloDayRange(day);
  const sum = (column: typeof transactions.amountCents | typeof cashOutRequestItems.amountCents) =>
    sql<string>`coalesce(sum(${column}), 0)`.mapWith(Number);

  const [sent] = await db
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
      ),
    );

  const pendingItems = (states: Array<"approved" | "awaiting_approval">) =>
    db
      .select({ cents: sum(cashOutRequestItems.amountCents) })
      .from(cashOutRequestItems)
      .innerJoin(cashOutRequests, eq(cashOutRequestItems.requestId, cashOutRequests.id))
      .where(
        and(
          isNull(cashOutRequestItems.transactionId),
          inArray(cashOutRequests.state, states),
          states.includes("awaiting_approval") ? gt(cashOutRequests.expiresAt, now) : undefined,
          operatorId ? eq(cashOutRequests.requestedByUserId, operatorId) : undefined,
        ),
      );
  const [approvedUnsent] = await pendingItems(["approved"]);
  const [awaiting] = await pendingItems(["awaiting_approval"]);
  return { day, sentCents: sent?.cents ?? 0, approvedUnsentCents: approvedUnsent?.cents ?? 0, awaitingApprovalCents: awaiting?.cents ?? 0 };
}
