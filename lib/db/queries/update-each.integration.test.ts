// updateEachById on both databases: each named row takes its own values (a text, a JSON document,
// null) in one statement, and no other row changes.
import { randomUUID } from "node:crypto";
import { asc, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tallyStatements } from "@/lib/db/statement-spans";
import { updateEachById } from "@/lib/db/queries/update-each";
import { transactions } from "@/lib/db/schema";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

describe("updateEachById", () => {
  it("writes each row's own values in one statement and leaves the other rows alone", async () => {
    const rows = await database.db
      .insert(transactions)
      .values(
        ["first", "second", "third"].map((name) => ({
          kind: "CASH_IN" as const,
          creationState: "created" as const,
          amountCents: 1_000,
          idempotencyKey: randomUUID(),
          invoiceDescription: `${name} description`,
          payerName: `${name} payer`,
          metadata: { order: name },
        })),
      )
      .returning({ id: transactions.id });
    const [first, second, third] = rows.map((row) => row.id);
    const columns = {
      invoiceDescription: transactions.invoiceDescription,
      payerName: transactions.payerName,
      metadata: transactions.metadata,
    };
    const { names } = await tallyStatements(() =>
      updateEachById(database.db, transactions, transactions.id, columns, [
        {
          id: first!,
          values: { invoiceDescription: "it's [anonimizado]", payerName: null, metadata: { order: "A-1", items: 2, paid: true } },
        },
        { id: second!, values: { invoiceDescription: null, payerName: 'Zoë "Z" Ñandú', metadata: {} } },
      ]),
    );
    expect(names).toEqual(["UPDATE transactions"]);
    const after = await database.db
      .select({
        id: transactions.id,
        invoiceDescription: transactions.invoiceDescription,
        payerName: transactions.payerName,
        metadata: transactions.metadata,
      })
      .from(transactions)
      .where(inArray(transactions.id, [first!, second!, third!]))
      .orderBy(asc(transactions.invoiceDescription));
    const byId = new Map(after.map((row) => [row.id, row]));
    expect(byId.get(first!)).toMatchObject({
      invoiceDescription: "it's [anonimizado]",
      payerName: null,
      metadata: { order: "A-1", items: 2, paid: true },
    });
    expect(byId.get(second!)).toMatchObject({ invoiceDescription: null, payerName: 'Zoë "Z" Ñandú', metadata: {} });
    expect(byId.get(third!)).toMatchObject({
      invoiceDescription: "third description",
      payerName: "third payer",
      metadata: { order: "third" },
    });
  });

  it("sends nothing for no rows", async () => {
    const { names } = await tallyStatements(() =>
      updateEachById(database.db, transactions, transactions.id, { payerName: transactions.payerName }, []),
    );
    expect(names).toEqual([]);
  });
});
