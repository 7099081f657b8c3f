// Statements against the ledger: over 10,000 rows of one São Paulo day (2,500 on PGlite, whose lane
// spent 15-25 s more on the same sums at 10,000) (and a few just outside it)
// the totals equal sums computed here independently, equal the Overview's, and equal the sum of the
// streamed lines; the XLSX read back (exceljs's reader) has number and date cells; the PDF names the
// totals; closing a day freezes it, and a late callback appears once, as an adjustment, on the next
// open day. A third of the rows belong to a second store (issue #49): each store's statement equals
// its own rows' sums, and the stores' statements add up to the consolidated one.
// (The 100,000-row month is the benchmark's: scripts/bench/books.ts.)
import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import { eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overviewRange } from "@/test/support/statement-fixtures";
import { summariseLedger } from "@/lib/db/queries/overview";
import { closeDay, DayAlreadyClosedError, periodRange, settledNetOfStoresBefore } from "@/lib/db/queries/statements";
import { FIRST_STORE_ID, stores, transactions } from "@/lib/db/schema";
import { formatBRL } from "@/lib/format";
import { loadStatement, type Statement } from "@/lib/statements/statement";
import { statementPdf } from "@/lib/statements/statement-pdf";
import { writeStatementXlsx } from "@/lib/statements/statement-xlsx";
import { saoPauloDayRange } from "@/lib/vocabulary/sao-paulo-dates";
import { merchantWideScope, storeScopeOfGrants } from "@/lib/vocabulary/store-scope";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { seededRandom } from "@/test/support/seeded-random";

let database: TestDatabase;
const day = "2026-11-20";
const rowsInDay = process.env.TEST_DB_KIND === "postgres" ? 10_000 : 2_500;
type Seed = typeof transactions.$inferInsert;
const seeded: Seed[] = [];
let storeB = "";

beforeAll(async () => {
  database = await openTestDatabase();
  const [store] = await database.db.insert(stores).values({ name: "Loja B", payerFacingName: "Loja B" }).returning({ id: stores.id });
  storeB = store!.id;
  const random = seededRandom(35);
  const { start, end } = saoPauloDayRange(day);
  const span = end.getTime() - start.getTime();
  for (let index = 0; index < rowsInDay; index++) {
    const roll = random();
    const [creationState, status] =
      roll < 0.6
        ? (["created", "SUCCEED"] as const)
        : roll < 0.75
          ? (["created", "PENDING"] as const)
          : roll < 0.85
            ? (["created", "FAILED"] as const)
            : roll < 0.9
              ? (["created", "CANCELED"] as const)
              : roll < 0.95
                ? (["outcome_unknown", null] as const)
                : (["rejected", null] as const);
    seeded.push({
      kind: random() < 0.7 ? "CASH_IN" : "CASH_OUT",
      creationState,
      status,
      walletTransactionId: creationState === "created" ? `w-${index}` : null,
      amountCents: 1 + Math.floor(random() * 500_000),
      tax: random() < 0.8 ? String(Math.floor(random() * 300)) : null,
      isSandbox: true,
      payerName: `Payer ${index}`,
      pixKeyType: "EMAIL",
      pixKey: `someone${index}@example.com`,
      createdAt: new Date(start.getTime() + Math.floor(random() * span)),
      idempotencyKey: randomUUID(),
      storeId: index % 3 === 0 ? storeB : FIRST_STORE_ID,
    });
  }
  // Just outside the day on both sides (and a row still being created, never counted).
  const outside: Seed[] = [
    {
      kind: "CASH_IN",
      creationState: "created",
      status: "SUCCEED",
      amountCents: 777,
      createdAt: new Date(start.getTime() - 1),
      idempotencyKey: randomUUID(),
    },
    { kind: "CASH_IN", creationState: "created", status: "SUCCEED", amountCents: 888, createdAt: end, idempotencyKey: randomUUID() },
    {
      kind: "CASH_IN",
      creationState: "creating",
      status: null,
      amountCents: 999,
      createdAt: new Date(start.getTime() + 5),
      idempotencyKey: randomUUID(),
    },
  ];
  for (let index = 0; index < seeded.length; index += 1_000)
    await database.db.insert(transactions).values(seeded.slice(index, index + 1_000));
  await database.db.insert(transactions).values(outside);
});
afterAll(async () => {
  await database?.dispose();
});

/** The sums, computed here from the generated rows (or some of them) without the code under test. */
function independentSums(rows: Seed[] = seeded) {
  let cashIn = 0;
  let cashOut = 0;
  let fees = 0;
  let settled = 0;
  let pending = 0;
  let unknown = 0;
  let rejected = 0;
  for (const row of rows) {
    if (row.creationState === "rejected") rejected += row.amountCents;
    else if (row.creationState === "outcome_unknown") unknown += row.amountCents;
    else if (row.status === "PENDING") pending += row.amountCents;
    else if (row.status === "SUCCEED") {
      settled += 1;
      if (row.kind === "CASH_IN") cashIn += row.amountCents;
      else cashOut += row.amountCents;
      fees += row.tax ? Number(row.tax) : 0;
    }
  }
  return { cashIn, cashOut, fees, net: cashIn - cashOut - fees, settled, pending, unknown, rejected };
}

async function xlsxOf(statement: Statement, locale: "pt-BR" | "en") {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  await writeStatementXlsx(statement, locale, stream, { merchantName: "Loja Exemplo" });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

describe(`a day of ${rowsInDay.toLocaleString("en")} ledger rows`, () => {
  it("has the totals computed independently, the Overview's, and its lines'", async () => {
    const expected = independentSums();
    const statement = await loadStatement(database.db, merchantWideScope(), { kind: "day", day }, "cents");
    const { totals } = statement;
    expect(totals.cashIn.amountCents).toBe(expected.cashIn);
    expect(totals.cashOut.amountCents).toBe(expected.cashOut);
    expect(totals.feeCents).toBe(expected.fees);
    expect(totals.netCents).toBe(expected.net);
    expect(totals.cashIn.count + totals.cashOut.count).toBe(expected.settled);
    expect(totals.apart.PENDING.amountCents).toBe(expected.pending);
    expect(totals.apart.UNKNOWN.amountCents).toBe(expected.unknown);
    expect(totals.apart.REJECTED.amountCents).toBe(expected.rejected);
    expect(totals.adjustments).toEqual({ count: 0, netCents: 0 });

    // The Overview's figures for the same São Paulo day.
    const overview = await summariseLedger(database.db, merchantWideScope(), overviewRange(day));
    expect(overview.byKind.CASH_IN.byStatus.SUCCEED.volumeCents).toBe(totals.cashIn.amountCents);
    expect(overview.byKind.CASH_OUT.byStatus.SUCCEED.volumeCents).toBe(totals.cashOut.amountCents);
    expect(overview.byKind.CASH_IN.byStatus.SUCCEED.count).toBe(totals.cashIn.count);
    expect(overview.byKind.CASH_IN.byStatus.UNKNOWN.volumeCents + overview.byKind.CASH_OUT.byStatus.UNKNOWN.volumeCents).toBe(
      totals.apart.UNKNOWN.amountCents,
    );

    // The streamed lines add up to the same totals.
    let lines = 0;
    let net = 0;
    for await (const batch of statement.lines()) {
      lines += batch.length;
      for (const line of batch)
        if (line.state === "SETTLED") net += (line.kind === "CASH_IN" ? line.amountCents : -line.amountCents) - line.feeCents;
    }
    expect(lines).toBe(rowsInDay);
    expect(net).toBe(expected.net);
  });

  it("adds the stores' statements up to the consolidated one, each equal to its own rows' sums", async () => {
    const period = { kind: "day", day } as const;
    const all = await loadStatement(database.db, merchantWideScope(), period, "cents");
    const perStore = await Promise.all(
      [FIRST_STORE_ID, storeB].map((id) => loadStatement(database.db, storeScopeOfGrants([id]), period, "cents")),
    );
    expect(perStore.map((statement) => statement.storeNames)).toEqual([["Main store"], ["Loja B"]]);
    expect(all.storeNames).toBeNull();
    for (const [index, id] of [FIRST_STORE_ID, storeB].entries()) {
      const expected = independentSums(seeded.filter((row) => row.storeId === id));
      const { totals } = perStore[index]!;
      expect(totals.cashIn.amountCents).toBe(expected.cashIn);
      expect(totals.cashOut.amountCents).toBe(expected.cashOut);
      expect(totals.feeCents).toBe(expected.fees);
      expect(totals.netCents).toBe(expected.net);
      expect(totals.apart.PENDING.amountCents).toBe(expected.pending);
      let lines = 0;
      for await (const batch of perStore[index]!.lines()) lines += batch.length;
      expect(lines).toBe(seeded.filter((row) => row.storeId === id).length);
    }
    const [first, second] = perStore as [Statement, Statement];
    const added = (pick: (statement: Statement) => number) => pick(first) + pick(second);
    for (const pick of [
      (statement: Statement) => statement.totals.cashIn.count,
      (statement: Statement) => statement.totals.cashIn.amountCents,
      (statement: Statement) => statement.totals.cashOut.amountCents,
      (statement: Statement) => statement.totals.feeCents,
      (statement: Statement) => statement.totals.netCents,
      (statement: Statement) => statement.totals.apart.REJECTED.amountCents,
      (statement: Statement) => statement.totals.apart.UNKNOWN.amountCents,
      // The balances too: the consolidated from the rollups, each store's from its own rows.
      (statement: Statement) => statement.balances.openingCents,
      (statement: Statement) => statement.balances.closingCents,
    ])
      expect(added(pick)).toBe(pick(all));
    // The month, read live, adds up the same way.
    const month = { kind: "month", month: day.slice(0, 7) } as const;
    const [monthAll, monthFirst, monthSecond] = await Promise.all(
      [merchantWideScope(), storeScopeOfGrants([FIRST_STORE_ID]), storeScopeOfGrants([storeB])].map((scope) =>
        loadStatement(database.db, scope, month, "cents"),
      ),
    );
    expect(monthFirst!.totals.netCents + monthSecond!.totals.netCents).toBe(monthAll!.totals.netCents);
  });

  it("writes an XLSX with number and date cells that add up to the totals", async () => {
    const statement = await loadStatement(database.db, merchantWideScope(), { kind: "day", day }, "cents");
    const workbook = await xlsxOf(statement, "pt-BR");
    const lines = workbook.getWorksheet("Lançamentos")!;
    expect(lines.rowCount).toBe(rowsInDay + 1);
    let amountCents = 0;
    lines.eachRow((row, number) => {
      if (number === 1) return;
      expect(row.getCell(1).value).toBeInstanceOf(Date);
      expect(row.getCell(2).value).toBeInstanceOf(Date);
      expect(typeof row.getCell(5).value).toBe("number");
      amountCents += Math.round((row.getCell(5).value as number) * 100);
    });
    expect(amountCents).toBe(seeded.reduce((sum, row) => sum + row.amountCents, 0));
    expect(lines.getRow(2).getCell(1).numFmt).toBe("dd/mm/yyyy hh:mm:ss");
    expect(lines.getRow(2).getCell(5).numFmt).toContain('"R$"');
    const summary = workbook.getWorksheet("Resumo")!;
    const netRow = summary.getRows(1, summary.rowCount)!.find((row) => String(row.getCell(1).value).startsWith("Líquido ("))!;
    expect(Math.round((netRow.getCell(3).value as number) * 100)).toBe(independentSums().net);
    // English labels and formats in the English workbook (the day before: one row, cheap).
    const english = await xlsxOf(await loadStatement(database.db, merchantWideScope(), { kind: "day", day: "2026-11-19" }, "cents"), "en");
    expect(english.getWorksheet("Transactions")!.getRow(2).getCell(1).numFmt).toBe("dd mmm yyyy hh:mm:ss");
  });

  it("writes a PDF that states the totals", async () => {
    // The day before: only the row a millisecond before the big day's start (the PDF of 10,000 rows is the benchmark's).
    const statement = await loadStatement(database.db, merchantWideScope(), { kind: "day", day: "2026-11-19" }, "cents");
    const chunks: Buffer[] = [];
    const document = statementPdf(statement, "en", { merchantName: "Loja Exemplo", identity: null });
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => document.on("end", resolve));
    const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
    const { text } = await extractText(pdf, { mergePages: true });
    const plain = text.replace(/\s+/g, " ");
    expect(plain).toContain("Statement of 19 Nov 2026");
    expect(plain).toContain(`Settled cash-in (1) ${formatBRL(777).replace(/\s+/g, " ")}`);
    // A month holds the big day and the two settled rows just outside it (the row being created is not counted).
    const month = await loadStatement(database.db, merchantWideScope(), { kind: "month", month: "2026-11" }, "cents");
    expect(month.totals.cashIn.amountCents).toBe(independentSums().cashIn + 777 + 888);
  });
});

describe("a store's balance", () => {
  it("is the net of its own settled rows before the instant, from the rollups kept per store, and follows a row moved to another store", async () => {
    // A day long before the seeded one, with nothing before it: the balances after it are these rows' nets.
    const early = "2026-10-01";
    const { start } = saoPauloDayRange(early);
    const at = (hour: number) => new Date(start.getTime() + hour * 3_600_000);
    const row = (storeId: string, kind: "CASH_IN" | "CASH_OUT", amountCents: number, tax: string | null, hour: number): Seed => ({
      kind,
      creationState: "created",
      status: "SUCCEED",
      walletTransactionId: `early-${randomUUID()}`,
      amountCents,
      tax,
      createdAt: at(hour),
      idempotencyKey: randomUUID(),
      storeId,
    });
    const inserted = await database.db
      .insert(transactions)
      .values([
        row(FIRST_STORE_ID, "CASH_IN", 10_000, "100", 9),
        row(FIRST_STORE_ID, "CASH_OUT", 3_000, null, 10),
        row(storeB, "CASH_IN", 5_000, "50", 11),
        // Not settled: never in a balance.
        { ...row(storeB, "CASH_IN", 7_000, null, 12), status: "PENDING" },
      ])
      .returning({ id: transactions.id });
    const moved = inserted[0];
    const next = { kind: "day", day: "2026-10-02" } as const;
    const balances = async (id: string) => (await loadStatement(database.db, storeScopeOfGrants([id]), next, "cents")).balances;
    // Store A: 10,000 − 100 of fee − 3,000; store B: 5,000 − 50.
    expect(await balances(FIRST_STORE_ID)).toEqual({ openingCents: 6_900, closingCents: 6_900 });
    expect(await balances(storeB)).toEqual({ openingCents: 4_950, closingCents: 4_950 });
    // Within the day (an instant that is not a midnight): the rows booked before it only.
    expect(await settledNetOfStoresBefore(database.db, storeScopeOfGrants([FIRST_STORE_ID]), at(9.5), "cents")).toBe(9_900);
    // The charge moved to store B takes its 9,900 with it.
    await database.db.update(transactions).set({ storeId: storeB }).where(eq(transactions.id, moved!.id));
    expect(await balances(FIRST_STORE_ID)).toEqual({ openingCents: -3_000, closingCents: -3_000 });
    expect(await balances(storeB)).toEqual({ openingCents: 14_850, closingCents: 14_850 });
    // Gone again: closing a day closes every day from the first booked one (the tests below).
    await database.db.delete(transactions).where(
      inArray(
        transactions.id,
        inserted.map((row) => row.id),
      ),
    );
    expect(await balances(storeB)).toEqual({ openingCents: 0, closingCents: 0 });
  });
});

describe("closing a day", () => {
  const closedDay = "2026-11-10";
  const nextDay = "2026-11-11";
  const actor = { id: "finance-1", email: "finance@example.com" };
  const ids = { pending: randomUUID(), settled: randomUUID() };

  it("freezes it; a late callback appears once, as an adjustment on the next open day", async () => {
    const { start } = saoPauloDayRange(closedDay);
    await database.db.insert(transactions).values([
      {
        id: ids.pending,
        kind: "CASH_IN",
        creationState: "created",
        status: "PENDING",
        walletTransactionId: "late-1",
        amountCents: 10_000,
        tax: "100",
        isSandbox: true,
        createdAt: new Date(start.getTime() + 3_600_000),
        idempotencyKey: randomUUID(),
      },
      {
        id: ids.settled,
        kind: "CASH_IN",
        creationState: "created",
        status: "SUCCEED",
        walletTransactionId: "paid-1",
        amountCents: 5_000,
        tax: "50",
        isSandbox: true,
        createdAt: new Date(start.getTime() + 7_200_000),
        idempotencyKey: randomUUID(),
      },
    ]);
    const frozen = await closeDay(database.db, closedDay, actor, "cents");
    expect(frozen.cashIn).toEqual({ count: 1, amountCents: 5_000, feeCents: 50 });
    await expect(closeDay(database.db, closedDay, actor, "cents")).rejects.toBeInstanceOf(DayAlreadyClosedError);

    // The wallet's answer for the pending charge comes after the day was closed and says it was
    // paid on that day (a settled creation answer is dated by the wallet's createdAt,
    // lib/transactions/record-wallet-creation.ts): the closed day cannot take it in.
    await database.db
      .update(transactions)
      .set({ status: "SUCCEED", statusChangedAt: new Date(start.getTime() + 20 * 3_600_000) })
      .where(eq(transactions.id, ids.pending));
    // The closed day is unchanged: its totals and its lines as they were.
    const closed = await loadStatement(database.db, merchantWideScope(), { kind: "day", day: closedDay }, "cents");
    expect(closed.closed?.closedByEmail).toBe(actor.email);
    expect(closed.totals).toEqual(frozen);
    const closedLines = [];
    for await (const batch of closed.lines()) closedLines.push(...batch);
    expect(closedLines.find((line) => line.transactionId === ids.pending)?.state).toBe("PENDING");

    // The next open day carries the change as one adjustment.
    const next = await loadStatement(database.db, merchantWideScope(), { kind: "day", day: nextDay }, "cents");
    expect(next.adjustments).toHaveLength(1);
    expect(next.adjustments[0]).toMatchObject({
      transactionId: ids.pending,
      previousState: "PENDING",
      state: "SETTLED",
      originalDay: closedDay,
      netCents: 9_900,
    });
    expect(next.totals.adjustments).toEqual({ count: 1, netCents: 9_900 });

    // Closing the next day takes the adjustment in; the day after has none left, and the closed next day keeps it.
    const nextFrozen = await closeDay(database.db, nextDay, actor, "cents");
    expect(nextFrozen.adjustments).toEqual({ count: 1, netCents: 9_900 });
    expect((await loadStatement(database.db, merchantWideScope(), { kind: "day", day: "2026-11-12" }, "cents")).adjustments).toEqual([]);
    const nextClosed = await loadStatement(database.db, merchantWideScope(), { kind: "day", day: nextDay }, "cents");
    expect(nextClosed.adjustments.map((line) => [line.transactionId, line.previousState, line.state, line.netCents])).toEqual([
      [ids.pending, "PENDING", "SETTLED", 9_900],
    ]);
    // A month is always the live ledger: the late payment counts where it belongs.
    const month = periodRange({ kind: "month", month: "2026-11" });
    expect(month.start.toISOString()).toBe("2026-11-01T03:00:00.000Z");
  });
});

describe("the download route and the close action", () => {
  it("streams an XLSX and refuses a malformed period; closing is for finance and admins, once, audited", async () => {
    const { createOperatorSession, installTestRuntime, requestState } = await import("@/test/support/action-harness");
    const { GET } = await import("@/app/api/statements/route");
    const { closeDayAction } = await import("@/lib/actions/close-day-action");
    const { auth } = installTestRuntime(database);
    const viewer = await createOperatorSession(auth, { email: "statements-viewer@example.com", role: "viewer" });
    const finance = await createOperatorSession(auth, { email: "statements-finance@example.com", role: "finance" });
    requestState.headers = viewer;
    const download = await GET(new Request("http://localhost:3999/api/statements?day=2026-11-19&format=xlsx&lang=en", { headers: viewer }));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("statement-2026-11-19.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    expect(workbook.getWorksheet("Transactions")!.rowCount).toBe(2);
    expect((await GET(new Request("http://localhost:3999/api/statements?day=2026-02-30", { headers: viewer }))).status).toBe(400);

    expect(await closeDayAction({ day: "2026-11-05" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    requestState.headers = finance;
    expect(await closeDayAction({ day: "2026-11-05" })).toEqual({ ok: true, data: { day: "2026-11-05" } });
    expect(await closeDayAction({ day: "2026-11-05" })).toMatchObject({ ok: false, error: "errors.statements.alreadyClosed" });
    expect(await closeDayAction({ day: "2999-01-01" })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    requestState.headers = new Headers();
  });
});

describe("the accounting export", () => {
  it("has one balanced entry per settled movement and one per fee, in CSV and XLSX", async () => {
    const { accountingCsv, writeAccountingXlsx } = await import("@/lib/statements/accounting-export");
    const { csvDialects } = await import("@/lib/ledger/csv");
    const accounts = { wallet: "1.1 Wallet", revenue: "3.1 Sales", payables: "2.1 Suppliers", fees: "4.1 Fees" };
    const statement = await loadStatement(database.db, merchantWideScope(), { kind: "day", day: "2026-11-10" }, "cents");
    let csv = "";
    for await (const chunk of accountingCsv(statement, accounts, "pt-BR", csvDialects.br)) csv += chunk;
    const rows = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((line) => line.split(";"));
    expect(rows[0]).toEqual(["Data", "Histórico", "Conta débito", "Conta crédito", "Valor", "Documento"]);
    // The closed day as it was closed: the charge settled then, a sale and its fee (the late one is not there).
    expect(rows.slice(1).map((row) => [row[0], row[2], row[3], row[4]])).toEqual([
      ["10/11/2026", "1.1 Wallet", "3.1 Sales", "50,00"],
      ["10/11/2026", "4.1 Fees", "1.1 Wallet", "0,50"],
    ]);
    // The late payment is booked on the day that took in its adjustment.
    let next = "";
    const nextDay = await loadStatement(database.db, merchantWideScope(), { kind: "day", day: "2026-11-11" }, "cents");
    for await (const chunk of accountingCsv(nextDay, accounts, "pt-BR", csvDialects.br)) next += chunk;
    expect(
      next
        .trim()
        .split("\r\n")
        .slice(1)
        .map((line) => line.split(";"))
        .map((row) => [row[0], row[2], row[3], row[4]]),
    ).toEqual([
      ["11/11/2026", "1.1 Wallet", "3.1 Sales", "100,00"],
      ["11/11/2026", "4.1 Fees", "1.1 Wallet", "1,00"],
    ]);
    const chunks: Buffer[] = [];
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    await writeAccountingXlsx(statement, accounts, "en", stream);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Entries")!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    expect(typeof sheet.getRow(2).getCell(5).value).toBe("number");
  });
});
