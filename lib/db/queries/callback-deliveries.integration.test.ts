// The callback log's deliveries list sorted by time received, both ways, on a real database: keyset
// pages forwards and back across ties (deliveries received in the same microsecond) skip and repeat
// nothing, and the filters hold on every page.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listInboxPage } from "@/lib/db/queries/callback-deliveries";
import { callbackDeliveries } from "@/lib/db/schema";
import { decodeListCursor, encodeListCursor } from "@/lib/schemas/list-sort";
import type { CallbackLogSort } from "@/lib/vocabulary/callback-log-list";
import type { ListCursor } from "@/lib/vocabulary/list-sort";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

type Row = { id: string; at: string; status: string };
let database: TestDatabase;
const rows: Row[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  // 13 deliveries; pairs share a time received to the microsecond (ties broken by id).
  for (let index = 0; index < 13; index += 1) {
    const row = {
      id: randomUUID(),
      at: `2026-11-${String(1 + Math.floor(index / 2)).padStart(2, "0")}T10:00:00.123456Z`,
      status: index % 4 === 0 ? "FAILED" : "SUCCEED",
    };
    rows.push(row);
    await database.db.insert(callbackDeliveries).values({
      id: row.id,
      receivedAt: sql`${row.at}::timestamptz` as unknown as Date,
      walletTransactionId: `w-${index}`,
      status: row.status,
      outcome: "applied",
      body: {},
    });
  }
});

afterAll(async () => {
  await database.dispose();
});

function expected(sort: CallbackLogSort, keep: (row: Row) => boolean = () => true): string[] {
  const ordered = rows.filter(keep).sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1));
  return (sort.startsWith("-") ? ordered.reverse() : ordered).map((row) => row.id);
}

// Cursors travel in links: each one is encoded and read back as the page would.
const viaLink = (cursor: ListCursor) => decodeListCursor(encodeListCursor(cursor))!;

describe.each(["-received", "received"] as const)("the deliveries list by %s", (sort) => {
  it("pages forwards then back without skipping or repeating a tie", async () => {
    const pages: string[][] = [];
    let page = await listInboxPage(database.db, merchantWideScope(), {}, sort, undefined, 4);
    pages.push(page.rows.map((row) => row.id));
    while (page.older) {
      page = await listInboxPage(database.db, merchantWideScope(), {}, sort, viaLink(page.older), 4);
      pages.push(page.rows.map((row) => row.id));
    }
    expect(pages.flat()).toEqual(expected(sort));
    expect(pages.map((ids) => ids.length)).toEqual([4, 4, 4, 1]);
    // Back from the last page: each previous page is the one shown before it.
    for (let index = pages.length - 2; index >= 0; index -= 1) {
      page = await listInboxPage(database.db, merchantWideScope(), {}, sort, viaLink(page.newer!), 4);
      expect(page.rows.map((row) => row.id)).toEqual(pages[index]);
    }
    expect(page.newer).toBeUndefined();
  });

  it("keeps the filters on every page", async () => {
    const first = await listInboxPage(database.db, merchantWideScope(), { status: "SUCCEED" }, sort, undefined, 5);
    const second = await listInboxPage(database.db, merchantWideScope(), { status: "SUCCEED" }, sort, viaLink(first.older!), 5);
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(expected(sort, (row) => row.status === "SUCCEED"));
    expect(second.older).toBeUndefined();
  });
});
