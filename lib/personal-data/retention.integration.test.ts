// The retention job on both databases: exactly the transactions older than the limit lose their
// payer's or recipient's personal fields (columns, stored wallet answer, callback bodies, payout
// row), younger ones are untouched, the Overview's totals stay the same, a second run finds nothing,
// and a run while another instance holds the lease does nothing.
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summariseLedger } from "@/lib/db/queries/overview";
import {
  anonymisedTransactions,
  auditEvents,
  callbackDeliveries,
  callbackQuarantine,
  cashOutRequestItems,
  cashOutRequests,
  scheduledJobLeases,
  transactions,
} from "@/lib/db/schema";
import { anonymisedMark } from "@/lib/personal-data/anonymise";
import { retentionJobName, runRetentionJob } from "@/lib/personal-data/retention-job";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

let database: TestDatabase;
const now = new Date("2026-11-20T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);
const oldIds: string[] = [];
const youngIds: string[] = [];

async function cashIn(createdAt: Date, n: number): Promise<string> {
  const payer = { name: `Pessoa ${n}`, email: `pessoa${n}@example.com`, document: `1234567890${n}`, phone: `+55119876543${20 + n}` };
  const [row] = await database.db
    .insert(transactions)
    .values({
      kind: "CASH_IN",
      creationState: "created",
      status: n % 2 ? "SUCCEED" : "PENDING",
      walletTransactionId: `w-${randomUUID()}`,
      amountCents: 1_000 * n,
      payerName: payer.name,
      payerEmail: payer.email,
      payerDocument: payer.document,
      payerPhone: payer.phone,
      invoiceDescription: `Pedido de ${payer.email}`,
      walletResponse: { id: "w", value: 1_000 * n, payer },
      idempotencyKey: randomUUID(),
      createdAt,
    })
    .returning({ id: transactions.id, walletTransactionId: transactions.walletTransactionId });
  await database.db.insert(callbackDeliveries).values({
    walletTransactionId: row!.walletTransactionId!,
    transactionId: row!.id,
    status: "SUCCEED",
    outcome: "applied",
    body: { id: row!.walletTransactionId, status: "SUCCEED", payer, description: `pago por ${payer.document}` },
    receivedAt: createdAt,
  });
  return row!.id;
}

async function cashOut(createdAt: Date, n: number): Promise<string> {
  const [row] = await database.db
    .insert(transactions)
    .values({
      kind: "CASH_OUT",
      creationState: "created",
      status: "SUCCEED",
      amountCents: 500 * n,
      pixKeyType: "EMAIL",
      pixKey: `destino${n}@example.com`,
      idempotencyKey: randomUUID(),
      createdAt,
    })
    .returning({ id: transactions.id });
  const [request] = await database.db
    .insert(cashOutRequests)
    .values({
      kind: "single",
      state: "approved",
      idempotencyKey: randomUUID(),
      totalCents: 500 * n,
      itemCount: 1,
      requestedByUserId: "u",
      requestedByEmail: "finance@example.com",
      createdAt,
      expiresAt: createdAt,
    })
    .returning({ id: cashOutRequests.id });
  await database.db.insert(cashOutRequestItems).values({
    requestId: request!.id,
    line: 1,
    amountCents: 500 * n,
    pixKeyType: "EMAIL",
    pixKey: `destino${n}@example.com`,
    idempotencyKey: randomUUID(),
    transactionId: row!.id,
  });
  return row!.id;
}

const everything = { start: daysAgo(400), end: now };
const totalsBySql = async () =>
  (
    (await database.db.execute(
      sql`select kind, status, count(*)::int as n, sum(amount_cents)::bigint::text as total from transactions group by 1, 2 order by 1, 2`,
    )) as unknown as { rows: unknown[] }
  ).rows;

beforeAll(async () => {
  database = await openTestDatabase();
  oldIds.push(await cashIn(daysAgo(31), 1), await cashIn(daysAgo(200), 2), await cashOut(daysAgo(45), 3));
  youngIds.push(await cashIn(daysAgo(29), 4), await cashOut(daysAgo(1), 5));
  await database.db.insert(callbackQuarantine).values([
    { reason: "not_json", rawBody: "payer=pessoa9@example.com&cpf=123.456.789-09", receivedAt: daysAgo(60) },
    { reason: "not_json", rawBody: "payer=recente@example.com", receivedAt: daysAgo(2) },
  ]);
  // Audit rows as written before issue #46 (a full export's raw query, a reason quoting an e-mail):
  // those naming an anonymised payer or recipient lose the identifier, the young payer's stay.
  await database.db.insert(auditEvents).values([
    { action: "personal_data.export_full", outcome: "success", details: { export: "transactions", query: "?q=123.456.789-01" } },
    { action: "personal_data.export_full", outcome: "success", details: { query: "?q=PESSOA2@example.com&kind=CASH_IN" } },
    { action: "cash_out_request.reject", outcome: "success", details: { reason: "chave destino3@example.com errada" } },
    { action: "personal_data.export_full", outcome: "success", details: { query: "?q=12345678904" } },
  ]);
});
afterAll(async () => {
  await database.dispose();
});

describe("the retention job", () => {
  it("does nothing while another instance holds its lease", async () => {
    await database.db
      .insert(scheduledJobLeases)
      .values({ name: retentionJobName, holder: "other-instance", leaseUntil: new Date(Date.now() + 60_000) });
    expect(await runRetentionJob(database.db, { retentionDays: 30, now })).toEqual({ ran: false });
    expect(await database.db.select().from(anonymisedTransactions)).toEqual([]);
    await database.db.delete(scheduledJobLeases).where(eq(scheduledJobLeases.name, retentionJobName));
  });

  it("anonymises exactly the rows past the limit, keeping amounts, statuses, dates and the Overview's totals", async () => {
    const youngBefore = await database.db.select().from(transactions).where(inArray(transactions.id, youngIds));
    const overviewBefore = await summariseLedger(database.db, merchantWideScope(), everything);
    const totalsBefore = await totalsBySql();
    expect(totalsBefore).toHaveLength(3);
    const oldBefore = await database.db.select().from(transactions).where(inArray(transactions.id, oldIds));

    const outcome = await runRetentionJob(database.db, { retentionDays: 30, now, batchSize: 2 });
    expect(outcome).toEqual({ ran: true, result: { transactions: 3, unmatchedDeliveries: 0, quarantined: 1, requestItems: 0 } });

    const marked = await database.db.select().from(anonymisedTransactions);
    expect(marked.map((row) => row.transactionId).sort()).toEqual([...oldIds].sort());
    expect(marked.every((row) => row.cause === "retention")).toBe(true);

    const oldAfter = await database.db.select().from(transactions).where(inArray(transactions.id, oldIds));
    for (const row of oldAfter) {
      const before = oldBefore.find((candidate) => candidate.id === row.id)!;
      expect(row).toMatchObject({
        payerName: null,
        payerEmail: null,
        payerDocument: null,
        payerPhone: null,
        pixKey: null,
        amountCents: before.amountCents,
        status: before.status,
        kind: before.kind,
        pixKeyType: before.pixKeyType,
        createdAt: before.createdAt,
        walletTransactionId: before.walletTransactionId,
      });
      expect(JSON.stringify(row)).not.toMatch(/pessoa\d@|destino\d@|1234567890\d|98765432/);
    }
    const cashInAfter = oldAfter.find((row) => row.kind === "CASH_IN" && row.walletResponse)!;
    expect(cashInAfter.walletResponse).toMatchObject({ id: "w", payer: { name: anonymisedMark, email: anonymisedMark } });
    expect(cashInAfter.invoiceDescription).toBe(`Pedido de ${anonymisedMark}`);

    const bodies = await database.db.select().from(callbackDeliveries).where(inArray(callbackDeliveries.transactionId, oldIds));
    expect(bodies).toHaveLength(2);
    for (const delivery of bodies) {
      expect(delivery.body).toMatchObject({
        status: "SUCCEED",
        payer: { document: anonymisedMark },
        description: `pago por ${anonymisedMark}`,
      });
    }
    const items = await database.db.select().from(cashOutRequestItems).where(inArray(cashOutRequestItems.transactionId, oldIds));
    expect(items.map((item) => [item.pixKey, item.amountCents])).toEqual([[anonymisedMark, 1_500]]);
    const quarantine = await database.db.select().from(callbackQuarantine).orderBy(callbackQuarantine.receivedAt);
    expect(quarantine.map((row) => row.rawBody)).toEqual([`payer=${anonymisedMark}&cpf=${anonymisedMark}`, "payer=recente@example.com"]);

    const audited = await database.db.select().from(auditEvents).orderBy(auditEvents.occurredAt, auditEvents.id);
    const auditText = JSON.stringify(audited.map((event) => event.details));
    expect(auditText).not.toMatch(/123\.?456\.?789-?01|pessoa2@|destino3@/i);
    expect(audited.map((event) => event.details)).toEqual(
      expect.arrayContaining([
        { export: "transactions", query: `?q=${anonymisedMark}` },
        { query: `?q=${anonymisedMark}&kind=CASH_IN` },
        { reason: `chave ${anonymisedMark} errada` },
        // The young payer's identifier is not the job's to remove.
        { query: "?q=12345678904" },
      ]),
    );

    // Younger rows untouched; the books add up the same.
    expect(await database.db.select().from(transactions).where(inArray(transactions.id, youngIds))).toEqual(youngBefore);
    expect(await summariseLedger(database.db, merchantWideScope(), everything)).toEqual(overviewBefore);
    expect(await totalsBySql()).toEqual(totalsBefore);
  });

  it("finds nothing more on the next run", async () => {
    expect(await runRetentionJob(database.db, { retentionDays: 30, now })).toEqual({
      ran: true,
      result: { transactions: 0, unmatchedDeliveries: 0, quarantined: 0, requestItems: 0 },
    });
  });
});
