// One rule for the wallet's fee (issue #46): WALLET_TAX_UNIT decides how statements, the Overview
// and closing a day read `tax`; with `unknown`, a sum of fees says the unit is not stated instead
// of guessing, and the net is said to be before fees.
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadChartFigures } from "@/lib/db/queries/overview-charts";
import { closeDay } from "@/lib/db/queries/statements";
import { transactions } from "@/lib/db/schema";
import { dailySummaryText } from "@/lib/daily-summary/daily-summary";
import { formatBRL } from "@/lib/format";
import { dictionaries } from "@/lib/i18n/messages";
import { loadStatement, statementFeeTexts } from "@/lib/statements/statement";
import { saoPauloDayRange } from "@/lib/vocabulary/sao-paulo-dates";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
const day = "2026-10-05";
const closedDay = "2026-10-06";
const en = dictionaries.en;

beforeAll(async () => {
  database = await openTestDatabase();
  const row = (
    createdAt: Date,
    kind: "CASH_IN" | "CASH_OUT",
    amountCents: number,
    tax: string | null,
    status: "SUCCEED" | "PENDING",
  ): typeof transactions.$inferInsert => ({
    kind,
    creationState: "created" as const,
    status,
    walletTransactionId: `w-${randomUUID()}`,
    amountCents,
    tax,
    isSandbox: false,
    payerName: "Payer",
    pixKeyType: "EMAIL",
    pixKey: "someone@example.com",
    createdAt,
    idempotencyKey: randomUUID(),
  });
  for (const start of [day, closedDay].map((d) => saoPauloDayRange(d).start.getTime())) {
    await database.db
      .insert(transactions)
      .values([
        row(new Date(start + 3_600_000), "CASH_IN", 100_000, "1222.000000", "SUCCEED"),
        row(new Date(start + 7_200_000), "CASH_IN", 50_000, "12.345", "SUCCEED"),
        row(new Date(start + 9_000_000), "CASH_OUT", 20_000, "3", "SUCCEED"),
        row(new Date(start + 10_000_000), "CASH_IN", 70_000, "999", "PENDING"),
        row(new Date(start + 11_000_000), "CASH_IN", 10_000, null, "SUCCEED"),
      ]);
  }
});
afterAll(async () => {
  await database.dispose();
});

describe("a statement's fees by WALLET_TAX_UNIT", () => {
  it("cents: whole cents, each rounded", async () => {
    const { totals } = await loadStatement(database.db, merchantWideScope(), { kind: "day", day }, "cents");
    // 1222 + round(12.345) = 12, cash-out 3; the pending charge's fee does not count.
    expect(totals.cashIn.feeCents).toBe(1234);
    expect(totals.cashOut.feeCents).toBe(3);
    expect(totals.feeCents).toBe(1237);
    expect(totals.netCents).toBe(160_000 - 20_000 - 1237);
    expect(totals.feesUnstated).toBeUndefined();
    expect(statementFeeTexts(totals, en)).toMatchObject({ fees: formatBRL(1237), feesUnstated: null, netLabel: en["statement.net"] });
  });

  it("reais: the figure × 100, each rounded; the lines agree with the totals", async () => {
    const statement = await loadStatement(database.db, merchantWideScope(), { kind: "day", day }, "reais");
    // 122200 + 1235 (12.345 reais) and 300.
    expect(statement.totals.feeCents).toBe(122_200 + 1235 + 300);
    expect(statement.totals.netCents).toBe(160_000 - 20_000 - 123_735);
    let linesFee = 0;
    for await (const batch of statement.lines()) for (const line of batch) linesFee += line.feeCents;
    expect(linesFee).toBe(statement.totals.feeCents);
  });

  it("unknown: no fee counted, the sum says the unit is not stated and the net is before fees", async () => {
    const statement = await loadStatement(database.db, merchantWideScope(), { kind: "month", month: "2026-10" }, "unknown");
    const { totals } = statement;
    expect(totals.feeCents).toBe(0);
    expect(totals.feesUnstated).toBe(true);
    expect(totals.netCents).toBe(2 * (160_000 - 20_000));
    expect(statementFeeTexts(totals, en)).toEqual({
      feesLabel: "Wallet fees",
      fees: null,
      feesUnstated: "unit not stated by the wallet",
      netLabel: "Net before fees (their unit is not stated by the wallet)",
    });
    const unstated: boolean[] = [];
    for await (const batch of statement.lines()) for (const line of batch) if (line.feeStated === false) unstated.push(true);
    expect(unstated).toHaveLength(6);
    expect(dailySummaryText(day, totals, "https://x/statements").text).toContain("Fees: unit not stated by the wallet");
    expect(dailySummaryText(day, totals, "https://x/statements").text).toContain("Tarifas: unidade não informada pela carteira");
  });

  it("closing a day freezes the unit's reading, and says so when the unit is not stated", async () => {
    const actor = { id: "tax-unit-test", email: "finance@example.com" };
    const frozen = await closeDay(database.db, closedDay, actor, "unknown");
    expect(frozen).toMatchObject({ feeCents: 0, feesUnstated: true });
    const closed = await loadStatement(database.db, merchantWideScope(), { kind: "day", day: closedDay }, "cents");
    expect(closed.closed).not.toBeNull();
    expect(closed.totals.feesUnstated).toBe(true);
  });
});

describe("the Overview's net of tax by WALLET_TAX_UNIT", () => {
  const range = () => ({ ...saoPauloDayRange(day), unit: "hour" as const });
  it("reads the tax in the unit the statements read it", async () => {
    const cents = await loadChartFigures(database.db, merchantWideScope(), range(), "cents");
    const reais = await loadChartFigures(database.db, merchantWideScope(), range(), "reais");
    const sum = (figures: typeof cents) => figures.buckets.reduce((total, bucket) => total + bucket.taxCents, 0);
    expect(sum(cents)).toBe(1222 + 12);
    expect(sum(reais)).toBe(122_200 + 1235);
    expect(cents.feesUnstated).toBeUndefined();
  });

  it("with unknown, says so instead of a net", async () => {
    const figures = await loadChartFigures(database.db, merchantWideScope(), range(), "unknown");
    expect(figures.feesUnstated).toBe(true);
    expect(figures.buckets.every((bucket) => bucket.taxCents === 0 && bucket.taxedPaidCents === 0)).toBe(true);
  });
});
