// The Approvals queue (by time requested and by amount) and an endpoint's delivery log (by when
// each delivery was queued), both ways, on a real database: keyset pages forwards and back across
// ties (equal amounts, equal times to the microsecond) skip and repeat nothing, and only the queue's
// own rows (awaiting a decision) or the endpoint's own deliveries are listed.
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAwaitingRequestsPage } from "@/lib/db/queries/cash-out-requests";
import { listEndpointDeliveries } from "@/lib/db/queries/events";
import type { KeysetPage } from "@/lib/db/queries/list-keyset";
import { cashOutRequests, eventDeliveries, eventEndpoints, events } from "@/lib/db/schema";
import { decodeListCursor, encodeListCursor, parseListView } from "@/lib/schemas/list-sort";
import { approvalsSort } from "@/lib/vocabulary/approvals-list";
import type { ListCursor } from "@/lib/vocabulary/list-sort";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
type Row = { id: string; at: string; amount: number };
const requests: Row[] = [];
const deliveries: (Row & { status: "delivered" | "failed" })[] = [];
const endpointId = randomUUID();

// 9 rows; pairs share a time to the microsecond and amounts repeat (ties broken by id).
const at = (index: number) => `2026-11-${String(1 + Math.floor(index / 2)).padStart(2, "0")}T10:00:00.123456Z`;
const amounts = [500, 500, 300, 300, 900, 100, 100, 700, 500];

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  for (const [index, amount] of amounts.entries()) {
    const row = { id: randomUUID(), at: at(index), amount };
    requests.push(row);
    await db.insert(cashOutRequests).values({
      id: row.id,
      kind: "single",
      idempotencyKey: `sort-${row.id}`,
      totalCents: amount,
      itemCount: 1,
      requestedByUserId: "u1",
      requestedByEmail: "ana@example.com",
      createdAt: sql`${row.at}::timestamptz` as unknown as Date,
      expiresAt: new Date("2026-12-31T00:00:00Z"),
    });
  }
  // Decided requests are not in the queue.
  for (const state of ["approved", "rejected"] as const)
    await db.insert(cashOutRequests).values({
      kind: "single",
      state,
      idempotencyKey: `decided-${state}`,
      totalCents: 400,
      itemCount: 1,
      requestedByUserId: "u1",
      requestedByEmail: "ana@example.com",
      expiresAt: new Date("2026-12-31T00:00:00Z"),
    });

  const otherEndpoint = randomUUID();
  await db.insert(eventEndpoints).values([
    { id: endpointId, url: "https://example.com/hook", secretCiphertext: "x" },
    { id: otherEndpoint, url: "https://example.com/other", secretCiphertext: "x" },
  ]);
  for (let index = 0; index < 9; index += 1) {
    const [event] = await db
      .insert(events)
      .values({ type: "charge.paid", subjectType: "transaction", subjectId: `t${index}`, data: {} })
      .returning({ id: events.id, occurredAt: events.occurredAt });
    const facts = { eventId: event!.id, eventType: "charge.paid", eventOccurredAt: event!.occurredAt };
    const row = { id: randomUUID(), at: at(index), amount: 0, status: index % 3 === 0 ? ("failed" as const) : ("delivered" as const) };
    deliveries.push(row);
    await db.insert(eventDeliveries).values({
      id: row.id,
      ...facts,
      endpointId,
      status: row.status,
      createdAt: sql`${row.at}::timestamptz` as unknown as Date,
    });
    // The same event to another endpoint: not in this endpoint's log.
    await db
      .insert(eventDeliveries)
      .values({ ...facts, endpointId: otherEndpoint, createdAt: sql`${row.at}::timestamptz` as unknown as Date });
  }
});

afterAll(async () => {
  await database.dispose();
});

/** The ids in an order of (key, id), descending when asked. */
function ordered<Item extends { id: string }>(rows: Item[], key: (row: Item) => string | number, descending: boolean): string[] {
  const sorted = [...rows].sort((a, b) => (key(a) === key(b) ? (a.id < b.id ? -1 : 1) : key(a) < key(b) ? -1 : 1));
  return (descending ? sorted.reverse() : sorted).map((row) => row.id);
}

// Cursors travel in links: each one is encoded and read back as the page would.
const viaLink = (cursor: ListCursor) => decodeListCursor(encodeListCursor(cursor))!;

/** Every page forwards, then back from the last, checking each previous page is the one shown before. */
async function walk(read: (cursor?: ListCursor) => Promise<KeysetPage<{ id: string }>>): Promise<{ ids: string[]; sizes: number[] }> {
  const pages: string[][] = [];
  let page = await read();
  pages.push(page.rows.map((row) => row.id));
  while (page.older) {
    page = await read(viaLink(page.older));
    pages.push(page.rows.map((row) => row.id));
  }
  for (let index = pages.length - 2; index >= 0; index -= 1) {
    page = await read(viaLink(page.newer!));
    expect(page.rows.map((row) => row.id)).toEqual(pages[index]);
  }
  expect(page.newer).toBeUndefined();
  return { ids: pages.flat(), sizes: pages.map((ids) => ids.length) };
}

describe.each(approvalsSort.sorts)("the Approvals queue by %s", (sort) => {
  it("pages forwards then back across ties, awaiting requests only", async () => {
    const key = sort.endsWith("amount") ? (row: Row) => row.amount : (row: Row) => row.at;
    const { ids, sizes } = await walk((cursor) => listAwaitingRequestsPage(database.db, merchantWideScope(), sort, cursor, 4));
    expect(ids).toEqual(ordered(requests, key, sort.startsWith("-")));
    expect(sizes).toEqual([4, 4, 1]);
  });
});

describe.each(["-queued", "queued"] as const)("an endpoint's delivery log by %s", (sort) => {
  it("pages forwards then back across ties, this endpoint's deliveries only", async () => {
    const { ids, sizes } = await walk((cursor) => listEndpointDeliveries(database.db, endpointId, {}, sort, cursor, 4));
    expect(ids).toEqual(ordered(deliveries, (row) => row.at, sort.startsWith("-")));
    expect(sizes).toEqual([4, 4, 1]);
  });

  it("keeps the status filter on every page", async () => {
    const first = await listEndpointDeliveries(database.db, endpointId, { status: "delivered" }, sort, undefined, 4);
    const second = await listEndpointDeliveries(database.db, endpointId, { status: "delivered" }, sort, viaLink(first.older!), 4);
    const delivered = deliveries.filter((row) => row.status === "delivered");
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(ordered(delivered, (row) => row.at, sort.startsWith("-")));
    expect(second.older).toBeUndefined();
  });
});

it("a page link made for the amount order is the first page in the time order (its value is no time)", async () => {
  const page = await listAwaitingRequestsPage(database.db, merchantWideScope(), "-amount", undefined, 4);
  const link = encodeListCursor(page.older!);
  expect(parseListView(approvalsSort, "-amount", link).cursor).toEqual(page.older);
  expect(parseListView(approvalsSort, "-requested", link)).toEqual({ sort: "-requested" });
  expect(parseListView(approvalsSort, "sideways", link)).toEqual({ sort: "-requested" });
});
