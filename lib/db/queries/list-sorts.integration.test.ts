// The smaller lists' orders (issue #53) on a real database: payment links, customers, operators and
// API keys walked page by page in every order, both ways, against the same rows sorted here (ties
// broken by id the same way); no row skipped or repeated across ties, each list's order read from
// its index (no sort node) once the planner prefers indexes.
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { randomUUID } from "node:crypto";
import { getTableColumns, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeysPageQuery, listApiKeysPage } from "@/lib/db/queries/api-keys";
import { customersPageQuery, listCustomersPage } from "@/lib/db/queries/customers";
import { listOperatorsPage, operatorsPageQuery } from "@/lib/db/queries/operators";
import type { KeysetRead } from "@/lib/db/queries/list-keyset";
import { listPaymentLinksPage, paymentLinksPageQuery } from "@/lib/db/queries/payment-links";
import { apiKeys, customers, paymentLinks, transactions, user } from "@/lib/db/schema";
import { apiKeysSort, customersSort, listPageSize, operatorsSort, paymentLinksSort } from "@/lib/vocabulary/list-orders";
import { decodeListCursor, encodeListCursor } from "@/lib/schemas/list-sort";
import { isDescending, type ListCursor, sortColumnOf } from "@/lib/vocabulary/list-sort";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

const [paymentLinksColumns, customersColumns, userColumns, apiKeysColumns] = [paymentLinks, customers, user, apiKeys].map(
  getTableColumns,
) as [
  ReturnType<typeof getTableColumns<typeof paymentLinks>>,
  ReturnType<typeof getTableColumns<typeof customers>>,
  ReturnType<typeof getTableColumns<typeof user>>,
  ReturnType<typeof getTableColumns<typeof apiKeys>>,
];

let database: TestDatabase;
// More rows than a page, with many ties in every order; names differ in case only in places.
const count = listPageSize + 13;
const names = ["Alfa", "ALFA", "bravo", "Charlie", "delta", "Bravo"];
const at = (index: number) => `2026-10-${String(1 + (index % 20)).padStart(2, "0")}T12:00:00.${String(index % 3).padStart(6, "0")}Z`;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  await db.insert(paymentLinks).values(
    Array.from({ length: count }, (_, index) => ({
      slug: `sort-${index}`,
      name: names[index % names.length]!,
      chargeExpiryMinutes: 30,
      createdAt: sql`${at(index)}::timestamptz` as unknown as Date,
      ...(index % 2 === 0
        ? { amountCents: 1_000 + (index % 5) * 100 }
        : { minAmountCents: 1_000 + (index % 4) * 100, maxAmountCents: 9_000 }),
    })),
  );
  // Customers come from the ledger's cash-ins (migration 0019's triggers): charges and paid sums repeat.
  await db.insert(transactions).values(
    Array.from({ length: count }, (_, index) =>
      Array.from({ length: 1 + (index % 3) }, (_, charge) => ({
        kind: "CASH_IN" as const,
        creationState: "created" as const,
        status: charge === 0 && index % 4 !== 0 ? ("SUCCEED" as const) : ("PENDING" as const),
        amountCents: 500 + (index % 5) * 100,
        payerName: names[index % names.length]!,
        payerDocument: String(20_000_000_000 + index),
        idempotencyKey: randomUUID(),
        createdAt: sql`${at(index + charge)}::timestamptz` as unknown as Date,
      })),
    ).flat(),
  );
  await db.insert(user).values(
    Array.from({ length: count }, (_, index) => ({
      // Lower-case hex ids: the same order under any collation, like the names' lower case.
      id: randomUUID().replaceAll("-", ""),
      name: names[index % names.length]!,
      email: `op${index % 7}x${index}@example.com`,
      role: ["admin", "finance", "viewer"][index % 3]!,
      createdAt: sql`${at(index)}::timestamptz` as unknown as Date,
    })),
  );
  await db.insert(apiKeys).values(
    Array.from({ length: count }, (_, index) => ({
      name: names[index % names.length]!,
      prefix: `wdk_s${String(index).padStart(7, "0")}`,
      secretHash: randomUUID(),
      scopes: [],
      createdByUserId: "test",
      createdByEmail: "test@example.com",
      createdAt: sql`${at(index)}::timestamptz` as unknown as Date,
      lastUsedAt: index % 3 === 0 ? null : (sql`${at(index * 7)}::timestamptz` as unknown as Date),
    })),
  );
});

afterAll(async () => {
  await database.dispose();
});

/** A timestamp as microseconds since the epoch, as text of one length (JS dates keep milliseconds only). */
const micros = (column: unknown) => sql<string>`lpad((extract(epoch from ${column}) * 1000000)::bigint::text, 20, '0')`;

type Page = { rows: { id: string }[]; older?: ListCursor; newer?: ListCursor };

/** A cursor as a page link carries it (encoded, then read back). */
const viaLink = (cursor: ListCursor) => decodeListCursor(encodeListCursor(cursor))!;

/**
 * Every row's id, page by page on ("older"); fails on a row seen twice. Then back ("newer") from the
 * last page to the first, which must be the first page read on, and the pages in between the same.
 */
async function walk(read: (cursor?: ListCursor) => Promise<Page>): Promise<string[]> {
  const pages: string[][] = [];
  let cursor: ListCursor | undefined;
  for (let count = 0; count < 10; count += 1) {
    const page = await read(cursor);
    expect(page.rows.length).toBeLessThanOrEqual(listPageSize);
    expect(Boolean(page.newer)).toBe(pages.length > 0);
    pages.push(page.rows.map((row) => row.id));
    if (!page.older) break;
    cursor = viaLink(page.older);
  }
  const seen = pages.flat();
  expect(new Set(seen).size).toBe(seen.length);
  // Back from the last page: each page before it, and the first one without a "newer" link.
  let back = await read(cursor);
  for (let index = pages.length - 2; index >= 0; index -= 1) {
    back = await read(viaLink(back.newer!));
    expect(back.rows.map((row) => row.id)).toEqual(pages[index]);
  }
  expect(back.newer).toBeUndefined();
  return seen;
}

/** Rows sorted here by (value, id), ascending or descending: what every order must list. */
function sorted<Row extends { id: string }>(rows: Row[], value: (row: Row) => string | number, descending: boolean): string[] {
  const ordered = [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x !== y) return x < y ? -1 : 1;
    return a.id < b.id ? -1 : 1;
  });
  return (descending ? ordered.reverse() : ordered).map((row) => row.id);
}

const both = [true, false];

describe("payment links", () => {
  it.each(paymentLinksSort.sorts)("lists every link by %s", async (sort) => {
    const all = await database.db.select({ ...paymentLinksColumns, created: micros(paymentLinks.createdAt) }).from(paymentLinks);
    const value = {
      created: (row: (typeof all)[number]) => row.created,
      name: (row: (typeof all)[number]) => row.name.toLowerCase(),
      amount: (row: (typeof all)[number]) => (row.amountCents ?? row.minAmountCents)!,
    }[sortColumnOf(sort)];
    expect(await walk((cursor) => listPaymentLinksPage(database.db, merchantWideScope(), { sort, cursor }))).toEqual(
      sorted(all, value, isDescending(sort)),
    );
  });
});

/**
 * The plan of a page's statement (a cursor in the middle): on tables this small the planner would
 * sort whatever indexes exist, so sorting and scanning the table are forbidden, and the plan shows
 * whether the index can give the order at all.
 */
async function planOf(query: { toSQL: () => { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const literal = (value: unknown) => (typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
  const plan = await database.db.transaction(async (transaction) => {
    await transaction.execute(sql`set local enable_sort = off`);
    await transaction.execute(sql`set local enable_seqscan = off`);
    await transaction.execute(sql`set local enable_bitmapscan = off`);
    return (await transaction.execute(
      sql.raw(`explain ${text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))}`),
    )) as unknown as { rows: Array<Record<string, string>> };
  });
  return plan.rows.map((row) => Object.values(row)[0]).join("\n");
}

describe("each list's order is read from its index", () => {
  const middle = (key: string, idType: "uuid" | "text") => ({
    value: ["created", "lastSeen", "lastUsed"].includes(key)
      ? at(1)
      : key === "name" || key === "email"
        ? "bravo"
        : key === "role"
          ? "finance"
          : "1200",
    id: idType === "uuid" ? randomUUID() : "middle-operator",
  });
  type Statement = ((sort: string, read: KeysetRead) => Parameters<typeof planOf>[0]) & { idType?: "text" };
  const paymentLinksRead: Statement = (sort, read) => paymentLinksPageQuery(database.db, merchantWideScope(), sort as never, read);
  const customersRead: Statement = (sort, read) => customersPageQuery(database.db, sort as never, read);
  const apiKeysRead: Statement = (sort, read) => apiKeysPageQuery(database.db, sort as never, read);
  // A team's operators and keys are tens to thousands of rows: a page is read from an index too.
  const operatorsRead: Statement = Object.assign((sort: string, read: KeysetRead) => operatorsPageQuery(database.db, sort as never, read), {
    idType: "text" as const,
  });
  it.each([
    ["payment links", "created", "payment_links_created_at_idx", paymentLinksRead],
    ["payment links", "name", "payment_links_name_id_idx", paymentLinksRead],
    ["payment links", "amount", "payment_links_amount_id_idx", paymentLinksRead],
    ["customers", "lastSeen", "customers_last_seen_at_idx", customersRead],
    ["customers", "paid", "customers_paid_amount_id_idx", customersRead],
    ["customers", "charges", "customers_charges_count_id_idx", customersRead],
    ["operators", "created", "user_created_at_id_idx", operatorsRead],
    ["operators", "name", "user_name_id_idx", operatorsRead],
    ["operators", "email", "user_email_id_idx", operatorsRead],
    ["operators", "role", "user_role_id_idx", operatorsRead],
    ["API keys", "created", "api_keys_created_at_id_idx", apiKeysRead],
    ["API keys", "name", "api_keys_name_id_idx", apiKeysRead],
    ["API keys", "lastUsed", "api_keys_last_used_id_idx", apiKeysRead],
  ] as const)("%s by %s, both ways: %s", async (_list, key, index, statement) => {
    for (const descending of both) {
      const from = middle(key, statement.idType ?? "uuid");
      const plan = await planOf(statement(descending ? `-${key}` : key, { from, descending, limit: listPageSize + 1 }));
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });
});

describe("customers", () => {
  it.each(customersSort.sorts)("lists every customer by %s", async (sort) => {
    const all = await database.db.select({ ...customersColumns, lastSeen: micros(customers.lastSeenAt) }).from(customers);
    expect(all.length).toBe(count);
    const value = {
      lastSeen: (row: (typeof all)[number]) => row.lastSeen,
      paid: (row: (typeof all)[number]) => row.paidAmountCents,
      charges: (row: (typeof all)[number]) => row.chargesCount,
    }[sortColumnOf(sort)];
    expect(await walk((cursor) => listCustomersPage(database.db, { sort, cursor }))).toEqual(sorted(all, value, isDescending(sort)));
  });

  it("sorts a search's matches too", async () => {
    const all = (await database.db.select().from(customers)).filter((row) => row.latestName?.toLowerCase().startsWith("bravo"));
    const sort = "-paid";
    const listed = await walk((cursor) => listCustomersPage(database.db, { search: "BRAVO", sort, cursor }));
    expect(listed).toEqual(sorted(all, (row) => row.paidAmountCents, true));
  });
});

describe("operators and API keys", () => {
  it.each(operatorsSort.sorts)("lists every operator by %s", async (sort) => {
    const all = await database.db.select({ ...userColumns, created: micros(user.createdAt) }).from(user);
    const value = {
      created: (row: (typeof all)[number]) => row.created,
      name: (row: (typeof all)[number]) => row.name.toLowerCase(),
      email: (row: (typeof all)[number]) => row.email.toLowerCase(),
      role: (row: (typeof all)[number]) => row.role,
    }[sortColumnOf(sort)];
    expect(await walk((cursor) => listOperatorsPage(database.db, { sort, cursor }))).toEqual(sorted(all, value, isDescending(sort)));
  });

  it.each(apiKeysSort.sorts)("lists every API key by %s, never-used keys as the oldest use", async (sort) => {
    const all = await database.db
      .select({ ...apiKeysColumns, created: micros(apiKeys.createdAt), lastUsed: micros(apiKeys.lastUsedAt) })
      .from(apiKeys);
    const value = {
      created: (row: (typeof all)[number]) => row.created,
      name: (row: (typeof all)[number]) => row.name.toLowerCase(),
      lastUsed: (row: (typeof all)[number]) => row.lastUsed ?? "",
    }[sortColumnOf(sort)];
    expect(await walk((cursor) => listApiKeysPage(database.db, { sort, cursor }))).toEqual(sorted(all, value, isDescending(sort)));
  });
});
