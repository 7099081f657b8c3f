// The list's two route handlers called as the server would, with real sessions: the CSV export
// (streamed, the whole filtered set, parsed back) and the batch live-status endpoint.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportCsv } from "@/app/api/transactions/export/route";
import { GET as getStatuses } from "@/app/api/transactions/statuses/route";
import { paymentLinks, transactions } from "@/lib/db/schema";
import { dictionaries } from "@/lib/i18n/messages";
import { csvDialects, ledgerCsvColumns } from "@/lib/ledger/csv";
import { ledgerCsvStream } from "@/lib/ledger/csv-export-stream";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { parseCsv } from "@/test/support/parse-csv";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

let database: TestDatabase;
let viewerHeaders: Headers;
const cashInIds: string[] = [];
let cashOutId = "";

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  viewerHeaders = await createOperatorSession(auth, { email: "viewer@example.com", role: "viewer" });
  // 1,203 cash-ins (more than two export batches) with awkward text, and one cash-out.
  await database.db.execute(sql`
    insert into ${transactions} (kind, creation_state, status, amount_cents, payer_name, payer_email, external_reference, idempotency_key, created_at)
    select 'CASH_IN', 'created', 'PENDING', 1000 + n, 'Payer, "' || n || '"', 'payer' || n || '@example.com', case when n % 2 = 0 then '=cmd|' || n else E'line\nbreak' end, 'export-' || n, timestamptz '2025-03-10 12:00:00Z' + (n / 3) * interval '1 second'
    from generate_series(1, 1203) as n`);
  const rows = await database.db.select({ id: transactions.id }).from(transactions);
  cashInIds.push(...rows.map((row) => row.id));
  const [cashOut] = await database.db
    .insert(transactions)
    .values({
      kind: "CASH_OUT",
      creationState: "created",
      status: "SUCCEED",
      amountCents: 123_456,
      pixKeyType: "PHONE",
      pixKey: "+5511987654321",
      idempotencyKey: randomUUID(),
      createdAt: new Date("2025-03-11T12:00:00Z"),
    })
    .returning({ id: transactions.id });
  cashOutId = cashOut!.id;
  await database.db
    .insert(transactions)
    .values({ kind: "CASH_IN", creationState: "creating", amountCents: 1, idempotencyKey: randomUUID() });
});
afterAll(async () => {
  await database.dispose();
});

describe("GET /api/transactions/export", () => {
  it("names the payment link a charge came from, in the last two columns, and only that charge's (#48)", async () => {
    const [link] = await database.db
      .insert(paymentLinks)
      .values({ slug: "feira-export", name: "Feira de domingo", amountCents: 2_500, chargeExpiryMinutes: 30 })
      .returning({ id: paymentLinks.id });
    const [charge] = await database.db
      .insert(transactions)
      .values({
        kind: "CASH_IN",
        creationState: "created",
        status: "SUCCEED",
        amountCents: 2_500,
        idempotencyKey: randomUUID(),
        paymentLinkId: link!.id,
        createdAt: new Date("2025-02-01T12:00:00Z"),
      })
      .returning({ id: transactions.id });
    requestState.headers = viewerHeaders;
    const response = await exportCsv(new Request(`http://localhost/api/transactions/export?link=${link!.id}`));
    expect(response.status).toBe(200);
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    const cells = (row: string[]) => Object.fromEntries(ledgerCsvColumns.map((column, index) => [column, row[index]]));
    expect(rows.slice(1).map(cells)).toEqual([
      expect.objectContaining({ id: charge!.id, payment_link_id: link!.id, payment_link_name: "Feira de domingo" }),
    ]);
    await database.db.delete(transactions).where(eq(transactions.id, charge!.id));
  });

  it("refuses a caller without a session", async () => {
    requestState.headers = new Headers();
    const response = await exportCsv(new Request("http://localhost/api/transactions/export"));
    expect(response.status).toBe(401);
  });

  it("streams the whole filtered set as CSV with a BOM, a dated file name and escaped cells", async () => {
    requestState.headers = viewerHeaders;
    const response = await exportCsv(
      new Request("http://localhost/api/transactions/export?kind=CASH_IN&status=PENDING&kind=nonsense-ignored"),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="transactions-\d{8}-\d{4}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1));
    expect(rows[0]).toEqual([...ledgerCsvColumns]);
    const body = rows.slice(1);
    expect(body).toHaveLength(1203);
    expect(new Set(body.map((row) => row[0])).size).toBe(1203);
    expect(new Set(body.map((row) => row[0]))).toEqual(new Set(cashInIds));
    const newest = Object.fromEntries(ledgerCsvColumns.map((column, index) => [column, body[0]![index]]));
    expect(newest).toMatchObject({
      kind: "CASH_IN",
      status: "PENDING",
      amount_reais: "22.03",
      amount_cents: "2203",
      payer_name: 'Payer, "1203"',
      // Masked: an export is in full only when asked for by a role allowed it (lib/personal-data/).
      payer_email: "p********@example.com",
      external_reference: "line\nbreak",
      created_at_utc: "2025-03-10T12:06:41.000Z",
      created_at_sao_paulo: "2025-03-10 09:06:41",
    });
    const even = body.find((row) => row[ledgerCsvColumns.indexOf("payer_name")] === 'Payer, "1202"')!;
    expect(even[ledgerCsvColumns.indexOf("external_reference")]).toBe("'=cmd|1202");
  });

  it("writes Brazilian CSV (; and 1234,56, labels in Portuguese) for a Portuguese operator, and standard CSV on request", async () => {
    requestState.headers = viewerHeaders;
    requestState.cookies.set("locale", "pt-BR");
    try {
      const brazilian = await (await exportCsv(new Request("http://localhost/api/transactions/export?kind=CASH_OUT"))).text();
      const [header, line] = brazilian.replace(/^\uFEFF/, "").split("\r\n");
      expect(header).toBe(ledgerCsvColumns.join(";"));
      const cells = Object.fromEntries(ledgerCsvColumns.map((column, index) => [column, line!.split(";")[index]]));
      expect(cells).toMatchObject({ amount_reais: "1234,56", status: "SUCCEED", status_label: "Paga", kind_label: "Envio PIX" });
      const standard = await (
        await exportCsv(new Request("http://localhost/api/transactions/export?kind=CASH_OUT&format=standard"))
      ).text();
      expect(standard.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(ledgerCsvColumns.join(","));
      expect(standard).toContain(",1234.56,");
    } finally {
      requestState.cookies.delete("locale");
    }
  });

  it("applies the search and amount filters like the list", async () => {
    requestState.headers = viewerHeaders;
    const response = await exportCsv(new Request("http://localhost/api/transactions/export?q=%2B5511&min=1.000"));
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(rows.slice(1).map((row) => row[0])).toEqual([cashOutId]);
    // Masked for a viewer (and guarded: "+55 **" is not a number-like key an export in full quotes as it is).
    expect(rows[1]![ledgerCsvColumns.indexOf("pix_key")]).toBe("'+55 ** *****-4321");
    expect(rows[1]![ledgerCsvColumns.indexOf("amount_reais")]).toBe("1234.56");
  });

  it("reads the database batch by batch as the client pulls, not all at once", async () => {
    const stream = ledgerCsvStream(
      database.db,
      merchantWideScope(),
      {},
      { dialect: csvDialects.standard, t: dictionaries.en, taxUnit: "cents" },
      100,
    );
    const reader = stream.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("wallet_transaction_id");
    const second = await reader.read();
    expect(new TextDecoder().decode(second.value).split("\r\n").filter(Boolean)).toHaveLength(100);
    await reader.cancel();
  });
});

describe("GET /api/transactions/statuses", () => {
  const call = (query: string) => getStatuses(new Request(`http://localhost/api/transactions/statuses${query}`));

  it("refuses a caller without a session", async () => {
    requestState.headers = new Headers();
    expect((await call(`?ids=${cashOutId}`)).status).toBe(401);
  });

  it("answers the statuses of up to 50 transactions", async () => {
    requestState.headers = viewerHeaders;
    const response = await call(`?ids=${cashOutId},${cashInIds[0]}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { statuses: Array<{ id: string; status: string }> };
    expect(Object.fromEntries(body.statuses.map((row) => [row.id, row.status]))).toEqual({
      [cashOutId]: "SUCCEED",
      [cashInIds[0]!]: "PENDING",
    });
  });

  it.each([
    ["no ids", "", "Give the transaction ids as ids=<id>,<id>."],
    ["an empty list", "?ids=", "Give at least one transaction id."],
    ["an id that is not a uuid", "?ids=1%20or%201=1", "Every id must be a transaction id (a UUID)."],
    ["more than 50 ids", `?ids=${Array.from({ length: 51 }, () => randomUUID()).join(",")}`, "Ask for at most 50 transactions at once."],
  ])("refuses %s with a 400 that says why", async (_label, query, message) => {
    requestState.headers = viewerHeaders;
    const response = await call(query);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ status: 400, detail: message });
  });
});
