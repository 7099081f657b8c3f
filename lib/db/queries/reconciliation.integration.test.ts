// The Reconciliation page's problems on a real database: each counted, its newest rows, and the
// ledger filtered as the page's link filters it holding exactly that problem's rows (issue #52).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listLedgerPage } from "@/lib/db/queries/ledger";
import { findReconciliationProblems, reconciliationPreviewRows } from "@/lib/db/queries/reconciliation";
import { transactions } from "@/lib/db/schema";
import { parseLedgerQuery } from "@/lib/schemas/ledger-filters";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

let database: TestDatabase;
const now = new Date("2026-11-20T15:00:00.000Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const expiredIds: string[] = [];
const unknownIds: string[] = [];

type Values = typeof transactions.$inferInsert;
async function insert(values: Omit<Values, "idempotencyKey" | "amountCents"> & Partial<Values>): Promise<string> {
  const [row] = await database.db
    .insert(transactions)
    .values({ amountCents: 1_000, idempotencyKey: randomUUID(), ...values })
    .returning({ id: transactions.id });
  return row!.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const pendingCashIn = { kind: "CASH_IN", creationState: "created", status: "PENDING" } as const;
  // 12 charges past their expiry with no final status (created an hour apart, the newest last).
  for (let index = 0; index < 12; index += 1)
    expiredIds.unshift(await insert({ ...pendingCashIn, createdAt: minutesAgo(900 - index * 60), expiresAt: minutesAgo(30) }));
  // Not that problem: not expired yet, paid after its expiry, its status goes to its own callback URL, a cash-out.
  await insert({ ...pendingCashIn, createdAt: minutesAgo(20), expiresAt: minutesAgo(-10) });
  await insert({ ...pendingCashIn, status: "SUCCEED", createdAt: minutesAgo(200), expiresAt: minutesAgo(30) });
  await insert({
    ...pendingCashIn,
    customCallbackUrl: "https://erp.example.com/cb",
    createdAt: minutesAgo(200),
    expiresAt: minutesAgo(30),
  });
  await insert({ kind: "CASH_OUT", creationState: "created", status: "PENDING", createdAt: minutesAgo(200), expiresAt: minutesAgo(30) });
  // Creations without an outcome: two with an unknown outcome and one still being created, old enough; one too recent.
  unknownIds.push(await insert({ kind: "CASH_OUT", creationState: "outcome_unknown", createdAt: minutesAgo(40) }));
  unknownIds.push(await insert({ kind: "CASH_OUT", creationState: "outcome_unknown", createdAt: minutesAgo(90) }));
  await insert({ kind: "CASH_OUT", creationState: "creating", createdAt: minutesAgo(60) });
  await insert({ kind: "CASH_OUT", creationState: "outcome_unknown", createdAt: minutesAgo(5) });
});

afterAll(async () => {
  await database.dispose();
});

describe("reconciliation problems", () => {
  it("counts the expired charges, shows the newest, and the ledger's expired filter lists exactly them", async () => {
    const { expired } = await findReconciliationProblems(database.db, merchantWideScope(), { olderThan: minutesAgo(30), now });
    expect(expired).toMatchObject({ count: 12, capped: false });
    expect(expired.rows.map((row) => row.id)).toEqual(expiredIds.slice(0, reconciliationPreviewRows));
    const link = parseLedgerQuery(new URLSearchParams({ kind: "CASH_IN", status: "PENDING", expired: "1" }), undefined, now);
    expect(link.errors).toEqual({});
    expect((await listLedgerPage(database.db, merchantWideScope(), link.filters)).rows.map((row) => row.id)).toEqual(expiredIds);
    // The filter alone is the problem too (the link's kind and status only show it in the chips).
    const alone = parseLedgerQuery(new URLSearchParams({ expired: "1" }), undefined, now);
    expect((await listLedgerPage(database.db, merchantWideScope(), alone.filters)).rows.map((row) => row.id)).toEqual(expiredIds);
    expect(parseLedgerQuery(new URLSearchParams({ expired: "yes" }), undefined, now).errors.expired).toBe("errors.ledger.expired");
  });

  it("counts the creations without an outcome, those still being created apart, and the ledger lists the others", async () => {
    const { unsettled } = await findReconciliationProblems(database.db, merchantWideScope(), { olderThan: minutesAgo(30), now });
    expect(unsettled).toMatchObject({ count: 3, capped: false, stillCreating: 1 });
    expect(unsettled.rows.map((row) => row.creationState)).toEqual(["outcome_unknown", "creating", "outcome_unknown"]);
    const link = parseLedgerQuery(new URLSearchParams({ status: "UNKNOWN", older: "30" }), undefined, now);
    expect((await listLedgerPage(database.db, merchantWideScope(), link.filters)).rows.map((row) => row.id)).toEqual(unknownIds);
  });

  it("shows only as many rows as asked, the count still whole", async () => {
    const { expired: few } = await findReconciliationProblems(database.db, merchantWideScope(), { olderThan: minutesAgo(30), now }, 2);
    expect(few.rows).toHaveLength(2);
    expect(few.count).toBe(12);
  });
});
