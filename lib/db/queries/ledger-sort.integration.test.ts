// The ledger sorted by amount, by creation (oldest first) and by time paid, on a real database:
// keyset pages both ways across ties (equal amounts, equal paid times), each sort's own index chosen.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LedgerFilters, listLedgerPage } from "@/lib/db/queries/ledger";
import { transactions } from "@/lib/db/schema";
import { decodeLedgerCursor, encodeLedgerCursor, parseLedgerQuery } from "@/lib/schemas/ledger-filters";
import type { LedgerCursor, LedgerSort } from "@/lib/vocabulary/ledger-page";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

type Row = { id: string; amountCents: number; at: string; paidAt: string | null; kind: "CASH_IN" | "CASH_OUT" };

let database: TestDatabase;
const rows: Row[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  // 23 rows: amounts repeat (every third row shares an amount with another), every other row paid,
  // pairs of paid rows share a paid time; one row still being created, which no sort may show.
  for (let index = 0; index < 23; index += 1) {
    const paid = index % 2 === 0;
    const row: Row = {
      id: randomUUID(),
      amountCents: 1_000 + (index % 8) * 250,
      at: `2026-10-${String(1 + index).padStart(2, "0")}T12:00:00.000000Z`,
      paidAt: paid ? `2026-11-${String(1 + Math.floor(index / 4)).padStart(2, "0")}T09:30:00.123456Z` : null,
      kind: index % 3 === 0 ? "CASH_OUT" : "CASH_IN",
    };
    await database.db.insert(transactions).values({
      id: row.id,
      kind: row.kind,
      creationState: "created",
      status: paid ? "SUCCEED" : "PENDING",
      amountCents: row.amountCents,
      idempotencyKey: randomUUID(),
      createdAt: sql`${row.at}::timestamptz` as unknown as Date,
      statusChangedAt: row.paidAt ? (sql`${row.paidAt}::timestamptz` as unknown as Date) : null,
    });
    rows.push(row);
  }
  await database.db
    .insert(transactions)
    .values({ kind: "CASH_IN", creationState: "creating", amountCents: 999_999, idempotencyKey: randomUUID() });
});

afterAll(async () => {
  await database.dispose();
});

/** The rows in `sort`'s order, worked out without the code under test (ties by id, the same way). */
function expected(sort: LedgerSort, keep: (row: Row) => boolean = () => true): string[] {
  const column = sort.replace("-", "");
  const value = (row: Row) => (column === "amount" ? String(row.amountCents).padStart(12, "0") : column === "paid" ? row.paidAt! : row.at);
  const ordered = rows
    .filter((row) => keep(row) && (column !== "paid" || row.paidAt !== null))
    .sort((a, b) => (value(a) === value(b) ? (a.id < b.id ? -1 : 1) : value(a) < value(b) ? -1 : 1));
  return (sort.startsWith("-") ? ordered.reverse() : ordered).map((row) => row.id);
}

async function pagesOf(sort: LedgerSort, filters: LedgerFilters = {}, pageSize = 4) {
  const pages: string[][] = [];
  let cursor: LedgerCursor | undefined;
  let page = await listLedgerPage(database.db, merchantWideScope(), filters, cursor, pageSize, sort);
  for (;;) {
    pages.push(page.rows.map((row) => row.id));
    if (!page.older) break;
    // Through the URL, as the page's links carry it.
    cursor = decodeLedgerCursor(encodeLedgerCursor(page.older));
    page = await listLedgerPage(database.db, merchantWideScope(), filters, cursor, pageSize, sort);
  }
  return { pages, last: page };
}

describe("the ledger paid in a period (a view's ?paid=)", () => {
  it("lists the rows paid on that São Paulo day only, by time paid, across pages", async () => {
    // "Yesterday" seen from 2026-11-03 10:00 in São Paulo: paid on 2026-11-02.
    const { filters } = parseLedgerQuery({ paid: "yesterday", sort: "-paid" }, undefined, new Date("2026-11-03T13:00:00Z"));
    const { pages } = await pagesOf("-paid", filters, 1);
    const paidOnTheSecond = expected("-paid", (row) => row.paidAt?.startsWith("2026-11-02") === true);
    expect(paidOnTheSecond.length).toBe(2);
    expect(pages.flat()).toEqual(paidOnTheSecond);
  });
});

describe("the ledger sorted", () => {
  it.each(["-amount", "amount", "created", "-paid", "paid"] as const)(
    "by %s pages forwards through every row once, in order",
    async (sort) => {
      const filters = sort.endsWith("paid") ? parseLedgerQuery({ sort }).filters : {};
      const { pages } = await pagesOf(sort, filters);
      expect(pages.flat()).toEqual(expected(sort));
      expect(pages.slice(0, -1).every((page) => page.length === 4)).toBe(true);
    },
  );

  it("walks back with newer cursors to the same pages (by amount, ties included)", async () => {
    const { pages, last } = await pagesOf("-amount");
    let page = last;
    const seen = [page.rows.map((row) => row.id)];
    while (page.newer) {
      page = await listLedgerPage(database.db, merchantWideScope(), {}, page.newer, 4, "-amount");
      seen.unshift(page.rows.map((row) => row.id));
    }
    expect(seen).toEqual(pages);
  });

  it("keeps the filters under a sort", async () => {
    const { pages } = await pagesOf("amount", { kind: "CASH_OUT" });
    expect(pages.flat()).toEqual(expected("amount", (row) => row.kind === "CASH_OUT"));
  });

  it("lists paid rows only by time paid, showing that time", async () => {
    const page = await listLedgerPage(
      database.db,
      merchantWideScope(),
      parseLedgerQuery({ sort: "-paid" }).filters,
      undefined,
      50,
      "-paid",
    );
    expect(page.rows).toHaveLength(12);
    expect(page.rows[0]!.statusChangedAt).toEqual(new Date("2026-11-06T09:30:00.123Z"));
  });

  it.each([
    ["amount", "transactions_sort_amount_idx"],
    ["-paid", "transactions_sort_paid_idx"],
  ] as const)("reads the %s order from its index (%s), not by sorting the table", async (sort, index) => {
    const status = sort === "-paid" ? sql`and status = 'SUCCEED' and status_changed_at is not null` : sql``;
    const column = sql.raw(sort === "amount" ? "amount_cents" : "status_changed_at");
    const direction = sql.raw(sort.startsWith("-") ? "desc nulls last" : "asc nulls first");
    // On a table this small the planner would sort whatever indexes exist: forbid sorting and
    // scanning the table, so the plan shows whether an index can give the order at all.
    const plan = await database.db.transaction(async (transaction) => {
      await transaction.execute(sql`set local enable_sort = off`);
      await transaction.execute(sql`set local enable_seqscan = off`);
      await transaction.execute(sql`set local enable_bitmapscan = off`);
      return (await transaction.execute(
        sql`explain select id from transactions where creation_state in ('created', 'outcome_unknown') ${status}
            order by ${column} ${direction}, id ${direction} limit 51`,
      )) as unknown as { rows: Array<Record<string, string>> };
    });
    const text = plan.rows.map((row) => Object.values(row)[0]).join("\n");
    expect(text).toContain(index);
    expect(text).not.toMatch(/\bSort\b/);
  });
});

describe("the ledger's order in the URL", () => {
  it("drops the order of a search, and refuses time paid with another status than Paid", () => {
    expect(parseLedgerQuery({ q: "maria", sort: "-amount" }).sort).toBe("-created");
    const refused = parseLedgerQuery({ status: "FAILED", sort: "-paid" });
    expect(refused.errors.sort).toBe("errors.ledger.sortPaid");
    expect(refused.sort).toBe("-created");
    expect(parseLedgerQuery({ sort: "paid" }).filters.status).toBe("SUCCEED");
  });

  it("refuses a page link made for another order", () => {
    const byCreation = encodeLedgerCursor({ createdAt: "2026-10-01T12:00:00.000000Z", id: randomUUID(), direction: "older" });
    const parsed = parseLedgerQuery({ sort: "-amount", cursor: byCreation });
    expect(parsed.cursor).toBeUndefined();
    expect(parsed.errors.cursor).toBe("errors.ledger.cursor");
  });
});
