// A statement's figures straight from the ledger rows (transactions), never from a summary table:
// the lines of a period in keyset batches (so a month of 100,000 rows streams in bounded memory),
// the totals by one grouped query, a closed day's frozen entries, the changes to closed days not yet
// taken into a statement (adjustments), and closing a day.
import { and, asc, desc, eq, gt, gte, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { closedDayEntries, closedDays, transactions } from "../schema";
import { maskPixKey } from "../../vocabulary/personal-data-masks";
import { taxToCents, type WalletTaxUnit } from "../../vocabulary/wallet-tax";
import { nextCalendarDay, saoPauloDayOf, saoPauloDayRange, saoPauloDayStart, saoPauloMonthRange } from "../../vocabulary/sao-paulo-dates";
import {
  addToTotals,
  emptyTotals,
  netEffect,
  type StatementAdjustment,
  type StatementLine,
  type StatementPeriod,
  type StatementState,
  type StatementTotals,
} from "../../vocabulary/statement";

type Range = { start: Date; end: Date };

/** The instants a period covers: a São Paulo day, or a calendar month from its first São Paulo midnight. */
export function periodRange(period: StatementPeriod): Range {
  return period.kind === "day" ? saoPauloDayRange(period.day) : saoPauloMonthRange(period.month);
}

const lineColumns = {
  id: transactions.id,
  walletTransactionId: transactions.walletTransactionId,
  createdAt: transactions.createdAt,
  kind: transactions.kind,
  creationState: transactions.creationState,
  status: transactions.status,
  amountCents: transactions.amountCents,
  tax: transactions.tax,
  payerName: transactions.payerName,
  pixKeyType: transactions.pixKeyType,
  pixKey: transactions.pixKey,
  externalReference: transactions.externalReference,
};
type LineRow = {
  id: string;
  walletTransactionId: string | null;
  createdAt: Date;
  kind: "CASH_IN" | "CASH_OUT";
  creationState: string;
  status: string | null;
  amountCents: number;
  tax: string | null;
  payerName: string | null;
  pixKeyType: "EMAIL" | "PHONE" | "DOCUMENT" | "RANDOM" | null;
  pixKey: string | null;
  externalReference: string | null;
};

/** How the statement groups a ledger row. */
export function statementStateOf(row: { creationState: string; status: string | null }): StatementState {
  if (row.creationState === "rejected") return "REJECTED";
  if (row.creationState === "outcome_unknown" || !row.status) return "UNKNOWN";
  return row.status === "SUCCEED" ? "SETTLED" : (row.status as StatementState);
}

/**
 * The wallet's tax in cents under WALLET_TAX_UNIT (lib/vocabulary/wallet-tax.ts), the rule the
 * Overview sums it by too (lib/db/queries/overview-charts.ts), so both agree; 0 when there is none
 * or its unit is not stated. Only settled transactions carry a fee into the totals.
 */
export function feeCentsOf(tax: string | null, unit: WalletTaxUnit): number {
  return taxToCents(tax, unit) ?? 0;
}

/** The same rule in SQL, summed exactly (numeric) and rounded per row as taxToCents rounds. */
function feeCentsSum(unit: WalletTaxUnit) {
  if (unit === "unknown") return sql<string>`0`;
  return unit === "reais"
    ? sql<string>`coalesce(sum(round(${transactions.tax} * 100)), 0)`
    : sql<string>`coalesce(sum(round(${transactions.tax})), 0)`;
}

function toLine(row: LineRow, unit: WalletTaxUnit): StatementLine {
  const state = statementStateOf(row);
  const unstated = state === "SETTLED" && row.tax !== null && unit === "unknown";
  return {
    ...(unstated ? { feeStated: false } : {}),
    transactionId: row.id,
    walletTransactionId: row.walletTransactionId,
    createdAt: row.createdAt,
    kind: row.kind,
    state,
    amountCents: row.amountCents,
    feeCents: state === "SETTLED" ? feeCentsOf(row.tax, unit) : 0,
    counterparty:
      row.kind === "CASH_IN" ? (row.payerName ?? "") : row.pixKeyType && row.pixKey ? maskPixKey(row.pixKeyType, row.pixKey) : "",
    reference: row.externalReference,
  };
}

const inRange = (range: Range) =>
  and(gte(transactions.createdAt, range.start), lt(transactions.createdAt, range.end), ne(transactions.creationState, "creating"));

/** Every line of a range, oldest first, `batchSize` rows per query (keyset on created_at, id). */
export async function* ledgerLineBatches(
  db: Database,
  range: Range,
  unit: WalletTaxUnit,
  batchSize = 2_000,
): AsyncGenerator<StatementLine[]> {
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows: LineRow[] = await db
      .select(lineColumns)
      .from(transactions)
      .where(
        and(
          inRange(range),
          after
            ? or(
                gt(transactions.createdAt, after.createdAt),
                and(eq(transactions.createdAt, after.createdAt), gt(transactions.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(transactions.createdAt), asc(transactions.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => toLine(row, unit));
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < batchSize) return;
  }
}

/** A range's totals by one grouped query over the ledger rows. */
export async function ledgerTotals(db: Database, range: Range, unit: WalletTaxUnit): Promise<StatementTotals> {
  const groups = await db
    .select({
      kind: transactions.kind,
      creationState: transactions.creationState,
      status: transactions.status,
      count: sql<string>`count(*)`,
      amountCents: sql<string>`coalesce(sum(${transactions.amountCents}), 0)`,
      feeCents: feeCentsSum(unit),
      taxed: sql<string>`count(${transactions.tax})`,
    })
    .from(transactions)
    .where(inRange(range))
    .groupBy(transactions.kind, transactions.creationState, transactions.status);
  const totals = emptyTotals();
  for (const group of groups) {
    const state = statementStateOf(group);
    const count = Number(group.count);
    const amountCents = Number(group.amountCents);
    const feeCents = state === "SETTLED" ? Number(group.feeCents) : 0;
    if (state === "SETTLED") {
      if (unit === "unknown" && Number(group.taxed) > 0) totals.feesUnstated = true;
      const kind = group.kind === "CASH_IN" ? totals.cashIn : totals.cashOut;
      kind.count += count;
      kind.amountCents += amountCents;
      kind.feeCents += feeCents;
      totals.feeCents += feeCents;
      totals.netCents += (group.kind === "CASH_IN" ? amountCents : -amountCents) - feeCents;
    } else {
      totals.apart[state].count += count;
      totals.apart[state].amountCents += amountCents;
    }
  }
  return totals;
}

export async function findClosedDay(db: Database, day: string) {
  const [row] = await db.select().from(closedDays).where(eq(closedDays.day, day));
  return row;
}

/** Closed days in a range of days (for a month's calendar). */
export async function closedDaysBetween(db: Database, firstDay: string, lastDay: string): Promise<string[]> {
  const rows = await db
    .select({ day: closedDays.day })
    .from(closedDays)
    .where(and(gte(closedDays.day, firstDay), lt(closedDays.day, nextCalendarDay(lastDay))))
    .orderBy(asc(closedDays.day));
  return rows.map((row) => row.day);
}

/** A closed day's frozen lines (its own transactions as they were at closing), in batches. */
export async function* closedDayLineBatches(db: Database, day: string, adjustment: boolean, batchSize = 2_000) {
  // The fee frozen at closing (fee_cents) replaces the live one: the unit here only fills the shape.
  let afterId: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        ...lineColumns,
        state: closedDayEntries.state,
        entryAmount: closedDayEntries.amountCents,
        fee: closedDayEntries.feeCents,
        originalDay: closedDayEntries.originalDay,
      })
      .from(closedDayEntries)
      .innerJoin(transactions, eq(transactions.id, closedDayEntries.transactionId))
      .where(
        and(
          eq(closedDayEntries.day, day),
          eq(closedDayEntries.adjustment, adjustment),
          afterId ? gt(closedDayEntries.transactionId, afterId) : undefined,
        ),
      )
      .orderBy(asc(closedDayEntries.transactionId))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      ...toLine(row, "cents"),
      state: row.state as StatementState,
      amountCents: row.entryAmount,
      feeCents: row.fee,
      originalDay: row.originalDay,
    }));
    afterId = rows[rows.length - 1]!.id;
    if (rows.length < batchSize) return;
  }
}

/** Recorded adjustments of a closed day, with the state each replaced. */
export async function recordedAdjustments(db: Database, day: string): Promise<StatementAdjustment[]> {
  const adjustments: StatementAdjustment[] = [];
  for await (const batch of closedDayLineBatches(db, day, true)) {
    for (const line of batch) {
      const previous = await previousEntry(db, line.transactionId, day);
      const before = previous ?? { state: "UNKNOWN" as StatementState, amountCents: line.amountCents, feeCents: 0 };
      adjustments.push({ ...line, previousState: before.state, netCents: netEffect(line) - netEffect({ kind: line.kind, ...before }) });
    }
  }
  return adjustments;
}

async function previousEntry(db: Database, transactionId: string, beforeDay: string) {
  const [row] = await db
    .select({ state: closedDayEntries.state, amountCents: closedDayEntries.amountCents, feeCents: closedDayEntries.feeCents })
    .from(closedDayEntries)
    .where(and(eq(closedDayEntries.transactionId, transactionId), lt(closedDayEntries.day, beforeDay)))
    .orderBy(desc(closedDayEntries.day))
    .limit(1);
  return row ? { ...row, state: row.state as StatementState } : undefined;
}

/** The run of consecutive closed days just before `day` (latest last): their changes belong to `day`'s statement. */
async function closedRunBefore(db: Database, day: string): Promise<string[]> {
  const closed = await db.select({ day: closedDays.day }).from(closedDays).where(lt(closedDays.day, day)).orderBy(desc(closedDays.day));
  const run: string[] = [];
  let expected = day;
  for (const { day: closedDay } of closed) {
    if (nextCalendarDay(closedDay) !== expected) break;
    run.unshift(closedDay);
    expected = closedDay;
  }
  return run;
}

/**
 * Changes to closed days' transactions not yet taken into any statement: for an open day, those of
 * the closed days just before it (the changes "appear on the next open day"). A transaction whose
 * state, amount or fee now differs from what the latest closing recorded is one adjustment.
 */
export async function pendingAdjustments(db: Database, day: string, unit: WalletTaxUnit): Promise<StatementAdjustment[]> {
  const run = await closedRunBefore(db, day);
  if (run.length === 0) return [];
  const range = { start: saoPauloDayStart(run[0]!), end: saoPauloDayStart(day) };
  const adjustments: StatementAdjustment[] = [];
  for await (const batch of ledgerLineBatches(db, range, unit)) {
    const recorded = await db
      .select({
        transactionId: closedDayEntries.transactionId,
        day: closedDayEntries.day,
        originalDay: closedDayEntries.originalDay,
        state: closedDayEntries.state,
        amountCents: closedDayEntries.amountCents,
        feeCents: closedDayEntries.feeCents,
      })
      .from(closedDayEntries)
      .where(
        sql`${closedDayEntries.transactionId} in (${sql.join(
          batch.map((line) => sql`${line.transactionId}::uuid`),
          sql`, `,
        )})`,
      );
    const latest = new Map<string, (typeof recorded)[number]>();
    for (const entry of recorded) {
      const known = latest.get(entry.transactionId);
      if (!known || known.day < entry.day) latest.set(entry.transactionId, entry);
    }
    for (const line of batch) {
      const before = latest.get(line.transactionId);
      const previousState = (before?.state ?? "UNKNOWN") as StatementState;
      if (before && before.state === line.state && before.amountCents === line.amountCents && before.feeCents === line.feeCents) continue;
      const previous = {
        kind: line.kind,
        state: previousState,
        amountCents: before?.amountCents ?? line.amountCents,
        feeCents: before?.feeCents ?? 0,
      };
      adjustments.push({
        ...line,
        originalDay: before?.originalDay ?? saoPauloDayOf(line.createdAt),
        previousState,
        netCents: netEffect(line) - (before ? netEffect(previous) : 0),
      });
    }
  }
  return adjustments;
}

export class DayAlreadyClosedError extends Error {
  constructor(day: string) {
    super(`${day} is already closed`);
    this.name = "DayAlreadyClosedError";
  }
}

/**
 * Freezes a day: records every transaction of the day as it stands and the adjustments the day
 * takes in, with the totals, in one database transaction. A second close of the same day (another
 * operator, another instance) conflicts on the day's key and changes nothing.
 */
export async function closeDay(
  db: Database,
  day: string,
  actor: { id: string; email: string },
  unit: WalletTaxUnit,
): Promise<StatementTotals> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(closedDays)
      .values({ day, closedByUserId: actor.id, closedByEmail: actor.email, totals: emptyTotals() })
      .onConflictDoNothing()
      .returning({ day: closedDays.day });
    if (inserted.length === 0) throw new DayAlreadyClosedError(day);
    const reader = tx as unknown as Database;
    const adjustments = await pendingAdjustments(reader, day, unit);
    const totals = emptyTotals();
    for await (const batch of ledgerLineBatches(reader, saoPauloDayRange(day), unit)) {
      for (const line of batch) addToTotals(totals, line);
      await tx.insert(closedDayEntries).values(
        batch.map((line) => ({
          day,
          transactionId: line.transactionId,
          originalDay: day,
          state: line.state,
          amountCents: line.amountCents,
          feeCents: line.feeCents,
        })),
      );
    }
    if (adjustments.length) {
      await tx.insert(closedDayEntries).values(
        adjustments.map((line) => ({
          day,
          transactionId: line.transactionId,
          originalDay: line.originalDay,
          adjustment: true,
          state: line.state,
          amountCents: line.amountCents,
          feeCents: line.feeCents,
        })),
      );
      totals.adjustments = { count: adjustments.length, netCents: adjustments.reduce((sum, line) => sum + line.netCents, 0) };
    }
    await tx.update(closedDays).set({ totals }).where(eq(closedDays.day, day));
    return totals;
  });
}
