// The books date by settlement and chain their balances (issue #51): a charge created at 23:50 and
// paid at 00:10 (São Paulo) lands on the day it was paid in the day and month statements, the
// accounting export and the daily summary; the daily exports of a month add up to the monthly
// one, across a closed day that took in an adjustment; and over 90 days with closed days and
// adjustments, every day's closing balance is the next day's opening. Rows are inserted in bulk.
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailySummaryText } from "@/lib/daily-summary/daily-summary";
import { findOpeningBalance, setOpeningBalanceOnce } from "@/lib/db/queries/book-settings";
import { closeDay } from "@/lib/db/queries/statements";
import { transactions } from "@/lib/db/schema";
import { formatBRL } from "@/lib/format";
import { csvDialects } from "@/lib/ledger/csv";
import { accountingCsv } from "@/lib/statements/accounting-export";
import { movementsCsv } from "@/lib/statements/accounting-movements";
import { loadStatement, type Statement } from "@/lib/statements/statement";
import { nextCalendarDay, saoPauloInstant } from "@/lib/vocabulary/sao-paulo-dates";
import type { StatementLine, StatementPeriod } from "@/lib/vocabulary/statement";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
type Seed = typeof transactions.$inferInsert;
const accounts = { wallet: "1.1 Wallet", revenue: "3.1 Sales", payables: "2.1 Suppliers", fees: "4.1 Fees" };
const actor = { id: "finance-books", email: "books@example.com" };

function seed(overrides: Partial<Seed> & Pick<Seed, "createdAt">): Seed {
  return {
    kind: "CASH_IN",
    creationState: "created",
    status: "SUCCEED",
    amountCents: 10_000,
    tax: "100",
    isSandbox: true,
    payerName: "Ana",
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

async function linesOf(statement: Statement): Promise<StatementLine[]> {
  const lines: StatementLine[] = [];
  for await (const batch of statement.lines()) lines.push(...batch);
  return lines;
}

/** The accounting CSV's entries as [date, debit, credit, cents]. */
async function entriesOf(period: StatementPeriod): Promise<[string, string, string, number][]> {
  const statement = await loadStatement(database.db, merchantWideScope(), period, "cents");
  let csv = "";
  for await (const chunk of accountingCsv(statement, accounts, "en", csvDialects.standard)) csv += chunk;
  return csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .slice(1)
    .map((line) => line.split(","))
    .map((row) => [row[0]!, row[2]!, row[3]!, Math.round(Number(row[4]) * 100)]);
}

/** Each account's balance (debits − credits) over the entries: a reversal cancels what it reverses. */
function sumsByAccount(entries: [string, string, string, number][]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const [, debit, credit, cents] of entries) {
    sums[debit] = (sums[debit] ?? 0) + cents;
    sums[credit] = (sums[credit] ?? 0) - cents;
  }
  return Object.fromEntries(Object.entries(sums).filter(([, cents]) => cents !== 0));
}

function daysFrom(first: string, count: number): string[] {
  const days = [first];
  while (days.length < count) days.push(nextCalendarDay(days[days.length - 1]!));
  return days;
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe("setting the opening balance", () => {
  it("is for admins, once, audited (before any balance below is read); a malformed amount is refused by the schema", async () => {
    const { createOperatorSession, installTestRuntime, requestState } = await import("@/test/support/action-harness");
    const { setOpeningBalanceAction } = await import("@/lib/actions/set-opening-balance-action");
    const { auditEvents } = await import("@/lib/db/schema");
    try {
      const { auth } = installTestRuntime(database);
      const finance = await createOperatorSession(auth, { email: "opening-finance@example.com", role: "finance" });
      const admin = await createOperatorSession(auth, { email: "opening-admin@example.com", role: "admin" });
      requestState.headers = finance;
      expect(await setOpeningBalanceAction({ amount: "1.234,56" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
      requestState.headers = admin;
      expect(await setOpeningBalanceAction({ amount: "12,345" })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
      expect(await setOpeningBalanceAction({ amount: "1.234,56" })).toEqual({ ok: true, data: null });
      expect(await setOpeningBalanceAction({ amount: "9,00" })).toMatchObject({ ok: false, error: "errors.books.openingBalanceSet" });
      expect((await findOpeningBalance(database.db))?.cents).toBe(123_456);
      const audited = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "books.opening_balance"));
      expect(audited.map((event) => [event.outcome, event.details])).toEqual(
        expect.arrayContaining([
          ["success", { balanceCents: 123_456 }],
          ["refused", { reason: "already_set" }],
        ]),
      );
    } finally {
      requestState.headers = new Headers();
    }
  });
});

describe("settlement dating", () => {
  const acrossMidnight = randomUUID();

  it("puts a charge created at 23:50 and paid at 00:10 on the day it was paid, everywhere", async () => {
    await database.db.insert(transactions).values([
      seed({
        id: acrossMidnight,
        walletTransactionId: "midnight-1",
        amountCents: 25_000,
        tax: "250",
        createdAt: saoPauloInstant("2025-03-14", "23:50"),
        statusChangedAt: saoPauloInstant("2025-03-15", "00:10"),
      }),
    ]);
    const created = await loadStatement(database.db, merchantWideScope(), { kind: "day", day: "2025-03-14" }, "cents");
    const paid = await loadStatement(database.db, merchantWideScope(), { kind: "day", day: "2025-03-15" }, "cents");
    expect(created.totals.cashIn.count).toBe(0);
    expect(await linesOf(created)).toEqual([]);
    expect(paid.totals.cashIn).toEqual({ count: 1, amountCents: 25_000, feeCents: 250 });
    const [line] = await linesOf(paid);
    expect(line).toMatchObject({
      transactionId: acrossMidnight,
      settledAt: saoPauloInstant("2025-03-15", "00:10"),
      createdAt: saoPauloInstant("2025-03-14", "23:50"),
    });
    // The accounting export books it on the day it was paid, in the day's and the month's file.
    expect(await entriesOf({ kind: "day", day: "2025-03-14" })).toEqual([]);
    const dayEntries = await entriesOf({ kind: "day", day: "2025-03-15" });
    expect(dayEntries).toEqual([
      ["2025-03-15", "1.1 Wallet", "3.1 Sales", 25_000],
      ["2025-03-15", "4.1 Fees", "1.1 Wallet", 250],
    ]);
    expect(await entriesOf({ kind: "month", month: "2025-03" })).toEqual(dayEntries);
    // The daily summary of the day it was paid counts it; the day before has nothing.
    const summary = dailySummaryText("2025-03-15", paid.totals, "https://x/statements", paid.balances);
    expect(summary.text).toContain(`Settled cash-in: 1 · ${formatBRL(25_000)}`);
    expect(summary.text).toContain(`Recebimentos liquidados: 1 · ${formatBRL(25_000)}`);
    expect(summary.text).toContain("Summary of 15 Mar 2025");
    expect(summary.text).toContain("Resumo de 15/03/2025");
    expect(dailySummaryText("2025-03-14", created.totals, "https://x/statements").text).toContain("Settled cash-in: 0");
    // Closing the day it was created leaves the payment to the day it was paid.
    await closeDay(database.db, "2025-03-14", actor, "cents");
    expect((await loadStatement(database.db, merchantWideScope(), { kind: "day", day: "2025-03-15" }, "cents")).adjustments).toEqual([]);
  });
});

describe("a month of daily exports and balances over 90 days", () => {
  // 2025-06-01 to 2025-08-29: three rows a day (a sale, a payout, a charge paid next day at 00:10).
  const days = daysFrom("2025-06-01", 90);
  const backdated = randomUUID();
  const reversed = randomUUID();

  beforeAll(async () => {
    const rows: Seed[] = [];
    days.forEach((day, index) => {
      rows.push(seed({ amountCents: 10_000 + index, tax: String(index % 7), createdAt: saoPauloInstant(day, "10:00") }));
      rows.push(
        seed({
          kind: "CASH_OUT",
          amountCents: 3_000 + index,
          tax: "50",
          pixKeyType: "EMAIL",
          pixKey: `p${index}@example.com`,
          createdAt: saoPauloInstant(day, "15:00"),
          statusChangedAt: saoPauloInstant(day, "15:01"),
        }),
      );
      rows.push(
        seed({
          amountCents: 700,
          tax: "7",
          createdAt: saoPauloInstant(day, "23:55"),
          statusChangedAt: saoPauloInstant(nextCalendarDay(day), "00:10"),
        }),
      );
      rows.push(seed({ status: "PENDING", amountCents: 999, createdAt: saoPauloInstant(day, "12:00") }));
    });
    rows.push(seed({ id: backdated, status: "PENDING", amountCents: 4_400, tax: "44", createdAt: saoPauloInstant("2025-06-10", "09:00") }));
    rows.push(seed({ id: reversed, amountCents: 8_800, tax: "88", createdAt: saoPauloInstant("2025-07-20", "09:00") }));
    await database.db.insert(transactions).values(rows);
    // Set once, by the action's test above: a second setting changes nothing.
    expect(await setOpeningBalanceOnce(database.db, 5, "admin@example.com")).toBe(false);
    expect((await findOpeningBalance(database.db))?.cents).toBe(123_456);

    // Close through 2025-06-30 (every earlier day closes with it, in order).
    await closeDay(database.db, "2025-06-30", actor, "cents");
    // A settlement the wallet dates on a closed day (its answer came late): an adjustment on 07-01.
    await database.db
      .update(transactions)
      .set({ status: "SUCCEED", statusChangedAt: saoPauloInstant("2025-06-10", "18:00") })
      .where(eq(transactions.id, backdated));
    // Close through 2025-07-25, then a settled charge of a closed day fails: an adjustment on 07-26.
    await closeDay(database.db, "2025-07-25", actor, "cents");
    await database.db.update(transactions).set({ status: "FAILED" }).where(eq(transactions.id, reversed));
    await closeDay(database.db, "2025-08-10", actor, "cents");
  });

  it("adds the daily accounting exports of a month up to the monthly one, across closed days and adjustments", async () => {
    for (const month of ["2025-06", "2025-07"]) {
      const daily: [string, string, string, number][] = [];
      for (const day of days.filter((each) => each.startsWith(month))) daily.push(...(await entriesOf({ kind: "day", day })));
      const monthly = await entriesOf({ kind: "month", month });
      // July's days carry June's late settlement as an adjustment (07-01); the live month has it in June.
      if (month === "2025-06")
        expect(sumsByAccount(daily)).toEqual(sumsByAccount([...monthly].filter((entry) => entry[3] !== 4_400 && entry[3] !== 44)));
      else {
        const withoutAdjustments = daily.filter((entry) => !(entry[0] === "2025-07-01" && (entry[3] === 4_400 || entry[3] === 44)));
        expect(sumsByAccount(withoutAdjustments)).toEqual(sumsByAccount(monthly));
      }
    }
    // August, with nothing changed after closing: the days add up to the month exactly.
    const august: [string, string, string, number][] = [];
    for (const day of daysFrom("2025-08-01", 31)) august.push(...(await entriesOf({ kind: "day", day })));
    const augustMonth = await entriesOf({ kind: "month", month: "2025-08" });
    expect(sumsByAccount(august)).toEqual(sumsByAccount(augustMonth));
    expect(august.length).toBe(augustMonth.length);
  });

  it("chains the balances: each day's closing is the next day's opening, closed or open, and months agree", async () => {
    const statements: Statement[] = [];
    for (const day of [...days, nextCalendarDay(days[days.length - 1]!)])
      statements.push(await loadStatement(database.db, merchantWideScope(), { kind: "day", day }, "cents"));
    // Before June: the opening balance (R$ 1.234,56) and March's charge paid across midnight (25,000 less its 250 fee).
    const before = 123_456 + 24_750;
    expect(statements[0]!.balances.openingCents).toBe(before);
    for (let index = 0; index + 1 < statements.length; index++) {
      const { balances, totals } = statements[index]!;
      expect(balances.closingCents).toBe(balances.openingCents + totals.netCents + totals.adjustments.netCents);
      expect(statements[index + 1]!.balances.openingCents, days[index]).toBe(balances.closingCents);
      // The "one line per movement" export of the day: its nets are the day's change of balance.
      let movements = "";
      for await (const chunk of movementsCsv(statements[index]!, "en", csvDialects.standard)) movements += chunk;
      const movementsNet = movements
        .trim()
        .split("\r\n")
        .slice(1)
        .reduce((sum, row) => sum + Math.round(Number(row.split(",").at(-2)) * 100), 0);
      expect(movementsNet, days[index]).toBe(balances.closingCents - balances.openingCents);
    }
    expect(statements.find((each) => each.period.kind === "day" && each.period.day === "2025-07-01")!.totals.adjustments).toEqual({
      count: 1,
      netCents: 4_400 - 44,
    });
    expect(statements.find((each) => each.period.kind === "day" && each.period.day === "2025-08-11")!.totals.adjustments).toEqual({
      count: 0,
      netCents: 0,
    });
    // The end balance is the opening plus every settled movement now in the ledger, less its fees.
    const settled = await database.db.select().from(transactions).where(eq(transactions.status, "SUCCEED"));
    const inWindow = settled.filter((row) => row.bookedAt < saoPauloInstant(nextCalendarDay(days[days.length - 1]!), "00:00"));
    const ledgerNet = inWindow
      .filter((row) => row.bookedAt >= saoPauloInstant(days[0]!, "00:00"))
      .reduce((sum, row) => sum + (row.kind === "CASH_IN" ? row.amountCents : -row.amountCents) - Math.round(Number(row.tax ?? 0)), 0);
    expect(statements[statements.length - 2]!.balances.closingCents).toBe(before + ledgerNet);
    // A month's balances are its first day's opening and its last day's closing.
    const july = await loadStatement(database.db, merchantWideScope(), { kind: "month", month: "2025-07" }, "cents");
    const dayOf = (day: string) => statements.find((each) => each.period.kind === "day" && each.period.day === day)!;
    expect(july.balances).toEqual({
      openingCents: dayOf("2025-07-01").balances.openingCents,
      closingCents: dayOf("2025-07-31").balances.closingCents,
    });
  });
});

describe("the OFX export", () => {
  it("parses with an independent parser, ends at the statement's closing balance and keeps its FITIDs", async () => {
    const { parse } = await import("ofx-js");
    const { statementOfx, ofxAccountId } = await import("@/lib/statements/statement-ofx");
    const ofxOf = async (statement: Statement) => {
      let text = "";
      for await (const chunk of statementOfx(statement, { account: ofxAccountId, now: new Date("2025-09-01T12:00:00Z") })) text += chunk;
      return text;
    };
    const july = await loadStatement(database.db, merchantWideScope(), { kind: "month", month: "2025-07" }, "cents");
    const text = await ofxOf(july);
    const parsed = await parse(text);
    const statement = (parsed.OFX.BANKMSGSRSV1 as { STMTTRNRS: { STMTRS: Record<string, unknown> } }).STMTTRNRS.STMTRS as {
      LEDGERBAL: { BALAMT: string };
      BANKTRANLIST: { STMTTRN: Array<{ TRNTYPE: string; TRNAMT: string; FITID: string; DTPOSTED: string }> };
    };
    expect(Math.round(Number(statement.LEDGERBAL.BALAMT) * 100)).toBe(july.balances.closingCents);
    const movements = statement.BANKTRANLIST.STMTTRN;
    const settled = (await linesOf(july)).filter((line) => line.state === "SETTLED");
    expect(movements.length).toBe(settled.length + settled.filter((line) => line.feeCents !== 0).length);
    expect(new Set(movements.map((movement) => movement.FITID)).size).toBe(movements.length);
    expect(movements.filter((movement) => movement.TRNTYPE === "FEE").length).toBe(settled.filter((line) => line.feeCents !== 0).length);
    const movementsNet = movements.reduce((sum, movement) => sum + Math.round(Number(movement.TRNAMT) * 100), 0);
    expect(movementsNet).toBe(july.totals.netCents);
    // Dated by settlement, in São Paulo time: the charge paid at 00:10 on 07-02.
    expect(movements.some((movement) => movement.DTPOSTED.startsWith("20250702001000[-3:BRT]"))).toBe(true);
    // Exported again, the same FITIDs; a day's file carries the same FITIDs as the month's for its movements.
    const again = await parse(
      await ofxOf(await loadStatement(database.db, merchantWideScope(), { kind: "month", month: "2025-07" }, "cents")),
    );
    const fitids = (parsed: typeof again) =>
      (
        (parsed.OFX.BANKMSGSRSV1 as { STMTTRNRS: { STMTRS: { BANKTRANLIST: { STMTTRN: Array<{ FITID: string }> } } } }).STMTTRNRS.STMTRS
          .BANKTRANLIST.STMTTRN ?? []
      ).map((movement) => movement.FITID);
    expect(fitids(again)).toEqual(fitids(parsed));
    const day = await parse(
      await ofxOf(await loadStatement(database.db, merchantWideScope(), { kind: "day", day: "2025-07-02" }, "cents")),
    );
    expect(fitids(parsed)).toEqual(expect.arrayContaining(fitids(day)));
  });
});
