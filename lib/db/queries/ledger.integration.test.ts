// The ledger queries on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
// every filter and search field, keyset pages both ways across created_at ties, the export batches.
import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  countLedgerRows,
  findLedgerStatuses,
  iterateLedgerRows,
  ledgerFilterCondition,
  ledgerRowsBySearchFirst,
  ledgerRowsQuery,
  ledgerSearchWalkRows,
  ledgerSearchWindowRows,
  ledgerSearchBranches,
  listLedgerPage,
  type LedgerFilters,
} from "@/lib/db/queries/ledger";
import type { LedgerCursor } from "@/lib/vocabulary/ledger-page";
import { summariseLedger } from "@/lib/db/queries/overview";
import { stores, transactions } from "@/lib/db/schema";
import { parseLedgerQuery } from "@/lib/schemas/ledger-filters";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { merchantWideScope, storeScopeOfGrants } from "@/lib/vocabulary/store-scope";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";

type Seed = Partial<typeof transactions.$inferInsert> & { at: string };
type SeededRow = { id: string; at: string; seed: Seed };

let database: TestDatabase;
const seeded: SeededRow[] = [];

/** created_at written with microseconds, the way PostgreSQL keeps it. */
function micro(base: string, micros: number): string {
  return `${base}.${String(micros).padStart(6, "0")}Z`;
}

async function seed(row: Seed): Promise<string> {
  const id = row.id ?? randomUUID();
  const { at, ...values } = row;
  await database.db.insert(transactions).values({
    kind: "CASH_IN",
    creationState: "created",
    status: "PENDING",
    amountCents: 1_000,
    idempotencyKey: randomUUID(),
    ...values,
    id,
    createdAt: sql`${at}::timestamptz` as unknown as Date,
  });
  seeded.push({ id, at, seed: row });
  return id;
}

/** The rows a filter should return, newest first, worked out without the code under test. */
function expected(predicate: (row: SeededRow) => boolean): string[] {
  return seeded
    .filter((row) => ["created", "outcome_unknown", undefined].includes(row.seed.creationState) && predicate(row))
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
    .map((row) => row.id);
}

/** The status a seeded row was given (PENDING by default; none for an unconfirmed one). */
function statusOf(row: SeededRow): string | null {
  return row.seed.status === undefined ? "PENDING" : row.seed.status;
}

async function allPagesOlder(filters: LedgerFilters, pageSize: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: LedgerCursor | undefined;
  for (let guard = 0; guard < 100; guard += 1) {
    const page = await listLedgerPage(database.db, merchantWideScope(), filters, cursor, pageSize);
    pages.push(page.rows.map((row) => row.id));
    if (!page.older) return pages;
    cursor = page.older;
  }
  throw new Error("pagination did not end");
}

async function ids(filters: LedgerFilters): Promise<string[]> {
  return (await allPagesOlder(filters, 1_000)).flat();
}

const known = {
  mariaId: "",
  refundId: "",
  cashOutPhoneId: "",
  cashOutDocumentId: "",
  creatingId: "",
  rejectedId: "",
  unknownId: "",
};

beforeAll(async () => {
  database = await openTestDatabase();
  // 60 plain rows in 20 instants: three rows share each created_at, and two of those instants differ
  // only in microseconds (same millisecond), which a millisecond cursor would get wrong.
  for (let index = 0; index < 60; index += 1) {
    const second = String(Math.floor(index / 3)).padStart(2, "0");
    await seed({
      at: micro(`2025-03-10T12:00:${second}`, index % 3 === 2 && index < 30 ? 1 : 0),
      amountCents: 100 + index,
      status: index % 4 === 0 ? "SUCCEED" : "PENDING",
      payerName: `Filler ${index}`,
      payerEmail: `filler${index}@example.com`,
      payerDocument: "52998224725",
    });
  }
  known.mariaId = await seed({
    at: micro("2025-03-09T02:59:59", 999_999),
    amountCents: 123_456,
    status: "SUCCEED",
    payerName: "Maria da Silva",
    payerEmail: "Maria.Silva@Example.com",
    payerDocument: "11144477735",
    externalReference: "ORDER-1001",
    walletTransactionId: "wallet-tx-maria",
  });
  known.refundId = await seed({
    at: micro("2025-03-09T03:00:00", 0),
    amountCents: 50_000,
    status: "FAILED",
    payerName: "João Ñandú",
    payerEmail: "joao@example.com",
    payerDocument: "12ABC34501DE35",
    externalReference: "100%_off",
  });
  known.cashOutPhoneId = await seed({
    at: micro("2025-03-11T15:00:00", 0),
    kind: "CASH_OUT",
    status: "CANCELED",
    amountCents: 9_999,
    pixKeyType: "PHONE",
    pixKey: "+5511987654321",
    externalReference: "payout-7",
  });
  known.cashOutDocumentId = await seed({
    at: micro("2025-03-11T15:00:01", 0),
    kind: "CASH_OUT",
    status: "SUCCEED",
    amountCents: 10_000,
    pixKeyType: "DOCUMENT",
    pixKey: "11144477735",
  });
  known.unknownId = await seed({ at: micro("2025-03-11T16:00:00", 0), creationState: "outcome_unknown", status: null, amountCents: 777 });
  known.creatingId = await seed({
    at: micro("2025-03-11T17:00:00", 0),
    creationState: "creating",
    status: null,
    payerName: "Maria Creating",
    payerEmail: "maria.creating@example.com",
  });
  known.rejectedId = await seed({
    at: micro("2025-03-11T17:00:01", 0),
    creationState: "rejected",
    status: null,
    payerName: "Maria Rejected",
  });
});
afterAll(async () => {
  await database.dispose();
});

let secondStore: string | undefined;
/** A second store, given every third row of the fixture once (the other tests read every store). */
async function secondStoreWithEveryThirdRow(): Promise<string> {
  if (secondStore) return secondStore;
  const [store] = await database.db
    .insert(stores)
    .values({ name: "Ledger store B", payerFacingName: "Ledger store B" })
    .returning({ id: stores.id });
  await database.db.execute(sql`update ${transactions} set store_id = ${store!.id}
    where id in (select id from (select id, row_number() over (order by created_at, id) as n from ${transactions}) as numbered where n % 3 = 0)`);
  secondStore = store!.id;
  return secondStore;
}

describe("keyset pagination", () => {
  it("walks every row exactly once, newest first, across created_at ties and microseconds", async () => {
    const pages = await allPagesOlder({}, 7);
    const all = expected(() => true);
    expect(pages.flat()).toEqual(all);
    expect(new Set(pages.flat()).size).toBe(all.length);
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    expect(pages.at(-1)!.length).toBe(all.length % 7 || 7);
  });

  it("walks back up with newer cursors to the same pages, ending on a full newest page", async () => {
    const older = await allPagesOlder({}, 7);
    let page = await listLedgerPage(database.db, merchantWideScope(), {}, undefined, 7);
    for (let index = 1; index < older.length; index += 1) page = await listLedgerPage(database.db, merchantWideScope(), {}, page.older, 7);
    expect(page.older).toBeUndefined();
    const seen = [page.rows.map((row) => row.id)];
    while (page.newer) {
      page = await listLedgerPage(database.db, merchantWideScope(), {}, page.newer, 7);
      seen.unshift(page.rows.map((row) => row.id));
    }
    expect(seen).toEqual(older);
  });

  it("gives the first page no newer cursor and the last page no older cursor", async () => {
    const first = await listLedgerPage(database.db, merchantWideScope(), {}, undefined, 7);
    expect(first.newer).toBeUndefined();
    expect(first.older).toBeDefined();
    const second = await listLedgerPage(database.db, merchantWideScope(), {}, first.older, 7);
    expect(second.newer).toEqual({ createdAt: second.rows[0]!.keyCreatedAt, id: second.rows[0]!.id, direction: "newer" });
    const backToFirst = await listLedgerPage(database.db, merchantWideScope(), {}, second.newer, 7);
    expect(backToFirst.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
    expect(backToFirst.newer).toBeUndefined();
  });

  it("shows a newer page that is not the newest as a full page", async () => {
    const pages = await allPagesOlder({}, 5);
    let cursor: LedgerCursor | undefined;
    for (let index = 0; index < 3; index += 1) cursor = (await listLedgerPage(database.db, merchantWideScope(), {}, cursor, 5)).older;
    const fourth = await listLedgerPage(database.db, merchantWideScope(), {}, cursor, 5);
    const third = await listLedgerPage(database.db, merchantWideScope(), {}, fourth.newer, 5);
    expect(third.rows.map((row) => row.id)).toEqual(pages[2]);
    expect(third.newer).toBeDefined();
  });

  // The unfiltered list runs prepared statements (lib/db/prepared.ts), for every store and for one
  // store; a filtered one builds its query. Both must find the same rows from every cursor, both
  // ways. A second store holds every third row, so one store's pages skip the other's.
  it.each(["all stores", "the first store", "a second store"] as const)(
    "finds, unfiltered, the rows the built query finds from every cursor, both ways, for %s",
    async (which) => {
      const second = await secondStoreWithEveryThirdRow();
      const scope =
        which === "all stores" ? merchantWideScope() : storeScopeOfGrants([which === "the first store" ? FIRST_STORE_ID : second]);
      const built = async (options: Parameters<typeof ledgerRowsQuery>[3]) =>
        (await ledgerRowsQuery(database.db, scope, {}, options)).map((row) => row.id);
      let page = await listLedgerPage(database.db, scope, {}, undefined, 6);
      const newest = page.rows.map((row) => row.id);
      expect(newest).toEqual((await built({ direction: "older", limit: 7 })).slice(0, 6));
      let olderPages = 0;
      while (page.older) {
        const from = { createdAt: page.older.createdAt, id: page.older.id };
        const next = await listLedgerPage(database.db, scope, {}, page.older, 6);
        expect(next.rows.map((row) => row.id)).toEqual((await built({ from, direction: "older", limit: 7 })).slice(0, 6));
        // Every page reached going older has a way back.
        expect(next.newer).toBeDefined();
        const back = { createdAt: next.newer!.createdAt, id: next.newer!.id };
        const newer = await listLedgerPage(database.db, scope, { search: "" }, next.newer, 6);
        const expectedNewer = (await built({ from: back, direction: "newer", limit: 7 })).slice(0, 6).reverse();
        // A newer page shorter than a page is shown as the newest page instead (see listLedgerPage).
        expect(newer.rows.map((row) => row.id)).toEqual(expectedNewer.length === 6 ? expectedNewer : newest);
        olderPages += 1;
        page = next;
      }
      // The loop checked something: the fixture holds several pages (of each store too).
      expect(olderPages).toBeGreaterThan(1);
      if (which !== "all stores") {
        const all = await built({ direction: "older", limit: 1_000 });
        const everywhere = (await ledgerRowsQuery(database.db, merchantWideScope(), {}, { direction: "older", limit: 1_000 })).length;
        expect(all.length).toBeGreaterThan(0);
        expect(all.length).toBeLessThan(everywhere);
      }
    },
  );

  it("paginates a filtered list without mixing in other rows", async () => {
    const pages = await allPagesOlder({ status: "PENDING" }, 4);
    expect(pages.flat()).toEqual(expected((row) => statusOf(row) === "PENDING"));
  });

  it("never shows rows still being created, or refused by the wallet", async () => {
    const everything = await ids({});
    expect(everything).not.toContain(known.creatingId);
    expect(everything).not.toContain(known.rejectedId);
    expect(everything).toContain(known.unknownId);
    expect(await ids({ search: "Maria" })).toEqual([known.mariaId]);
  });
});

describe("what a page reads", () => {
  it("reads only the columns the list shows (the export reads them all)", async () => {
    const listed = ["amountCents", "createdAt", "createdByEmail", "creationState", "externalReference", "id", "keyCreatedAt"]
      .concat(["kind", "payerEmail", "payerName", "pixKey", "pixKeyType", "status"])
      .sort();
    const page = await listLedgerPage(database.db, merchantWideScope(), {}, undefined, 3);
    expect(Object.keys(page.rows[0]!).sort()).toEqual(listed);
    const searched = await listLedgerPage(database.db, merchantWideScope(), { search: "filler1", kind: "CASH_IN" }, undefined, 3);
    expect(Object.keys(searched.rows[0]!).sort()).toEqual(listed);
    for await (const batch of iterateLedgerRows(database.db, merchantWideScope(), {}, 3)) {
      expect(Object.keys(batch[0]!)).toEqual(expect.arrayContaining([...listed, "tax", "payerDocument", "invoiceDescription"]));
      break;
    }
  });
});

describe("matching count", () => {
  it("counts every row the filters match, not only one page, and caps the count", async () => {
    const all = await ids({});
    expect(await countLedgerRows(database.db, merchantWideScope(), {})).toEqual({ count: all.length, capped: false });
    expect(await countLedgerRows(database.db, merchantWideScope(), { kind: "CASH_OUT" })).toEqual({ count: 2, capped: false });
    expect(await countLedgerRows(database.db, merchantWideScope(), {}, 3)).toEqual({ count: 3, capped: true });
    expect(await countLedgerRows(database.db, merchantWideScope(), { kind: "CASH_OUT" }, 2)).toEqual({ count: 2, capped: false });
  });

  it("counts a search's matches once each (a row found by name and by e-mail), within the other filters and the cap", async () => {
    expect(await countLedgerRows(database.db, merchantWideScope(), { search: "maria" })).toEqual({ count: 1, capped: false });
    expect(await countLedgerRows(database.db, merchantWideScope(), { search: "maria", kind: "CASH_OUT" })).toEqual({
      count: 0,
      capped: false,
    });
    for (const search of ["filler", "f", "52998224725", "ORDER-1001", "zz-nothing"]) {
      const matching = await ids({ search });
      expect(await countLedgerRows(database.db, merchantWideScope(), { search })).toEqual({ count: matching.length, capped: false });
      if (matching.length > 2)
        expect(await countLedgerRows(database.db, merchantWideScope(), { search }, 2)).toEqual({ count: 2, capped: true });
    }
  });

  it("remembers that all rows, or a kind's, passed the cap (listed rows never leave), and counts the rest again", async () => {
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(client, "query");
    try {
      expect(await countLedgerRows(database.db, merchantWideScope(), {}, 4)).toEqual({ count: 4, capped: true });
      expect(await countLedgerRows(database.db, merchantWideScope(), { kind: "CASH_IN" }, 4)).toEqual({ count: 4, capped: true });
      expect(query).toHaveBeenCalledTimes(2);
      expect(await countLedgerRows(database.db, merchantWideScope(), {}, 4)).toEqual({ count: 4, capped: true });
      expect(await countLedgerRows(database.db, merchantWideScope(), { kind: "CASH_IN" }, 4)).toEqual({ count: 4, capped: true });
      expect(query).toHaveBeenCalledTimes(2);
      // Under the cap, another cap, or a status (it changes) or a search: counted every time.
      await countLedgerRows(database.db, merchantWideScope(), { kind: "CASH_OUT" }, 4);
      await countLedgerRows(database.db, merchantWideScope(), { kind: "CASH_OUT" }, 4);
      await countLedgerRows(database.db, merchantWideScope(), {}, 5);
      await countLedgerRows(database.db, merchantWideScope(), { status: "PENDING" }, 1);
      await countLedgerRows(database.db, merchantWideScope(), { status: "PENDING" }, 1);
      await countLedgerRows(database.db, merchantWideScope(), { search: "filler" }, 1);
      await countLedgerRows(database.db, merchantWideScope(), { search: "filler" }, 1);
      expect(query).toHaveBeenCalledTimes(9);
    } finally {
      query.mockRestore();
    }
  });
});

describe("filters", () => {
  it("by kind", async () => {
    expect(await ids({ kind: "CASH_OUT" })).toEqual([known.cashOutDocumentId, known.cashOutPhoneId]);
    expect(await ids({ kind: "CASH_IN" })).toEqual(expected((row) => (row.seed.kind ?? "CASH_IN") === "CASH_IN"));
  });

  it.each(["PENDING", "SUCCEED", "CANCELED", "FAILED"] as const)("by status %s", async (status) => {
    expect(await ids({ status })).toEqual(expected((row) => statusOf(row) === status));
  });

  it("by outcome unknown", async () => {
    expect(await ids({ status: "UNKNOWN" })).toEqual([known.unknownId]);
  });

  it("by São Paulo day: 02:59:59 UTC belongs to the day before", async () => {
    const march8 = parseLedgerQuery({ from: "2025-03-08", to: "2025-03-08" }).filters;
    const march9 = parseLedgerQuery({ from: "2025-03-09", to: "2025-03-09" }).filters;
    expect(await ids(march8)).toEqual([known.mariaId]);
    expect(await ids(march9)).toEqual([known.refundId]);
    expect(await ids(parseLedgerQuery({ from: "2025-03-11" }).filters)).toEqual([
      known.unknownId,
      known.cashOutDocumentId,
      known.cashOutPhoneId,
    ]);
    expect(await ids(parseLedgerQuery({ to: "2025-03-08" }).filters)).toEqual([known.mariaId]);
  });

  it("by amount, both bounds included", async () => {
    expect(await ids({ amountMinCents: 9_999, amountMaxCents: 10_000 })).toEqual([known.cashOutDocumentId, known.cashOutPhoneId]);
    expect(await ids({ amountMinCents: 50_000 })).toEqual([known.refundId, known.mariaId]);
    expect(await ids({ amountMaxCents: 101 })).toEqual(expected((row) => (row.seed.amountCents ?? 0) <= 101));
  });

  it("combines filters", async () => {
    expect(await ids({ kind: "CASH_OUT", status: "SUCCEED", amountMinCents: 10_000 })).toEqual([known.cashOutDocumentId]);
    expect(await ids({ kind: "CASH_IN", status: "CANCELED" })).toEqual([]);
  });
});

describe("search", () => {
  it.each([
    ["the local id", () => known.mariaId, () => [known.mariaId]],
    ["the local id in capitals", () => known.mariaId.toUpperCase(), () => [known.mariaId]],
    ["the wallet's id", () => "wallet-tx-maria", () => [known.mariaId]],
    ["the payer's CPF, unformatted", () => "11144477735", () => [known.cashOutDocumentId, known.mariaId]],
    ["the payer's CPF, formatted", () => "111.444.777-35", () => [known.cashOutDocumentId, known.mariaId]],
    ["an alphanumeric CNPJ, formatted in lower case", () => "12.abc.345/01de-35", () => [known.refundId]],
    ["the start of the e-mail, in another case", () => "maria.SILVA@", () => [known.mariaId]],
    ["the start of the name", () => "maria da", () => [known.mariaId]],
    ["the start of an accented name", () => "joão ñ", () => [known.refundId]],
    ["the start of the external reference", () => "order-10", () => [known.mariaId]],
    ["a PIX phone key", () => "+55119876", () => [known.cashOutPhoneId]],
    ["a PIX key by its start", () => "1114447", () => [known.cashOutDocumentId]],
  ])("finds by %s", async (_label, term, result) => {
    expect(await ids({ search: term() })).toEqual(result());
  });

  it("does not match the middle of a name, e-mail or reference", async () => {
    expect(await ids({ search: "Silva" })).toEqual([]);
    expect(await ids({ search: "example.com" })).toEqual([]);
    expect(await ids({ search: "1001" })).toEqual([]);
  });

  it("takes % and _ literally", async () => {
    expect(await ids({ search: "%" })).toEqual([]);
    expect(await ids({ search: "100%_" })).toEqual([known.refundId]);
    expect(await ids({ search: "100__" })).toEqual([]);
  });

  it("combines with filters and pagination", async () => {
    const pages = await allPagesOlder({ search: "filler1", status: "PENDING" }, 3);
    expect(pages.flat()).toEqual(expected((row) => String(row.seed.payerEmail ?? "").startsWith("filler1") && statusOf(row) === "PENDING"));
    expect(pages.flat().length).toBeGreaterThan(3);
  });

  it("serves every search branch from an index (no sequential scan)", async () => {
    for (const branch of ledgerSearchBranches(known.mariaId.replace(/^./, "1")).concat(ledgerSearchBranches("111.444.777-35"))) {
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        // As the list asks: over the rows it shows, naming both kinds (the search indexes lead with the kind).
        const where = sql`${ledgerFilterCondition({ stores: merchantWideScope() })} and ${transactions.kind} in ('CASH_IN', 'CASH_OUT') and ${branch}`;
        const result = (await tx.execute(sql`explain select id from ${transactions} where ${where}`)) as { rows: unknown[] };
        return JSON.stringify(result.rows);
      });
      expect(plan, plan).not.toContain("Seq Scan");
    }
  });
});

describe("query plans", () => {
  async function planOf(query: { getSQL: () => unknown }): Promise<string> {
    return database.db.transaction(async (tx) => {
      // Tiny tables make sorting look cheap: take it (and whole-table reads) off the menu, so the plan
      // shows whether an index can give the list's order at all.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const result = (await tx.execute(sql`explain ${query}`)) as { rows: unknown[] };
      return JSON.stringify(result.rows);
    });
  }
  const cursor = { createdAt: "2025-03-10T12:00:05.000000Z", id: randomUUID() };

  it.each<[string, LedgerFilters, "older" | "newer"]>([
    ["the first page", {}, "older"],
    ["a newer page", {}, "newer"],
    ["a status", { status: "PENDING" }, "older"],
    ["a kind", { kind: "CASH_OUT" }, "newer"],
    ["outcome unknown", { status: "UNKNOWN" }, "older"],
    ["a date range", { createdFrom: new Date("2025-03-10T03:00:00Z"), createdBefore: new Date("2025-03-11T03:00:00Z") }, "older"],
  ])("reads %s in list order from an index, without sorting", async (_label, filters, direction) => {
    const plan = await planOf(ledgerRowsQuery(database.db, merchantWideScope(), filters, { from: cursor, direction, limit: 51 }));
    expect(plan, plan).not.toMatch(/Sort|Seq Scan/);
  });
});

describe("export batches", () => {
  it("iterates the whole filtered set in batches, in list order", async () => {
    const batches: string[][] = [];
    for await (const batch of iterateLedgerRows(database.db, merchantWideScope(), { kind: "CASH_IN" }, 4))
      batches.push(batch.map((row) => row.id));
    expect(batches.flat()).toEqual(expected((row) => (row.seed.kind ?? "CASH_IN") === "CASH_IN"));
    expect(batches.every((batch) => batch.length <= 4)).toBe(true);
  });

  it("ends cleanly when the set is an exact number of batches, or empty", async () => {
    const batches: number[] = [];
    for await (const batch of iterateLedgerRows(database.db, merchantWideScope(), { kind: "CASH_OUT" }, 2)) batches.push(batch.length);
    expect(batches).toEqual([2]);
    for await (const batch of iterateLedgerRows(database.db, merchantWideScope(), { search: "nobody-at-all" }, 2))
      batches.push(batch.length);
    expect(batches).toEqual([2]);
  });
});

describe("live statuses and the Overview", () => {
  it("returns the statuses of the asked, visible transactions only", async () => {
    const statuses = await findLedgerStatuses(database.db, merchantWideScope(), [known.mariaId, known.creatingId, randomUUID()]);
    expect(statuses).toEqual([{ id: known.mariaId, status: "SUCCEED", creationState: "created", statusChangedAt: null }]);
    expect(await findLedgerStatuses(database.db, merchantWideScope(), [])).toEqual([]);
  });

  it("counts a day's transactions and volume by kind and status, leaving out rows being created", async () => {
    const figures = await summariseLedger(database.db, merchantWideScope(), {
      start: new Date("2025-03-11T03:00:00Z"),
      end: new Date("2025-03-12T03:00:00Z"),
    });
    expect(figures.byKind.CASH_OUT.byStatus.CANCELED).toEqual({ count: 1, volumeCents: 9_999 });
    expect(figures.byKind.CASH_OUT.byStatus.SUCCEED).toEqual({ count: 1, volumeCents: 10_000 });
    expect(figures.byKind.CASH_OUT.total).toEqual({ count: 2, volumeCents: 19_999 });
    expect(figures.byKind.CASH_IN.byStatus.UNKNOWN).toEqual({ count: 1, volumeCents: 777 });
    expect(figures.byKind.CASH_IN.byStatus.PENDING).toEqual({ count: 0, volumeCents: 0 });
    expect(figures.total).toEqual({ count: 3, volumeCents: 20_776 });
  });
});

// Last: it adds rows newer than everything above.
describe("a search whose matches lie beyond the newest rows under its filters", () => {
  let before: { fillerOnes: string[]; allPages: string[][] };

  beforeAll(async () => {
    before = {
      fillerOnes: await ids({ search: "filler1", kind: "CASH_IN" }),
      allPages: await allPagesOlder({ search: "filler1", kind: "CASH_IN" }, 3),
    };
    // More cash-ins than the window, newer than every match of "filler1": walking the list's order
    // would read all of them before the first match.
    await database.db.execute(sql`
      insert into ${transactions} (kind, creation_state, status, amount_cents, idempotency_key, payer_name, payer_email, created_at)
      select 'CASH_IN', 'created', 'PENDING', 500, 'bulk-' || n, 'Bulk ' || n, 'bulk' || n || '@example.com',
        '2025-04-01T00:00:00Z'::timestamptz + n * interval '1 second'
      from generate_series(1, ${ledgerSearchWindowRows + 20}) as n`);
  });

  it("finds them from the search indexes, in list order, on every page both ways", async () => {
    expect(before.fillerOnes.length).toBeGreaterThan(3);
    expect(await ids({ search: "filler1", kind: "CASH_IN" })).toEqual(before.fillerOnes);
    const pages = await allPagesOlder({ search: "filler1", kind: "CASH_IN" }, 3);
    expect(pages).toEqual(before.allPages);
    // And back: from the last page, "newer" pages lead to the first one.
    const last = await listLedgerPage(database.db, merchantWideScope(), { search: "filler1", kind: "CASH_IN" }, undefined, 3);
    const second = await listLedgerPage(database.db, merchantWideScope(), { search: "filler1", kind: "CASH_IN" }, last.older, 3);
    const backToFirst = await listLedgerPage(database.db, merchantWideScope(), { search: "filler1", kind: "CASH_IN" }, second.newer, 3);
    expect(backToFirst.rows.map((row) => row.id)).toEqual(pages[0]);
    expect(await ids({ search: "filler1", kind: "CASH_OUT" })).toEqual([]);
  });

  it("gives the same rows as walking the list's order, for every search and filter", async () => {
    const cases: LedgerFilters[] = [
      { search: "filler1", kind: "CASH_IN" },
      { search: "maria", status: "SUCCEED" },
      { search: "payout", kind: "CASH_OUT" },
      { search: "+5511987654321" },
      { search: "bulk1", kind: "CASH_IN" },
    ];
    for (const filters of cases)
      for (const direction of ["older", "newer"] as const) {
        const options = {
          direction,
          limit: 7,
          from: direction === "newer" ? { createdAt: "2025-01-01T00:00:00.000000Z", id: randomUUID() } : undefined,
        };
        const walked = (await ledgerRowsQuery(database.db, merchantWideScope(), filters, options)).map((row) => row.id);
        const searchFirst = (await ledgerRowsBySearchFirst(database.db, merchantWideScope(), filters, options)).map((row) => row.id);
        expect(searchFirst, JSON.stringify({ filters, direction })).toEqual(walked);
      }
  });

  it("collects each branch's matches on its own index (no bitmap of every match), then reads only the page's rows", async () => {
    const query = ledgerRowsBySearchFirst(
      database.db,
      merchantWideScope(),
      { search: "ana", kind: "CASH_OUT" },
      { direction: "older", limit: 51 },
    );
    const plan = JSON.stringify(((await database.db.execute(sql`explain ${query}`)) as { rows: unknown[] }).rows);
    expect(plan, plan).not.toContain("BitmapOr");
    expect(plan, plan).toContain("Append"); // the branches, each on its own
    // The search's covering indexes exist, one per prefix column, over the rows the list shows.
    const indexes = (await database.db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'transactions' and indexname like 'transactions_ledger_%' order by 1`,
    )) as unknown as { rows: Array<{ indexname: string; indexdef: string }> };
    expect(indexes.rows.map((row) => row.indexname)).toEqual([
      "transactions_ledger_amount_idx",
      "transactions_ledger_external_reference_idx",
      "transactions_ledger_kind_status_idx",
      "transactions_ledger_payer_email_idx",
      "transactions_ledger_payer_name_idx",
      "transactions_ledger_pix_key_idx",
      "transactions_ledger_store_status_idx",
    ]);
    const keyed = ["transactions_ledger_kind_status_idx", "transactions_ledger_store_status_idx"];
    for (const { indexname, indexdef } of indexes.rows) {
      expect(indexdef, indexname).toContain("WHERE (creation_state = ANY (ARRAY['created'::text, 'outcome_unknown'::text]))");
      if (!keyed.includes(indexname)) expect(indexdef, indexname).toMatch(/INCLUDE \(.*status, created_at, id/);
      // A store's search filters its matches in the index (migration 0042).
      if (indexname.includes("payer_") || indexname.includes("external_reference") || indexname.includes("pix_key"))
        expect(indexdef, indexname).toMatch(/INCLUDE \(.*, store_id\)/);
    }
  });

  it("reads a broad search's matches and its capped count from the indexes alone once vacuumed (index-only scans)", async () => {
    await database.db.execute(sql`vacuum analyze ${transactions}`);
    const explainRows = async (query: SQL) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        return JSON.stringify(((await tx.execute(sql`explain ${query}`)) as { rows: unknown[] }).rows);
      });
    const searchFirst = await explainRows(
      sql`${ledgerRowsBySearchFirst(database.db, merchantWideScope(), { search: "filler", status: "PENDING" }, { direction: "older", limit: 51 })}`,
    );
    expect(searchFirst, searchFirst).toContain("Index Only Scan using transactions_ledger_payer_email_idx");
    expect(searchFirst, searchFirst).toContain("Index Only Scan using transactions_ledger_payer_name_idx");
  });
});

// After the describe above: its rows stay, these are newer still.
describe("a search whose matches are spread thinly among the newest rows", () => {
  beforeAll(async () => {
    // 2,000 cash-ins, one in 25 a match: the first look's rows hold a match in 25, so the list walks its
    // own order a bounded distance (ledgerSearchWalkRows) for the first page, and the last page,
    // short, is completed from the search indexes.
    await database.db.execute(sql`
      insert into ${transactions} (kind, creation_state, status, amount_cents, idempotency_key, payer_name, created_at)
      select 'CASH_IN', 'created', 'PENDING', 700, 'thin-' || n, case when n % 25 = 0 then 'Sparse ' || n else 'Dense ' || n end,
        '2025-05-01T00:00:00Z'::timestamptz + n * interval '1 second'
      from generate_series(1, ${ledgerSearchWalkRows / 2.5}) as n`);
  });

  it("pages through every match in list order, both ways", async () => {
    const walked = (
      await ledgerRowsQuery(database.db, merchantWideScope(), { search: "sparse" }, { direction: "older", limit: 1_000 })
    ).map((row) => row.id);
    expect(walked).toHaveLength(80);
    const pages = await allPagesOlder({ search: "sparse" }, 50);
    expect(pages.map((page) => page.length)).toEqual([50, 30]);
    expect(pages.flat()).toEqual(walked);
    const first = await listLedgerPage(database.db, merchantWideScope(), { search: "sparse" }, undefined, 50);
    const second = await listLedgerPage(database.db, merchantWideScope(), { search: "sparse" }, first.older, 50);
    const back = await listLedgerPage(database.db, merchantWideScope(), { search: "sparse" }, second.newer, 50);
    expect(back.rows.map((row) => row.id)).toEqual(pages[0]);
    expect(await countLedgerRows(database.db, merchantWideScope(), { search: "sparse" })).toEqual({ count: 80, capped: false });
  });
});

// After the describes above: these rows are newer still.
describe("a search whose matches stop after the newest rows, then resume far older", () => {
  beforeAll(async () => {
    // Oldest first: 40 matches, then a full walk's worth of rows without one, then the first look's
    // worth of rows, one in ten a match. The matches in the window say a walk finds the rest of a
    // page soon; the walk ends at its cap without one, so the page is collected from the indexes.
    const gap = ledgerSearchWalkRows;
    await database.db.execute(sql`
      insert into ${transactions} (kind, creation_state, status, amount_cents, idempotency_key, payer_name, created_at)
      select 'CASH_IN', 'created', 'PENDING', 900, 'gap-' || n,
        case when n <= 40 or (n > 40 + ${gap} and n % 10 = 0) then 'Rarely ' || n else 'Often ' || n end,
        '2025-06-01T00:00:00Z'::timestamptz + n * interval '1 second'
      from generate_series(1, 40 + ${gap} + ${ledgerSearchWindowRows}) as n`);
  });

  it("completes the page from the search indexes when a bounded walk comes back short", async () => {
    const walked = (
      await ledgerRowsQuery(database.db, merchantWideScope(), { search: "rarely" }, { direction: "older", limit: 1_000 })
    ).map((row) => row.id);
    const matches = 40 + ledgerSearchWindowRows / 10;
    expect(walked).toHaveLength(matches);
    const pages = await allPagesOlder({ search: "rarely" }, 50);
    expect(pages.map((page) => page.length)).toEqual([50, matches - 50]);
    expect(pages.flat()).toEqual(walked);
  });
});
