// A statement's figures straight from the ledger rows (transactions), never from a summary table:
// the lines of a period in keyset batches (so a month of 100,000 rows streams in bounded memory),
// the totals by one grouped query, a closed day's frozen entries, the changes to closed days not yet
// taken into a statement (adjustments), and closing a day.
import { and, asc, desc, eq, gt, gte, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { closedDayEntries, closedDays, settlementRollups, transactions } from "../schema";
import { maskPixKey } from "../../vocabulary/personal-data-masks";
import { merchantWideScope, type StoreScope } from "../../vocabulary/store-scope";
import { storeScopeCondition } from "./store-scope";
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
  bookedAt: transactions.bookedAt,
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
  bookedAt: Date;
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
    bookedAt: row.bookedAt,
    settledAt: state === "SETTLED" ? row.bookedAt : null,
    kind: row.kind,
    state,
    amountCents: row.amountCents,
    feeCents: state === "SETTLED" ? feeCentsOf(row.tax, unit) : 0,
    counterparty:
      row.kind === "CASH_IN" ? (row.payerName ?? "") : row.pixKeyType && row.pixKey ? maskPixKey(row.pixKeyType, row.pixKey) : "",
    reference: row.externalReference,
  };
}

/**
 * A period holds the rows booked in it (issue #51): settled money on the day it moved (the
 * settlement), anything else on its creation's day (transactions.booked_at); of the stores in
 * `stores` (issue #49: no condition for all stores, so the consolidated plans are unchanged).
 */
const inRange = (range: Range, stores: StoreScope) =>
  and(
    gte(transactions.bookedAt, range.start),
    lt(transactions.bookedAt, range.end),
    ne(transactions.creationState, "creating"),
    storeScopeCondition(transactions.storeId, stores),
  );

/** Every line of a range, in booking order, `batchSize` rows per query (keyset on booked_at, id). */
export async function* ledgerLineBatches(
  db: Database,
  stores: StoreScope,
  range: Range,
  unit: WalletTaxUnit,
  batchSize = 2_000,
): AsyncGenerator<StatementLine[]> {
  let after: { bookedAt: Date; id: string } | undefined;
  for (;;) {
    const rows: LineRow[] = await db
      .select(lineColumns)
      .from(transactions)
      .where(
        and(
          inRange(range, stores),
          after
            ? or(gt(transactions.bookedAt, after.bookedAt), and(eq(transactions.bookedAt, after.bookedAt), gt(transactions.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(transactions.bookedAt), asc(transactions.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => toLine(row, unit));
    const last = rows[rows.length - 1]!;
    after = { bookedAt: last.bookedAt, id: last.id };
    if (rows.length < batchSize) return;
  }
}

/** A range's totals by one grouped query over the ledger rows. */
export async function ledgerTotals(db: Database, stores: StoreScope, range: Range, unit: WalletTaxUnit): Promise<StatementTotals> {
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
    .where(inRange(range, stores))
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

/** A closed day's frozen lines (its own transactions as they were at closing) of the stores in `stores`, in batches. */
export async function* closedDayLineBatches(db: Database, stores: StoreScope, day: string, adjustment: boolean, batchSize = 2_000) {
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
          storeScopeCondition(transactions.storeId, stores),
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

/** Recorded adjustments of a closed day (of the stores in `stores`), with the state each replaced. */
export async function recordedAdjustments(db: Database, stores: StoreScope, day: string): Promise<StatementAdjustment[]> {
  const adjustments: StatementAdjustment[] = [];
  for await (const batch of closedDayLineBatches(db, stores, day, true)) {
    for (const line of batch) {
      const previous = await previousEntry(db, line.transactionId, day);
      const before = previous ?? { state: "UNKNOWN" as StatementState, amountCents: line.amountCents, feeCents: 0 };
      adjustments.push({
        ...line,
        previousState: before.state,
        previousAmountCents: before.amountCents,
        previousFeeCents: before.feeCents,
        netCents: netEffect(line) - netEffect({ kind: line.kind, ...before }),
      });
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
export async function pendingAdjustments(
  db: Database,
  stores: StoreScope,
  day: string,
  unit: WalletTaxUnit,
): Promise<StatementAdjustment[]> {
  const run = await closedRunBefore(db, day);
  if (run.length === 0) return [];
  const range = { start: saoPauloDayStart(run[0]!), end: saoPauloDayStart(day) };
  const adjustments: StatementAdjustment[] = [];
  for await (const batch of ledgerLineBatches(db, stores, range, unit)) {
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
        originalDay: before?.originalDay ?? saoPauloDayOf(line.bookedAt),
        previousState,
        previousAmountCents: previous.amountCents,
        previousFeeCents: previous.feeCents,
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
 * Closes a day, and first every open day before it since the last closed day (or since the first
 * booked row): the books close in order, so a closed day's closing balance is always the next
 * day's opening (lib/db/queries/balances.ts). Each day records every transaction booked on it as
 * it stands, the adjustments it takes in, its totals and the net before and through it, all in one
 * database transaction. A second close of the same day (another operator, another instance)
 * conflicts on the day's key and changes nothing.
 */
export async function closeDay(
  db: Database,
  day: string,
  actor: { id: string; email: string },
  unit: WalletTaxUnit,
): Promise<StatementTotals> {
  return db.transaction(async (tx) => {
    const reader = tx as unknown as Database;
    const [latest] = await tx
      .select({ day: closedDays.day })
      .from(closedDays)
      .where(lt(closedDays.day, day))
      .orderBy(desc(closedDays.day))
      .limit(1);
    let first = latest ? nextCalendarDay(latest.day) : await firstBookedDay(reader);
    if (!first || first > day) first = day;
    let totals = emptyTotals();
    for (let current = first; current <= day; current = nextCalendarDay(current)) {
      const inserted = await tx
        .insert(closedDays)
        .values({ day: current, closedByUserId: actor.id, closedByEmail: actor.email, totals: emptyTotals() })
        .onConflictDoNothing()
        .returning({ day: closedDays.day });
      if (inserted.length === 0) {
        if (current === day) throw new DayAlreadyClosedError(day);
        continue; // a day closed before 0019 out of order: left as it was closed
      }
      totals = await freezeDay(reader, current, unit);
    }
    return totals;
  });
}

/** The São Paulo day of the earliest booked row, or null on an empty ledger. */
async function firstBookedDay(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ bookedAt: transactions.bookedAt })
    .from(transactions)
    .where(ne(transactions.creationState, "creating"))
    .orderBy(asc(transactions.bookedAt))
    .limit(1);
  return row ? saoPauloDayOf(row.bookedAt) : null;
}

/** Records a just-claimed closed day's entries, adjustments, totals and net before and through it. */
async function freezeDay(tx: Database, day: string, unit: WalletTaxUnit): Promise<StatementTotals> {
  // Closing a day is the merchant's (docs/decisions/stores.md): every store's rows.
  const adjustments = await pendingAdjustments(tx, merchantWideScope(), day, unit);
  const netBefore = await statementNetBefore(tx, day, unit);
  const totals = emptyTotals();
  for await (const batch of ledgerLineBatches(tx, merchantWideScope(), saoPauloDayRange(day), unit)) {
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
  await tx
    .update(closedDays)
    .set({ totals, netBeforeCents: netBefore, netThroughCents: netBefore + statementNet(totals) })
    .where(eq(closedDays.day, day));
  return totals;
}

/** A statement's whole effect on the balance: its own net and the adjustments it takes in. */
export function statementNet(totals: StatementTotals): number {
  return totals.netCents + totals.adjustments.netCents;
}

/**
 * The net of every statement before `day` (without the configured opening balance): the latest
 * closed day's frozen figure, then the open days after it from the settlement rollups (O(days),
 * never a scan of the ledger), plus the adjustments the first open day takes in.
 */
export async function statementNetBefore(db: Database, day: string, unit: WalletTaxUnit): Promise<number> {
  const [latest] = await db.select().from(closedDays).where(lt(closedDays.day, day)).orderBy(desc(closedDays.day)).limit(1);
  if (!latest) return settledNetBetween(db, null, day, unit);
  const through = latest.netThroughCents ?? (await fillLegacyClosedDay(db, latest.day, latest.totals, unit));
  const firstOpen = nextCalendarDay(latest.day);
  if (firstOpen === day) return through;
  const taken = (await pendingAdjustments(db, merchantWideScope(), firstOpen, unit)).reduce((sum, line) => sum + line.netCents, 0);
  return through + taken + (await settledNetBetween(db, firstOpen, day, unit));
}

/** A day closed before migration 0019 has no frozen net: computed once from the days before it, then kept. */
async function fillLegacyClosedDay(db: Database, day: string, totals: StatementTotals, unit: WalletTaxUnit): Promise<number> {
  const before = await statementNetBefore(db, day, unit);
  const through = before + statementNet(totals);
  await db
    .update(closedDays)
    .set({ netBeforeCents: before, netThroughCents: through })
    .where(and(eq(closedDays.day, day), sql`${closedDays.netThroughCents} is null`));
  return through;
}

/**
 * Settled cash-in − settled cash-out − fees booked from `firstDay` (or the beginning) up to `endDay`
 * (excluded), from the rollups: the merchant's, or some stores' (they are kept per store since
 * migration 0046).
 */
export async function settledNetBetween(
  db: Database,
  firstDay: string | null,
  endDay: string,
  unit: WalletTaxUnit,
  stores: StoreScope = merchantWideScope(),
): Promise<number> {
  const fee =
    unit === "unknown" ? sql`0` : unit === "reais" ? sql`${settlementRollups.feeCentsIfReais}` : sql`${settlementRollups.feeCentsIfCents}`;
  const [row] = await db
    .select({
      net: sql<string>`coalesce(sum(case when ${settlementRollups.kind} = 'CASH_IN' then ${settlementRollups.amountCents} else -${settlementRollups.amountCents} end - ${fee}), 0)`,
    })
    .from(settlementRollups)
    .where(
      and(
        firstDay ? gte(settlementRollups.day, firstDay) : undefined,
        lt(settlementRollups.day, endDay),
        storeScopeCondition(settlementRollups.storeId, stores),
      ),
    );
  return Number(row?.net ?? 0);
}

/**
 * The net of the settled rows of some stores booked before `instant` (a store's balance, issue #49;
 * the closed days' frozen figures are the merchant's as a whole): the days before the instant's São
 * Paulo day from the rollups, O(days), and that day's rows up to the instant from the ledger (none
 * when the instant is a midnight, as a statement's bounds are). Settled cash-in − settled cash-out −
 * fees, the statement's rule. Until migration 0046 it summed the stores' whole settled history
 * from the ledger, twice a statement.
 */
export async function settledNetOfStoresBefore(db: Database, stores: StoreScope, instant: Date, unit: WalletTaxUnit): Promise<number> {
  const day = saoPauloDayOf(instant);
  const dayStart = saoPauloDayStart(day);
  const [before, sameDay] = await Promise.all([
    settledNetBetween(db, null, day, unit, stores),
    instant > dayStart ? settledNetOfStoresBetween(db, stores, dayStart, instant, unit) : 0,
  ]);
  return before + sameDay;
}

/** Some stores' settled net booked from `start` (inclusive) to `end` (excluded), from the ledger's rows. */
async function settledNetOfStoresBetween(db: Database, stores: StoreScope, start: Date, end: Date, unit: WalletTaxUnit): Promise<number> {
  const [row] = await db
    .select({
      amount: sql<string>`coalesce(sum(case when ${transactions.kind} = 'CASH_IN' then ${transactions.amountCents} else -${transactions.amountCents} end), 0)`,
      fees: feeCentsSum(unit),
    })
    .from(transactions)
    .where(
      and(
        gte(transactions.bookedAt, start),
        lt(transactions.bookedAt, end),
        eq(transactions.creationState, "created"),
        eq(transactions.status, "SUCCEED"),
        storeScopeCondition(transactions.storeId, stores),
      ),
    );
  return Number(row?.amount ?? 0) - Number(row?.fees ?? 0);
}
