// Benchmark of the Transactions list at scale: the list's own query functions timed on 1,000 rows
// (the baseline) and on 1,000,000 rows, in the same run, with the plan each one used at full size.
//
//   npm run bench:ledger                       # PostgreSQL at BENCH_DATABASE_URL
//   npm run bench:ledger -- --pglite           # also embedded PGlite (in memory; slow to seed)
//   npm run bench:ledger -- --rows 200000 --runs 50
//
// BENCH_DATABASE_URL (default: the local test server) must let its user create databases: two fresh
// ones (ledger_bench_*) are created, seeded with generate_series and dropped at the end.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { hasFlag, isMainModule, numberOption, type Timing, timeInTurns, withAdminClient } from "./support/bench";
import { openDatabase, type Database, type DatabaseConnection } from "@/lib/db/client";
import { iterateLedgerRows, ledgerRowsQuery, listLedgerPage, type LedgerFilters, sortedLedgerRowsQuery } from "@/lib/db/queries/ledger";
import type { LedgerCursor, LedgerSort } from "@/lib/vocabulary/ledger-page";
import { summariseLedger } from "@/lib/db/queries/overview";
import { transactions } from "@/lib/db/schema";
import { saoPauloDayRange, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import { parseLedgerQuery } from "@/lib/schemas/ledger-filters";
import { inboxRowsQuery, listInboxPage } from "@/lib/db/queries/callback-deliveries";
import { auditLogRowsQuery, countAuditEvents } from "@/lib/db/queries/audit-events";
import { awaitingRequestsQuery } from "@/lib/db/queries/cash-out-requests";
import { endpointDeliveriesQuery } from "@/lib/db/queries/events";
import { approvalsSort } from "@/lib/vocabulary/approvals-list";
import { eventDeliverySort } from "@/lib/vocabulary/event-delivery-list";
import { callbackLogSort } from "@/lib/vocabulary/callback-log-list";
import { auditLogSort } from "@/lib/vocabulary/audit-log-list";
import { isDescending, type ListCursor, sortColumnOf } from "@/lib/vocabulary/list-sort";
import { keysetColumn, type KeysetColumn, keysetOrder, type KeysetRead } from "@/lib/db/queries/list-keyset";
import type { PgColumn } from "drizzle-orm/pg-core";
import { customerSortColumns, customersPageQuery } from "@/lib/db/queries/customers";
import { paymentLinkSortColumns, paymentLinksPageQuery } from "@/lib/db/queries/payment-links";
import { apiKeys, auditEvents, callbackDeliveries, cashOutRequests, customers, eventDeliveries, paymentLinks, user } from "@/lib/db/schema";
import { apiKeysSort, customersSort, operatorsSort, paymentLinksSort } from "@/lib/vocabulary/list-orders";
import { operatorSortColumns, operatorsPageQuery } from "@/lib/db/queries/operators";
import { apiKeySortColumns, apiKeysPageQuery } from "@/lib/db/queries/api-keys";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";

const bigRows = numberOption("rows", 1_000_000);
const baselineRows = numberOption("baseline", 1_000);
const runs = numberOption("runs", 30);
const withPglite = hasFlag("pglite");
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://wallet_test:wallet_test@localhost:5432/wallet_test";
const migrations = path.resolve(import.meta.dirname, "../lib/db/migrations");

// The seeded year: row n of N is created at spanStart + n/N of the span; pairs of rows share a created_at.
const spanStart = "2025-01-01T03:00:00Z";
const spanSeconds = 365 * 86_400;

/**
 * Rows 1..total, deterministic from n: 80% cash-in, statuses 70/15/10/5%, 0.1% unconfirmed, 0.1% being
 * created; in the first store, or spread evenly over `storeIds` by a hash of n (not by n itself, which
 * the kind follows).
 */
export async function seedLedger(db: Database, total: number, storeIds: readonly string[] = [FIRST_STORE_ID]) {
  const chunk = 100_000;
  const storeArray = sql`${`{${storeIds.join(",")}}`}::uuid[]`;
  for (let first = 1; first <= total; first += chunk) {
    const last = Math.min(total, first + chunk - 1);
    await db.execute(sql`
      insert into transactions (id, kind, creation_state, status, wallet_transaction_id, amount_cents, payer_name, payer_email, payer_document,
        pix_key_type, pix_key, external_reference, idempotency_key, created_by_email, created_at, tax, status_changed_at, store_id)
      select gen_random_uuid(), kind, state, status,
        case when state = 'created' then 'wtx_' || md5(n::text) end,
        amount,
        case when kind = 'CASH_IN' then first_name || ' ' || last_name end,
        case when kind = 'CASH_IN' then lower(first_name) || '.' || lower(last_name) || n || '@example.com' end,
        case when kind = 'CASH_IN' then lpad(((n * 7907) % 100000000000)::text, 11, '0') end,
        case when kind = 'CASH_OUT' then (array['EMAIL','PHONE','DOCUMENT','RANDOM'])[(n % 4 + 1)::int] end,
        case when kind = 'CASH_OUT' then case n % 4 when 0 then 'key' || n || '@example.com' when 1 then '+55119' || lpad(n::text, 8, '0') when 2 then lpad(n::text, 11, '0') else gen_random_uuid()::text end end,
        case when n % 5 <> 4 then 'ORD-' || lpad(n::text, 8, '0') end,
        'bench-' || n,
        'operator' || (n % 5) || '@example.com',
        created_at,
        -- The Overview's tax and time to pay: 60% of rows taxed, paid within the hour.
        case when n % 5 < 3 then round(amount * 0.0099) end,
        case when status = 'SUCCEED' then created_at + ((n * 7919) % 3600) * interval '1 second' end,
        (${storeArray})[('x' || substr(md5('store' || n), 1, 7))::bit(28)::int % ${storeIds.length} + 1]
      from (select *,
        case when state <> 'created' then null when h < 70 then 'SUCCEED' when h < 85 then 'PENDING' when h < 95 then 'CANCELED' else 'FAILED' end as status,
        100 + (n * 104729) % 1000000 as amount,
        ${spanStart}::timestamptz + ((n / 2) * 2 * ${spanSeconds}::bigint / ${total}::bigint) * interval '1 second' as created_at
      from (
        -- h: a hash of n, so status does not follow the name or the kind (no accidental correlation).
        select n, ('x' || substr(md5('status' || n), 1, 7))::bit(28)::int % 100 as h,
          case when n % 5 = 0 then 'CASH_OUT' else 'CASH_IN' end as kind,
          case when n % 997 = 0 then 'outcome_unknown' when n % 1009 = 0 then 'creating' else 'created' end as state,
          (array['Maria','João','Ana','Pedro','Lucas','Juliana','Carlos','Fernanda','Rafael','Beatriz','Gabriel','Larissa','Mateus','Camila','Bruno','Patrícia','Thiago','Aline','Felipe','Renata'])[((n / 5) % 20 + 1)::int] as first_name,
          (array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes','Costa','Ribeiro','Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa'])[((n / 100) % 20 + 1)::int] as last_name
        from generate_series(${first}::bigint, ${last}::bigint) as n
      ) as source) as derived`);
    if (total >= 100_000) process.stdout.write(`  ${last.toLocaleString("en")} rows\r`);
  }
  // What PostgreSQL's autovacuum, or on PGlite the server's own (lib/db/embedded-maintenance.ts), does
  // within a minute of a bulk load: statistics for the planner, pages marked all-visible (the
  // ledger's index-only scans).
  await seedSortedLists(db, total);
  await db.execute(
    sql`vacuum (analyze) transactions, overview_rollups, overview_pay_time_rollups, callback_deliveries, audit_events, cash_out_requests, events, event_deliveries, payment_links, customers, "user", api_keys`,
  );
}

/**
 * The other sorted lists (issue #53) at the same size: callback deliveries received, audit events,
 * cash-out requests and one endpoint's event deliveries over the same year, pairs sharing a time
 * (ties), a tenth of deliveries rejected, five actions, a tenth of requests awaiting a decision;
 * payment links with 5,000 names (ties), half with a fixed price and half with the payer's minimum;
 * operators and API keys at a team's size (teamSize), names repeating, a third of the keys never used.
 * (The customers directory is the ledger's rollup: the seeded cash-ins fill it, about 0.8 of the rows.)
 */
async function seedSortedLists(db: Database, total: number) {
  await db.execute(
    sql`insert into event_endpoints (id, url, secret_ciphertext) values (${benchEndpointId}::uuid, 'https://example.com/bench', 'bench') on conflict do nothing`,
  );
  const chunk = 200_000;
  for (let first = 1; first <= total; first += chunk) {
    const last = Math.min(total, first + chunk - 1);
    const at = sql`${spanStart}::timestamptz + ((n / 2) * 2 * ${spanSeconds}::bigint / ${total}::bigint) * interval '1 second'`;
    await db.execute(sql`
      insert into callback_deliveries (received_at, wallet_transaction_id, status, outcome, body)
      select ${at}, 'wtx_' || n, case when n % 4 = 0 then 'PENDING' else 'SUCCEED' end,
        case when n % 10 = 0 then 'rejected' else 'applied' end, '{}'::jsonb
      from generate_series(${first}::bigint, ${last}::bigint) as n`);
    await db.execute(sql`
      insert into audit_events (occurred_at, actor_email, action, outcome)
      select ${at}, 'operator' || (n % 5) || '@example.com',
        (array['auth.sign_in','cash_in.create','cash_out.create','operator.update','settings.update'])[(n % 5 + 1)::int], 'success'
      from generate_series(${first}::bigint, ${last}::bigint) as n`);
    // Cash-out requests: a tenth awaiting a decision (the Approvals queue), amounts spread (repeats: ties).
    await db.execute(sql`
      insert into cash_out_requests (kind, state, idempotency_key, total_cents, item_count, requested_by_user_id, requested_by_email, created_at, expires_at)
      select 'single',
        case when n % 10 = 0 then 'awaiting_approval' else (array['approved','rejected','cancelled','expired'])[(n % 4 + 1)::int] end,
        'bench-' || n, 100 + (n * 104729) % 100000, 1, 'bench', 'operator' || (n % 5) || '@example.com', ${at}, ${at} + interval '1 day'
      from generate_series(${first}::bigint, ${last}::bigint) as n`);
    // One endpoint's deliveries, one per event (its delivery log).
    await db.execute(sql`
      with event as (
        insert into events (type, subject_type, subject_id, occurred_at, data, fanned_out)
        select 'charge.paid', 'transaction', 'bench-' || n, ${at}, '{}'::jsonb, true
        from generate_series(${first}::bigint, ${last}::bigint) as n
        returning id, type, occurred_at, position)
      insert into event_deliveries (event_id, event_type, event_occurred_at, endpoint_id, status, created_at)
      select id, type, occurred_at, ${benchEndpointId}::uuid, case when position % 10 = 0 then 'failed' else 'delivered' end, occurred_at from event`);
    await db.execute(sql`
      insert into payment_links (slug, name, amount_cents, min_amount_cents, max_amount_cents, charge_expiry_minutes, visits, created_at)
      select 'bench-' || n, 'Link ' || (n % 5000), case when n % 2 = 0 then 100 + (n * 7919) % 50000 end,
        case when n % 2 = 1 then 100 + (n * 104729) % 20000 end, case when n % 2 = 1 then 100000 end, 30, n % 100, ${at}
      from generate_series(${first}::bigint, ${last}::bigint) as n`);
  }
  // Operators and API keys: a merchant's team and integrations, not a million rows (teamSize).
  const team = teamSize(total);
  const teamAt = sql`${spanStart}::timestamptz + ((n / 2) * 2 * ${spanSeconds}::bigint / ${team}::bigint) * interval '1 second'`;
  await db.execute(sql`
    insert into "user" (id, name, email, role, created_at, updated_at)
    select 'bench-operator-' || n, (array['Maria','João','Ana','Pedro','Lucas'])[(n % 5 + 1)::int] || ' ' || (array['Silva','Santos','Oliveira','Souza'])[((n / 5) % 4 + 1)::int],
      'operator' || n || '@example.com', (array['admin','finance','qa','viewer'])[(n % 4 + 1)::int], ${teamAt}, ${teamAt}
    from generate_series(1::bigint, ${team}::bigint) as n`);
  await db.execute(sql`
    insert into api_keys (name, prefix, secret_hash, scopes, last_used_at, created_by_user_id, created_by_email, created_at)
    select 'Integration ' || (n % 50), 'wdk_' || lpad(n::text, 8, '0'), md5('bench-key-' || n), '["charges:read"]'::jsonb,
      case when n % 3 <> 0 then ${teamAt} + interval '1 hour' end, 'bench', 'operator1@example.com', ${teamAt}
    from generate_series(1::bigint, ${team}::bigint) as n`);
}

/**
 * How many operators and API keys the benchmark seeds beside `total` ledger rows: a merchant's team is
 * tens of people and its keys one per integration or store, a large chain's reach the thousands, so
 * 20 beside the 1k baseline and 2,000 beside 1M (total / 500 between). Their sorts have no index of
 * their own: at 2,000 rows a top-N sort of the table is the plan, and this shows what it costs.
 */
export function teamSize(total: number): number {
  return Math.min(2_000, Math.max(20, Math.round(total / 500)));
}

/** The endpoint whose delivery log the benchmark reads. */
const benchEndpointId = "00000000-0000-4000-8000-00000000be4c";

export type Case = {
  name: string;
  run: () => Promise<unknown>;
  explain?: () => SQLWrapper;
  /** The list's filters, for a benchmark that also times the count the page shows beside it. */
  filters?: LedgerFilters;
  /** A list's page in one of its orders (issue #53: `npm run bench -- --only sorted-lists` times these). */
  sorted?: true;
};

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Values that exist at this size, taken from rows in the middle of the year. */
export async function casesFor(db: Database, total: number): Promise<Case[]> {
  const cashInIndex = Math.floor(total / 10) * 5 + 1; // n % 5 = 1: a cash-in
  const phoneIndex = Math.floor(total / 40) * 20 + 5; // n % 20 = 5: a cash-out with a phone key
  const [cashInRow] = await rowsOf<
    Record<"id" | "wallet_transaction_id" | "payer_email" | "payer_document" | "external_reference" | "t" | "amount" | "paid", string>
  >(
    db,
    sql`select id, wallet_transaction_id, payer_email, payer_document, external_reference, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t,
          amount_cents::text as amount, to_char(status_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as paid
        from transactions where idempotency_key = ${`bench-${cashInIndex}`}`,
  );
  if (!cashInRow) throw new Error(`row bench-${cashInIndex} is missing`);
  const deep: LedgerCursor = { createdAt: cashInRow.t, id: cashInRow.id, direction: "older" };
  const phoneKey = `+55119${String(phoneIndex).padStart(8, "0")}`;
  const week = parseLedgerQuery({ from: "2025-07-01", to: "2025-07-07" }).filters;
  const lastDay = saoPauloDayRange("2025-12-31");
  const document = cashInRow.payer_document;
  const formattedDocument = `${document.slice(0, 3)}.${document.slice(3, 6)}.${document.slice(6, 9)}-${document.slice(9)}`;
  const page =
    (filters: LedgerFilters, cursor?: LedgerCursor): Case["run"] =>
    () =>
      listLedgerPage(db, merchantWideScope(), filters, cursor);
  const plan = (filters: LedgerFilters, cursor?: LedgerCursor) => () =>
    ledgerRowsQuery(db, merchantWideScope(), filters, { from: cursor, direction: cursor?.direction ?? "older", limit: 51 });
  // A paid row in the middle of the year (rows near cashInIndex; statuses follow a hash of n).
  const [paidRow] = await rowsOf<Record<"id" | "t" | "paid", string>>(
    db,
    sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t,
          to_char(status_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as paid
        from transactions where idempotency_key in (${sql.join(
          Array.from({ length: 40 }, (_, offset) => sql`${`bench-${cashInIndex + offset}`}`),
          sql`, `,
        )}) and status = 'SUCCEED' and creation_state = 'created' limit 1`,
  );
  if (!paidRow) throw new Error("no paid row near the middle of the year");
  /** The list in another order (issue #53): its first page, and a page from the middle row on. */
  const sorted = (name: string, sort: LedgerSort, filters: LedgerFilters, deepKey?: { id: string; t: string; value: string }): Case => {
    const cursor: LedgerCursor | undefined = deepKey
      ? { createdAt: deepKey.t, id: deepKey.id, sortValue: deepKey.value, direction: "older" }
      : undefined;
    return {
      name,
      run: () => listLedgerPage(db, merchantWideScope(), filters, cursor, undefined, sort),
      explain: () => sortedLedgerRowsQuery(db, merchantWideScope(), filters, sort, { from: cursor, direction: "older", limit: 51 }),
      filters,
      sorted: true,
    };
  };
  // `?paid=` (a period paid in) in the default order (issue #53): paid rows of the last month of the
  // data, its first page and a page from the middle of that month on.
  const paidInMonth: LedgerFilters = {
    status: "SUCCEED",
    paidFrom: saoPauloDayStart("2025-12-01"),
    paidBefore: saoPauloDayStart("2026-01-01"),
  };
  const paidInDay: LedgerFilters = { status: "SUCCEED", paidFrom: lastDay.start, paidBefore: lastDay.end };
  const [midMonthRow] = await rowsOf<Record<"id" | "t", string>>(
    db,
    sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t from transactions
        where status = 'SUCCEED' and status_changed_at >= ${saoPauloDayStart("2025-12-15").toISOString()}::timestamptz
        order by status_changed_at limit 1`,
  );
  if (!midMonthRow) throw new Error("no row paid in the middle of December");
  const middleByAmount = { id: cashInRow.id, t: cashInRow.t, value: cashInRow.amount };
  const middleByPaid = { id: paidRow.id, t: paidRow.t, value: paidRow.paid };
  const paid: LedgerFilters = { status: "SUCCEED" };
  const item = (name: string, filters: LedgerFilters, cursor?: LedgerCursor): Case => ({
    name,
    run: page(filters, cursor),
    explain: plan(filters, cursor),
    filters,
  });
  return [
    item("first page", {}),
    item("filter: kind + status (cash-out FAILED)", { kind: "CASH_OUT", status: "FAILED" }),
    item("filter: one week (São Paulo days)", week),
    item("filter: amount R$ 100,00–150,00", { amountMinCents: 10_000, amountMaxCents: 15_000 }),
    item("filter: outcome unknown", { status: "UNKNOWN" }),
    item("deep page: older than the middle row", {}, deep),
    item("deep page: newer than the middle row", {}, { ...deep, direction: "newer" }),
    item("search: local id", { search: cashInRow.id }),
    item("search: wallet id", { search: cashInRow.wallet_transaction_id }),
    item("search: CPF, formatted", { search: formattedDocument }),
    item("search: e-mail prefix (one payer)", { search: cashInRow.payer_email.slice(0, cashInRow.payer_email.indexOf("@")) }),
    item("search: name prefix (common, 'maria s')", { search: "maria s" }),
    item("search: reference prefix", { search: cashInRow.external_reference }),
    item("search: PIX phone key", { search: phoneKey }),
    item("search: one letter ('a', the broadest)", { search: "a" }),
    item("search: no match", { search: "zz-no-such-thing" }),
    item("search + filter: 'ana' PENDING", { search: "ana", status: "PENDING" }),
    // The worst case found: a common prefix under a filter that excludes all its matches (payer names
    // are cash-in only) walks the whole filtered index looking for a first match.
    item("search + filter, no overlap: 'ana' cash-outs", { search: "ana", kind: "CASH_OUT" }),
    item("filter: paid in a month, default order", paidInMonth),
    item("filter: paid in a month, default order, deep page", paidInMonth, {
      createdAt: midMonthRow.t,
      id: midMonthRow.id,
      direction: "older",
    }),
    item("filter: paid in a day, default order", paidInDay),
    sorted("sort: amount, largest first", "-amount", {}),
    sorted("sort: amount, largest first, deep page", "-amount", {}, middleByAmount),
    sorted("sort: amount, smallest first", "amount", {}),
    sorted("sort: amount, smallest first, deep page", "amount", {}, middleByAmount),
    sorted("sort: created, oldest first", "created", {}),
    sorted("sort: created, oldest first, deep page", "created", {}, { id: cashInRow.id, t: cashInRow.t, value: cashInRow.t }),
    sorted("sort: paid, latest first", "-paid", paid),
    sorted("sort: paid, latest first, deep page", "-paid", paid, middleByPaid),
    sorted("sort: paid, earliest first", "paid", paid),
    sorted("sort: paid, earliest first, deep page", "paid", paid, middleByPaid),
    ...(await sortedListCases(db)),
    {
      name: "export: 1,000 rows (2 batches of 500)",
      run: async () => {
        let rows = 0;
        for await (const batch of iterateLedgerRows(db, merchantWideScope(), {}, 500)) {
          rows += batch.length;
          if (rows >= 1_000) break;
        }
      },
    },
    { name: "overview: one day's figures", run: () => summariseLedger(db, merchantWideScope(), lastDay) },
  ];
}

/**
 * Every order of the lists read by lib/db/queries/list-keyset.ts (the callback log, the audit log,
 * the Approvals queue, an endpoint's event deliveries, payment links, operators, API keys, customers;
 * lib/vocabulary/callback-log-list.ts, audit-log-list.ts, approvals-list.ts, event-delivery-list.ts,
 * list-orders.ts): the first page, and a page from the middle row on, through the lists' own
 * statements; and the audit log's capped count.
 */
async function sortedListCases(db: Database): Promise<Case[]> {
  /** The cursor of the row half-way through `column`'s order (among `where`), as a page link would carry it. */
  const middle = async (table: SQL, column: KeysetColumn, id: PgColumn, where: SQL = sql`true`) => {
    const [row] = await rowsOf<Record<"id" | "value", string>>(
      db,
      sql`select ${id}::text as id, ${column.key} as value from ${table} where ${where}
          order by ${sql.join(keysetOrder(column, id, false), sql`, `)} offset (select count(*) / 2 from ${table} where ${where}) limit 1`,
    );
    if (!row) throw new Error("no middle row");
    return { id: row.id, direction: "older" as const, value: row.value };
  };
  const read = (cursor: ListCursor | undefined, descending: boolean): KeysetRead => ({
    from: cursor ? { value: cursor.value!, id: cursor.id } : undefined,
    descending,
    limit: 51,
  });
  /** A list's every order, first page and middle page, each through `statement`. */
  const list = <Sort extends string>(
    name: string,
    sorts: readonly Sort[],
    cursorOf: (sort: Sort) => Promise<ListCursor>,
    statement: (sort: Sort, page: KeysetRead) => SQLWrapper & PromiseLike<unknown>,
  ) =>
    Promise.all(
      sorts.map(async (sort) =>
        [undefined, await cursorOf(sort)].map(
          (cursor): Case => ({
            name: `${name}: ${sort}${cursor ? ", deep page" : ""}`,
            run: async () => await statement(sort, read(cursor, isDescending(sort))),
            explain: () => statement(sort, read(cursor, isDescending(sort))),
            sorted: true,
          }),
        ),
      ),
    ).then((cases) => cases.flat());
  const delivery = await middle(
    sql.raw("callback_deliveries"),
    keysetColumn(callbackDeliveries.receivedAt, "timestamptz"),
    callbackDeliveries.id,
  );
  const event = await middle(sql.raw("audit_events"), keysetColumn(auditEvents.occurredAt, "timestamptz"), auditEvents.id);
  const awaiting = sql.raw("state = 'awaiting_approval'");
  const request = {
    requested: await middle(
      sql.raw("cash_out_requests"),
      keysetColumn(cashOutRequests.createdAt, "timestamptz"),
      cashOutRequests.id,
      awaiting,
    ),
    amount: await middle(sql.raw("cash_out_requests"), keysetColumn(cashOutRequests.totalCents, "bigint"), cashOutRequests.id, awaiting),
  };
  const eventDelivery = await middle(
    sql.raw("event_deliveries"),
    keysetColumn(eventDeliveries.createdAt, "timestamptz"),
    eventDeliveries.id,
    sql`endpoint_id = ${benchEndpointId}::uuid`,
  );
  const column = (sort: string) => sort.replace(/^-/, "");
  return [
    ...callbackLogSort.sorts.flatMap((sort) =>
      [undefined, delivery].map(
        (cursor): Case => ({
          name: `callback log: ${sort}${cursor ? ", deep page" : ""}`,
          run: () => listInboxPage(db, merchantWideScope(), {}, sort, cursor),
          explain: () => inboxRowsQuery(db, merchantWideScope(), {}, sort, read(cursor, isDescending(sort))),
          sorted: true,
        }),
      ),
    ),
    // The rows only: the page's count of matches is the list's own cost, apart from its order.
    ...(await list(
      "audit log",
      auditLogSort.sorts,
      async () => event,
      (sort, page) => auditLogRowsQuery(db, {}, sort, page),
    )),
    // What the audit log's page shows beside its rows: the matches, counted up to 10,001.
    { name: "audit log: count of matches (capped)", run: () => countAuditEvents(db, {}) },
    { name: "audit log: count of one action (capped)", run: () => countAuditEvents(db, { action: "auth.sign_in" }) },
    ...(await list(
      "approvals queue",
      approvalsSort.sorts,
      async (sort) => request[sortColumnOf(sort)],
      (sort, page) => awaitingRequestsQuery(db, merchantWideScope(), sort, page),
    )),
    ...(await list(
      "event deliveries",
      eventDeliverySort.sorts,
      async () => eventDelivery,
      (sort, page) => endpointDeliveriesQuery(db, benchEndpointId, {}, sort, page),
    )),
    // The links only: their charges are counted for the page's 50 links after (transactions_payment_link_idx).
    ...(await list(
      "payment links",
      paymentLinksSort.sorts,
      (sort) =>
        middle(sql.raw("payment_links"), paymentLinkSortColumns[column(sort) as keyof typeof paymentLinkSortColumns], paymentLinks.id),
      (sort, page) => paymentLinksPageQuery(db, merchantWideScope(), sort, page),
    )),
    // A team's size (teamSize), not a million: no index of their own, the plan sorts the table.
    ...(await list(
      "operators",
      operatorsSort.sorts,
      (sort) => middle(sql.raw(`"user"`), operatorSortColumns[column(sort) as keyof typeof operatorSortColumns], user.id),
      (sort, page) => operatorsPageQuery(db, sort, page),
    )),
    ...(await list(
      "API keys",
      apiKeysSort.sorts,
      (sort) => middle(sql.raw("api_keys"), apiKeySortColumns[column(sort) as keyof typeof apiKeySortColumns], apiKeys.id),
      (sort, page) => apiKeysPageQuery(db, sort, page),
    )),
    ...(await list(
      "customers",
      customersSort.sorts,
      (sort) => middle(sql.raw("customers"), customerSortColumns[column(sort) as keyof typeof customerSortColumns], customers.id),
      (sort, page) => customersPageQuery(db, sort, page),
    )),
  ];
}

/** The index (or scan) each table access used, from EXPLAIN. */
export async function accessPaths(db: Database, query: SQLWrapper): Promise<string> {
  const result = (await db.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
  const lines = result.rows.map((row) => Object.values(row)[0]!);
  const paths = lines.flatMap((line) => {
    const match = /(Index Only Scan|Index Scan Backward|Index Scan|Bitmap Index Scan|Seq Scan)(?: using| on) (\S+)/.exec(line);
    return match
      ? [
          `${match[1] === "Seq Scan" ? "SEQ SCAN" : match[1]!.replace("Bitmap Index Scan", "bitmap")} ${match[2]!.replace(/^transactions_/, "")}`,
        ]
      : [];
  });
  return [...new Set(paths)].join(", ");
}

type Measured = { name: string; small: Timing; large: Timing; plan: string };

async function measureKind(kind: "postgres" | "pglite"): Promise<Measured[]> {
  const open = async (rows: number) => {
    if (kind === "pglite") {
      const connection = await openDatabase({ kind: "pglite", dataDir: "memory://" });
      await connection.migrate(migrations, "__drizzle_migrations");
      return { connection, drop: () => connection.close() };
    }
    const name = `ledger_bench_${randomBytes(4).toString("hex")}_${rows}`;
    await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const connection = await openDatabase({ kind: "postgres", url: url.toString(), connectTimeoutMs: 5_000 });
    await connection.migrate(migrations, "__drizzle_migrations");
    return {
      connection,
      drop: async () => {
        await connection.close();
        await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      },
    };
  };
  const sizes: Array<{ rows: number; connection: DatabaseConnection; drop: () => Promise<void> }> = [];
  try {
    for (const rows of [baselineRows, bigRows]) {
      const started = performance.now();
      const opened = await open(rows);
      sizes.push({ rows, ...opened });
      await seedLedger(opened.connection.db, rows);
      const [{ count }] = (await opened.connection.db.select({ count: sql<number>`count(*)::int` }).from(transactions)) as [
        { count: number },
      ];
      console.log(`${kind}: seeded ${count.toLocaleString("en")} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const [small, large] = sizes as [(typeof sizes)[0], (typeof sizes)[0]];
    const smallCases = await casesFor(small.connection.db, small.rows);
    const largeCases = await casesFor(large.connection.db, large.rows);
    const results: Measured[] = [];
    for (let index = 0; index < largeCases.length; index += 1) {
      const largeCase = largeCases[index]!;
      // In turns (1k, 1M, 1k, …): both sizes see the same moments of the machine's load.
      const { baseline: smallTiming, figure: largeTiming } = await timeInTurns(runs, smallCases[index]!.run, largeCase.run);
      const plan = largeCase.explain ? await accessPaths(large.connection.db, largeCase.explain()) : "";
      results.push({ name: largeCase.name, small: smallTiming, large: largeTiming, plan });
    }
    return results;
  } finally {
    if (!hasFlag("keep"))
      for (const size of sizes) await size.drop().catch((error) => console.error(`could not drop a benchmark database: ${error}`));
  }
}

function print(kind: string, results: Measured[]) {
  const label = (rows: number) => (rows >= 1_000_000 ? `${rows / 1_000_000}M` : rows >= 1_000 ? `${rows / 1_000}k` : String(rows));
  const [s, l] = [label(baselineRows), label(bigRows)];
  console.log(`\n${kind} — milliseconds over ${runs} runs in turns, ${s} then ${l} (after 3 warm-ups); ratio = p50 at ${l} / p50 at ${s}`);
  const header = ["query", `${s} p50`, `${s} p95`, `${l} p50`, `${l} p95`, "ratio", `plan at ${l}`];
  const rows = results.map((result) => [
    result.name,
    result.small.p50.toFixed(2),
    result.small.p95.toFixed(2),
    result.large.p50.toFixed(2),
    result.large.p95.toFixed(2),
    `×${(result.large.p50 / result.small.p50).toFixed(1)}`,
    result.plan,
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  if (results.some((result) => result.plan.includes("SEQ SCAN"))) console.log("WARNING: a query above read the whole table (SEQ SCAN).");
}

if (isMainModule(import.meta.url)) {
  const kinds: Array<"postgres" | "pglite"> = ["postgres", ...(withPglite ? (["pglite"] as const) : [])];
  for (const kind of kinds) print(kind, await measureKind(kind));
}
