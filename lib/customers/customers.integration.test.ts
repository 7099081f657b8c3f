// The customers directory (migration 0019's rollup) against sums worked out here from the ledger
// rows themselves: 10,000 rows inserted in bulk over 700 documents, then callbacks that move
// statuses, a row deleted and a document erased; after each, every customer's figures equal the
// independent sums. Searches by document, name and e-mail; the page masks as the ledger does.
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerViewOf } from "@/lib/customers/customer-view";
import { customersPageSize, findCustomer, listCustomerCharges, listCustomersPage } from "@/lib/db/queries/customers";
import { customers, transactions } from "@/lib/db/schema";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { seededRandom } from "@/test/support/seeded-random";

let database: TestDatabase;
const rowCount = 10_000;
const documentCount = 700;

/** Eleven digits per index: documents need not be valid CPFs for the rollup (it keys what the ledger stores). */
const documentOf = (n: number) => String(10_000_000_000 + n * 7919);

beforeAll(async () => {
  database = await openTestDatabase();
  const next = seededRandom(11);
  const statuses = ["PENDING", "SUCCEED", "SUCCEED", "CANCELED", "FAILED"] as const;
  const start = Date.parse("2025-05-01T12:00:00Z");
  const rows: Array<typeof transactions.$inferInsert> = [];
  for (let n = 0; n < rowCount; n++) {
    // Every document gets about fourteen rows, spread over the period.
    const person = (n * 37) % documentCount;
    const roll = next();
    const creationState = roll < 0.03 ? "outcome_unknown" : roll < 0.05 ? "rejected" : roll < 0.07 ? "creating" : "created";
    const status = creationState === "created" ? statuses[Math.floor(next() * statuses.length)]! : null;
    const createdAt = new Date(start + Math.floor(next() * 60 * 86_400_000));
    rows.push({
      kind: next() < 0.85 ? "CASH_IN" : "CASH_OUT",
      creationState,
      status,
      amountCents: 100 + Math.floor(next() * 300_000),
      payerDocument: next() < 0.97 ? documentOf(person) : null,
      payerName: `Pessoa ${person} ${next() < 0.2 ? "Souza" : "Silva"}`,
      payerEmail: next() < 0.9 ? `pessoa${person}@Example.com` : null,
      payerPhone: next() < 0.5 ? `+55119${String(person).padStart(8, "0")}` : null,
      statusChangedAt: status === "SUCCEED" ? new Date(createdAt.getTime() + Math.floor(next() * 3_600_000)) : null,
      createdAt,
      idempotencyKey: randomUUID(),
    });
  }
  for (let first = 0; first < rows.length; first += 1_000) await database.db.insert(transactions).values(rows.slice(first, first + 1_000));
}, 240_000);
afterAll(async () => {
  await database?.dispose();
});

type Figures = {
  chargesCount: number;
  paidCount: number;
  paidAmountCents: number;
  firstPaidAt: number | null;
  lastPaidAt: number | null;
  firstSeenAt: number;
  lastSeenAt: number;
  names: string[];
  emails: string[];
};

/** The directory worked out in TypeScript from every ledger row. */
async function expectedFromLedger(): Promise<Map<string, Figures>> {
  const ledger = await database.db.select().from(transactions);
  const expected = new Map<string, Figures>();
  for (const row of ledger) {
    if (row.kind !== "CASH_IN" || !row.payerDocument || !["created", "outcome_unknown"].includes(row.creationState)) continue;
    const figures = expected.get(row.payerDocument) ?? {
      chargesCount: 0,
      paidCount: 0,
      paidAmountCents: 0,
      firstPaidAt: null,
      lastPaidAt: null,
      firstSeenAt: Number.POSITIVE_INFINITY,
      lastSeenAt: Number.NEGATIVE_INFINITY,
      names: [],
      emails: [],
    };
    figures.chargesCount += 1;
    figures.firstSeenAt = Math.min(figures.firstSeenAt, row.createdAt.getTime());
    figures.lastSeenAt = Math.max(figures.lastSeenAt, row.createdAt.getTime());
    if (row.payerName && !figures.names.includes(row.payerName)) figures.names.push(row.payerName);
    const email = row.payerEmail?.toLowerCase();
    if (email && !figures.emails.includes(email)) figures.emails.push(email);
    if (row.status === "SUCCEED") {
      const paidAt = (row.statusChangedAt ?? row.createdAt).getTime();
      figures.paidCount += 1;
      figures.paidAmountCents += row.amountCents;
      figures.firstPaidAt = Math.min(figures.firstPaidAt ?? paidAt, paidAt);
      figures.lastPaidAt = Math.max(figures.lastPaidAt ?? paidAt, paidAt);
    }
    expected.set(row.payerDocument, figures);
  }
  return expected;
}

async function expectDirectoryEqualsLedger() {
  const expected = await expectedFromLedger();
  const rows = await database.db.select().from(customers);
  const actual = new Map(
    rows.map((row) => [
      row.document,
      {
        chargesCount: row.chargesCount,
        paidCount: row.paidCount,
        paidAmountCents: row.paidAmountCents,
        firstPaidAt: row.firstPaidAt?.getTime() ?? null,
        lastPaidAt: row.lastPaidAt?.getTime() ?? null,
        firstSeenAt: row.firstSeenAt?.getTime(),
        lastSeenAt: row.lastSeenAt?.getTime(),
        names: [...row.names].sort(),
        emails: [...row.emails].sort(),
      },
    ]),
  );
  for (const figures of expected.values()) {
    // The directory keeps the first ten of each, in order.
    figures.names = figures.names.sort().slice(0, 10);
    figures.emails = figures.emails.sort().slice(0, 10);
  }
  expect(actual.size).toBe(expected.size);
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
  const totals = (map: Map<string, Figures>) =>
    [...map.values()].reduce((sum, figures) => ({ count: sum.count + figures.paidCount, cents: sum.cents + figures.paidAmountCents }), {
      count: 0,
      cents: 0,
    });
  expect(totals(actual as Map<string, Figures>)).toEqual(totals(expected));
  return expected;
}

/** The directory as the triggers keep it equals a full recount of every customer (all columns but the id). */
async function expectRecountAgrees() {
  const snapshot = async () =>
    Object.fromEntries((await database.db.select().from(customers)).map(({ id: _id, ...row }) => [row.document, row]));
  const kept = await snapshot();
  await database.db.execute(sql`select customers_recount(array(select document from customers))`);
  expect(await snapshot()).toEqual(kept);
}

describe("customers directory", () => {
  it("equals independent sums over 10,000 ledger rows inserted in bulk", async () => {
    const expected = await expectDirectoryEqualsLedger();
    // Hundreds of customers, most with several charges: the sums are over real groups.
    expect(expected.size).toBeGreaterThan(650);
    expect([...expected.values()].filter((figures) => figures.paidCount > 1).length).toBeGreaterThan(500);
    await expectRecountAgrees();
  }, 120_000);

  it("follows callbacks, a deletion and an erasure", async () => {
    const pending = await database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(sql`${transactions.status} = 'PENDING' and ${transactions.kind} = 'CASH_IN'`)
      .limit(300);
    const ids = pending.map((row) => row.id);
    await database.db
      .update(transactions)
      .set({ status: "SUCCEED", statusChangedAt: new Date("2025-08-01T10:00:00Z") })
      .where(inArray(transactions.id, ids.slice(0, 200)));
    await database.db.delete(transactions).where(inArray(transactions.id, ids.slice(200, 210)));
    // An erasure takes the document off every row that carried it: the customer leaves the directory.
    await database.db
      .update(transactions)
      .set({ payerDocument: null, payerName: null })
      .where(eq(transactions.payerDocument, documentOf(3)));
    await expectDirectoryEqualsLedger();
    const [erased] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.document, documentOf(3)));
    expect(erased).toBeUndefined();
    await expectRecountAgrees();
  }, 120_000);

  it("adds a charge's creation and payment row by row, as the app writes them, and agrees with a full recount", async () => {
    // Migration 0036: a change that only adds (a charge starts to count, a counted charge is paid) is
    // added to the customer's row without reading the customer's other rows; the rest is recounted.
    const at = (iso: string) => new Date(iso);
    const charge = async (values: Partial<typeof transactions.$inferInsert>) => {
      const [row] = await database.db
        .insert(transactions)
        .values({ kind: "CASH_IN", creationState: "creating", amountCents: 1_000, idempotencyKey: randomUUID(), ...values })
        .returning({ id: transactions.id });
      return row!.id;
    };
    const update = (id: string, values: Partial<typeof transactions.$inferInsert>) =>
      database.db.update(transactions).set(values).where(eq(transactions.id, id));
    const known = documentOf(10);
    const fresh = "77788899900";
    // An existing customer: a charge created, answered PENDING, then paid by its callback.
    const first = await charge({
      payerDocument: known,
      payerName: "Zeta Nova",
      payerEmail: "Zeta@Example.com",
      createdAt: at("2026-01-02T10:00:00Z"),
    });
    await update(first, { creationState: "created", status: "PENDING" });
    await update(first, { status: "SUCCEED", statusChangedAt: at("2026-01-02T10:05:00Z") });
    // A callback that settled the row before the creation's answer: it counts, already paid.
    const early = await charge({
      payerDocument: known,
      payerName: "Ana Early",
      status: "SUCCEED",
      statusChangedAt: at("2026-01-03T09:00:00Z"),
      createdAt: at("2026-01-03T08:59:00Z"),
    });
    await update(early, { creationState: "created" });
    // An older charge answered late: its name joins the names, the latest name stays the newest charge's.
    const older = await charge({
      payerDocument: known,
      payerName: "Aaa Antiga",
      payerPhone: "+5511900000001",
      createdAt: at("2024-01-01T00:00:00Z"),
    });
    await update(older, { creationState: "outcome_unknown" });
    // Not paid: a failure adds nothing; a paid charge's time rewritten is recounted.
    const failed = await charge({ payerDocument: known, payerName: "Zeta Nova", createdAt: at("2026-01-04T00:00:00Z") });
    await update(failed, { creationState: "created", status: "PENDING" });
    await update(failed, { status: "FAILED", statusChangedAt: at("2026-01-04T00:01:00Z") });
    await update(first, { statusChangedAt: at("2026-01-02T10:06:00Z") });
    // A new customer, inserted already created, then twelve names one by one: ten are kept, in order.
    await charge({
      payerDocument: fresh,
      payerName: "Nome 05",
      creationState: "created",
      status: "SUCCEED",
      statusChangedAt: at("2026-02-01T00:00:00Z"),
      createdAt: at("2026-02-01T00:00:00Z"),
    });
    for (const n of [11, 3, 12, 1, 9, 2, 8, 10, 4, 7, 6]) {
      const id = await charge({
        payerDocument: fresh,
        payerName: `Nome ${String(n).padStart(2, "0")}`,
        createdAt: at(`2026-02-${String(n + 1).padStart(2, "0")}T00:00:00Z`),
      });
      await update(id, { creationState: "created", status: "PENDING" });
    }
    await expectDirectoryEqualsLedger();
    await expectRecountAgrees();
    const [found] = await database.db.select().from(customers).where(eq(customers.document, fresh));
    expect(found?.names).toEqual(Array.from({ length: 10 }, (_, i) => `Nome ${String(i + 1).padStart(2, "0")}`));
    expect(found?.latestName).toBe("Nome 12");
    expect(found?.chargesCount).toBe(12);
    const [kept] = await database.db.select().from(customers).where(eq(customers.document, known));
    expect(kept?.latestName).toBe("Zeta Nova");
    expect(kept?.names).toContain("Aaa Antiga");
  }, 60_000);

  it("finds a customer by document (any punctuation), a name's start or an e-mail's start", async () => {
    const document = documentOf(42);
    const formatted = `${document.slice(0, 3)}.${document.slice(3, 6)}.${document.slice(6, 9)}-${document.slice(9)}`;
    for (const search of [document, formatted, "pessoa 42 ", "PESSOA42@example"]) {
      const page = await listCustomersPage(database.db, { search });
      expect(page.rows.map((row) => row.document)).toContain(document);
    }
    const byName = await listCustomersPage(database.db, { search: "Pessoa 42" });
    expect(byName.rows.every((row) => row.names.some((name) => name.toLowerCase().startsWith("pessoa 42")))).toBe(true);
    expect((await listCustomersPage(database.db, { search: "nobody-like-this" })).rows).toEqual([]);
  });

  it("pages through every customer in order of the latest charge, none twice, each with the ledger's sums", async () => {
    const seen: string[] = [];
    // What the directory's page shows per customer, as its query serves it page by page.
    const shown = new Map<string, Pick<Figures, "chargesCount" | "paidCount" | "paidAmountCents" | "lastPaidAt">>();
    let page = await listCustomersPage(database.db, {});
    for (;;) {
      seen.push(...page.rows.map((row) => row.id));
      for (const row of page.rows)
        shown.set(row.document, {
          chargesCount: row.chargesCount,
          paidCount: row.paidCount,
          paidAmountCents: row.paidAmountCents,
          lastPaidAt: row.lastPaidAt?.getTime() ?? null,
        });
      if (!page.older) break;
      page = await listCustomersPage(database.db, { cursor: page.older });
    }
    const [counted] = await database.db.select({ count: sql<number>`count(*)::int` }).from(customers);
    expect(seen.length).toBeGreaterThan(customersPageSize);
    expect(new Set(seen).size).toBe(counted?.count);
    expect(seen.length).toBe(counted?.count);
    const expected = await expectedFromLedger();
    expect(Object.fromEntries(shown)).toEqual(
      Object.fromEntries(
        [...expected].map(([document, figures]) => [
          document,
          {
            chargesCount: figures.chargesCount,
            paidCount: figures.paidCount,
            paidAmountCents: figures.paidAmountCents,
            lastPaidAt: figures.lastPaidAt,
          },
        ]),
      ),
    );
  }, 60_000);

  it("shows a customer masked as the ledger masks payer data, with their latest charges", async () => {
    const [record] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.document, documentOf(42)));
    const found = await findCustomer(database.db, record!.id);
    const view = customerViewOf(found!);
    expect(view.maskedDocument).toBe(`***.${documentOf(42).slice(3, 6)}.${documentOf(42).slice(6, 9)}-**`);
    expect(JSON.stringify(view)).not.toContain(documentOf(42));
    expect(view.emails.every((email) => email.startsWith("p****"))).toBe(true);
    const charges = await listCustomerCharges(database.db, documentOf(42));
    expect(charges.length).toBe(Math.min(found!.chargesCount, 20));
  });
});
