// Reads at a merchant's scale, for the tests that hold every page and route to a bounded read
// (issue #52, stop 58): a year of a merchant's data in one database, and what each statement a
// piece of work sent read, measured by PostgreSQL itself (EXPLAIN ANALYZE in a transaction rolled
// back). A statement that reads a table whole, or a long range of an index, shows as many rows
// read, whatever its plan's shape: with sequential scans disabled, the Reconciliation page's old
// reads took an index with a condition and still read most of the ledger.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { saveApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { replaceOperatorStoreGrants } from "@/lib/db/queries/operator-stores";
import {
  alertIncidents,
  auditEvents,
  callbackDeliveries,
  cashOutRequestItems,
  cashOutRequests,
  customers,
  eventDeliveries,
  eventEndpoints,
  events,
  notifications,
  paymentLinks,
  stores,
  transactions,
  user,
} from "@/lib/db/schema";
import type { SentStatement } from "@/lib/db/statement-spans";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";
import { createOperatorSession, type installTestRuntime } from "@/test/support/action-harness";
import { planNodes } from "@/test/support/query-plans";

/** The payer page's token of the pending charge `ids.cashIn` (/pay/[token]). */
export const payerToken = "plans-payer-token-0001";

/** A ledger large enough that a read of the whole table shows: more rows than any page reads at once. */
export const ledgerRows = 20_000;
/**
 * The most rows one statement may read: a capped count reads 1,001 matches (ledgerCountCap), and for
 * one store of two it may walk twice that many rows to find them (PostgreSQL rightly prefers the
 * table in list order to an index when half the rows match).
 */
export const rowsReadBudget = 2_500;
/** Rows a statement sent more than once must answer or change on each run but its last: a batch. */
export const rowsPerRepeatedStatement = 100;
/** A read sent this many times with other values, short of a batch, is read a row at a time. */
export const timesReadRowByRow = 3;
/**
 * A write sent this many times, short of a batch, is written a row at a time: more than any loop
 * over the merchant's settings makes (the alert job writes an incident per rule and store), fewer
 * than a loop over a batch of rows does.
 */
export const timesWrittenRowByRow = 20;

/** Who reads: an admin of every store, and an admin of one store of two (its own conditions, its own plans). */
export type ScaleReader = "an admin of every store" | "an admin of one store of two";
export const scaleReaders: ScaleReader[] = ["an admin of every store", "an admin of one store of two"];

export type MerchantYear = {
  sessions: Map<ScaleReader, Headers>;
  ids: {
    cashIn: string;
    cashOut: string;
    /** A paid charge of the first store (its receipt). */
    paid: string;
    customer: string;
    link: string;
    endpoint: string;
    request: string;
    secondStore: string;
  };
};

/**
 * Seeds a year of a merchant over two stores: a 20,000-row ledger (about 1 in 1,000 without an
 * outcome, and a fifth still pending long past their expiry: a wallet that stopped sending final
 * statuses, 3,200 rows, more than any page may read at once) and a busy last hour of payouts (3,000
 * cash-outs, under daily limits), a year of the wallet's callbacks and a busy last hour of them
 * (3,000), a year of the audit log, of alerts (5,000 notifications), of decided payout requests
 * (5,000) and of payment links (2,000), one of which sold a tenth of the charges, and an event
 * delivery for each event the ledger's trigger wrote; then the statistics PostgreSQL's autovacuum or
 * the embedded server's maintenance would have taken. Each kind of row the pages open has one of
 * its own (`ids`).
 */
export async function seedMerchantYear(
  database: { db: Database },
  auth: ReturnType<typeof installTestRuntime>["auth"],
): Promise<MerchantYear> {
  const sessions = new Map<ScaleReader, Headers>();
  sessions.set("an admin of every store", await createOperatorSession(auth, { email: "plans.admin@example.com", role: "admin" }));
  const { db } = database;
  // A second store: the ledger is spread over both, and an admin of the first one sees its half.
  const [secondStore] = await db.insert(stores).values({ name: "Loja B", payerFacingName: "Loja B" }).returning({ id: stores.id });
  const storeAdmin = await createOperatorSession(auth, { email: "plans.store-admin@example.com", role: "admin" });
  const [storeAdminUser] = await db.select({ id: user.id }).from(user).where(eq(user.email, "plans.store-admin@example.com"));
  await replaceOperatorStoreGrants(db, storeAdminUser!.id, [FIRST_STORE_ID], "test");
  sessions.set("an admin of one store of two", storeAdmin);
  const created = { creationState: "created", status: "PENDING", amountCents: 1_000 } as const;
  const [cashIn, cashOut] = await db
    .insert(transactions)
    .values([
      {
        ...created,
        kind: "CASH_IN",
        idempotencyKey: "plans-in",
        payerName: "Ana Souza",
        payerDocument: "12345678909",
        payerDisplayToken: payerToken,
        codeCopyPaste: "00020126580014br.gov.bcb.pix0136plans-code5204000053039865802BR5904Loja6009Sao Paulo6304ABCD",
        walletTransactionId: "wtx-plans-in",
        expiresAt: new Date(Date.now() + 30 * 60_000),
        paymentLinkId: null,
      },
      { ...created, kind: "CASH_OUT", idempotencyKey: "plans-out", pixKeyType: "EMAIL", pixKey: "ana@example.com" },
    ])
    .returning({ id: transactions.id });
  // The charge's payer is a customer already (the ledger's trigger, migration 0036).
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.document, "12345678909"));
  const [link] = await db
    .insert(paymentLinks)
    .values({ slug: "plnslink", name: "Feira", amountCents: 1_000, chargeExpiryMinutes: 30 })
    .returning({ id: paymentLinks.id });
  const [endpoint] = await db
    .insert(eventEndpoints)
    .values({ url: "https://erp.example.com/hooks", secretCiphertext: "unused", eventTypes: ["charge.paid"], enabled: true })
    .returning({ id: eventEndpoints.id });
  const [requester] = await db.select({ id: user.id, email: user.email }).from(user).limit(1);
  const [request] = await db
    .insert(cashOutRequests)
    .values({
      kind: "single",
      idempotencyKey: "plans-request",
      totalCents: 1_000,
      itemCount: 1,
      requestedByUserId: requester!.id,
      requestedByEmail: requester!.email,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: cashOutRequests.id });
  await db.insert(cashOutRequestItems).values({
    requestId: request!.id,
    line: 1,
    amountCents: 1_000,
    pixKeyType: "EMAIL",
    pixKey: "ana@example.com",
    idempotencyKey: "plans-request-item",
    transactionId: cashOut!.id,
  });
  // The ledger: a year of charges and cash-outs over the two stores, about 1 in 1,000 without an
  // outcome, and a fifth still pending long past their expiry (a wallet that stopped sending final
  // statuses: 3,200 rows, more than any page may read at once), then the statistics PostgreSQL's
  // autovacuum or the embedded server's maintenance would have taken.
  await db.execute(sql`
    insert into ${transactions} (kind, creation_state, status, amount_cents, idempotency_key, payer_name, payer_document, pix_key_type, pix_key,
      external_reference, created_by_email, created_at, expires_at, status_changed_at, store_id, wallet_transaction_id)
    select kind, state, status, 100 + (n * 104729) % 1000000, 'plans-ledger-' || n,
      case when kind = 'CASH_IN' then 'Payer ' || n end,
      case when kind = 'CASH_IN' then lpad(((n * 7907) % 100000000000)::text, 11, '0') end,
      case when kind = 'CASH_OUT' then 'EMAIL' end, case when kind = 'CASH_OUT' then 'key' || n || '@example.com' end,
      'ORD-' || n, 'operator' || (n % 5) || '@example.com', created_at,
      case when kind = 'CASH_IN' then created_at + interval '30 minutes' end,
      case when status in ('SUCCEED', 'CANCELED', 'FAILED') then created_at + interval '5 minutes' end,
      case when n % 2 = 0 then ${FIRST_STORE_ID}::uuid else ${secondStore!.id}::uuid end,
      case when state = 'created' then 'wtx-plans-' || n end
    from (select n, created_at,
        case when n % 5 = 0 then 'CASH_OUT' else 'CASH_IN' end as kind,
        case when n % 997 = 0 then 'outcome_unknown' when n % 1009 = 0 then 'creating' else 'created' end as state,
        case when n % 997 = 0 or n % 1009 = 0 then null when n % 20 < 13 then 'SUCCEED' when n % 20 < 17 then 'PENDING' when n % 20 < 19 then 'CANCELED' else 'FAILED' end as status
      from (select n, now() - (n * interval '1 year') / ${ledgerRows} as created_at from generate_series(1, ${ledgerRows}) as n) as spread) as rows`);
  // The wallet's callbacks for the year (two per transaction: the creation's PENDING and the
  // outcome), about 1 in 100 not applied, and a year of the audit log.
  await db.execute(sql`
    insert into ${callbackDeliveries} (received_at, wallet_transaction_id, transaction_id, status, outcome, body, store_id)
    select t.created_at + make_interval(secs => copy), 'wtx-' || t.id, t.id, t.status,
      case when (row_number() over ()) % 100 = 0 then 'unmatched' when (row_number() over ()) % 101 = 0 then 'rejected' when copy = 1 then 'applied' else 'duplicate' end,
      '{}'::jsonb, t.store_id
    from ${transactions} t, generate_series(1, 2) as copy
    where t.status is not null`);
  // A busy last hour: 3,000 more callbacks (more than any statement may read), so a figure that
  // counts the last hour's or day's deliveries one by one shows (issue #52, stop 60: the Overview's
  // delivery health did, on every view and poll).
  await db.execute(sql`
    with recent as (
      select id, store_id, row_number() over (order by created_at desc) as position
      from ${transactions} where status = 'SUCCEED' order by created_at desc limit 500)
    insert into ${callbackDeliveries} (received_at, wallet_transaction_id, transaction_id, status, outcome, body, store_id)
    select now() - (n * interval '1 hour') / 3000, 'wtx-busy-' || n, recent.id, 'SUCCEED', 'duplicate', '{}'::jsonb, recent.store_id
    from generate_series(1, 3000) as n join recent on recent.position = n % 500 + 1`);
  // And a busy hour of payouts: 3,000 cash-outs sent by one operator (a bulk payout), under daily
  // limits, so a day's total summed row by row shows (issue #52, stop 60: the limits' check, the
  // approvals queue and the alert job each read every cash-out of the day).
  await db.execute(sql`
    insert into ${transactions} (kind, creation_state, status, amount_cents, idempotency_key, pix_key_type, pix_key,
      created_by_user_id, created_by_email, created_at, status_changed_at, store_id, wallet_transaction_id)
    select 'CASH_OUT', 'created', 'SUCCEED', 1000 + n, 'plans-busy-out-' || n, 'EMAIL', 'busy' || n || '@example.com',
      ${requester!.id}, ${requester!.email}, now() - (n * interval '1 hour') / 3000, now() - (n * interval '1 hour') / 3000,
      case when n % 2 = 0 then ${FIRST_STORE_ID}::uuid else ${secondStore!.id}::uuid end, 'wtx-plans-busy-out-' || n
    from generate_series(1, 3000) as n`);
  await saveApprovalPolicy(
    db,
    {
      approvalThresholdCents: null,
      operatorDailyLimitCents: 1_000_000_00,
      merchantDailyLimitCents: 5_000_000_00,
      requestLifetimeMinutes: 1_440,
    },
    null,
  );
  await db.execute(sql`
    insert into ${auditEvents} (occurred_at, actor_email, action, outcome, details)
    select now() - (n * interval '1 year') / ${ledgerRows}, 'operator' || (n % 5) || '@example.com',
      (array['cash_in.create', 'cash_out.create', 'auth.sign_in', 'settings.update'])[n % 4 + 1], 'success', '{}'::jsonb
    from generate_series(1, ${ledgerRows}) as n`);
  // Outgoing events' deliveries to the endpoint (the trigger wrote an event per change above), a year
  // of decided payout requests, of alerts, and of payment links, one of which sold a tenth of the charges.
  await db.execute(sql`
    insert into ${eventDeliveries} (event_id, event_type, event_occurred_at, endpoint_id, status, attempts, created_at, delivered_at)
    select id, type, occurred_at, ${endpoint!.id}::uuid, case when position % 50 = 0 then 'failed' else 'delivered' end, 1, occurred_at, occurred_at
    from ${events}`);
  await db.execute(sql`
    insert into ${cashOutRequests} (kind, idempotency_key, total_cents, item_count, requested_by_user_id, requested_by_email, expires_at, state, created_at, decided_at, store_id)
    select 'single', 'plans-request-' || n, 1000 + n, 1, ${requester!.id}, ${requester!.email}, at + interval '1 day',
      case when n % 3 = 0 then 'rejected' else 'approved' end, at, at + interval '1 hour',
      case when n % 2 = 0 then ${FIRST_STORE_ID}::uuid else ${secondStore!.id}::uuid end
    from (select n, now() - (n * interval '1 year') / 5000 as at from generate_series(1, 5000) as n) as spread`);
  await db.execute(sql`
    with opened as (
      insert into ${alertIncidents} (rule, incident_key, href, opened_at)
      select 'callbacks_silent', 'plans-' || n, '/', now() - (n * interval '1 year') / 5000 from generate_series(1, 5000) as n
      returning id, opened_at)
    insert into ${notifications} (incident_id, created_at) select id, opened_at from opened`);
  await db.execute(sql`
    insert into ${paymentLinks} (slug, name, amount_cents, charge_expiry_minutes, created_at, store_id)
    select 'plans-link-' || n, 'Link ' || n, 1000, 30, now() - (n * interval '1 year') / 2000,
      case when n % 2 = 0 then ${FIRST_STORE_ID}::uuid else ${secondStore!.id}::uuid end
    from generate_series(1, 2000) as n`);
  await db.execute(
    sql`update ${transactions} set payment_link_id = ${link!.id} where kind = 'CASH_IN' and idempotency_key like 'plans-ledger-%1'`,
  );
  await db.execute(sql`analyze`);
  const [paid] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.kind, "CASH_IN"), eq(transactions.status, "SUCCEED"), eq(transactions.storeId, FIRST_STORE_ID)))
    .limit(1);
  return {
    sessions,
    ids: {
      paid: paid!.id,
      cashIn: cashIn!.id,
      cashOut: cashOut!.id,
      customer: customer!.id,
      link: link!.id,
      endpoint: endpoint!.id,
      request: request!.id,
      secondStore: secondStore!.id,
    },
  };
}

/** The statement again, its $n placeholders bound to the values it was sent with. */
function rebound(statement: SentStatement): SQL {
  const pieces = statement.text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  pieces.forEach((piece, index) => {
    chunks.push(index % 2 === 0 ? sql.raw(piece) : sql`${sql.param(statement.values[Number(piece) - 1])}`);
  });
  return sql.join(chunks);
}

/** Where a plan reads rows from a table or an index. */
const scanNodeTypes = new Set(["Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan", "Tid Scan", "Tid Range Scan"]);

class RolledBack extends Error {}

/**
 * The rows a statement read, node by node (EXPLAIN ANALYZE in a transaction rolled back: a write is
 * undone): each scan's rows kept and removed by its filter or recheck, over all its loops.
 */
async function rowsRead(db: Database, statement: SentStatement): Promise<Array<{ scan: string; rows: number }>> {
  let plan: unknown;
  await db
    .transaction(async (tx) => {
      const result = (await tx.execute(sql`explain (analyze, format json) ${rebound(statement)}`)) as {
        rows: Array<Record<string, unknown>>;
      };
      const cell = Object.values(result.rows[0]!)[0];
      plan = typeof cell === "string" ? JSON.parse(cell) : cell;
      throw new RolledBack();
    })
    .catch((caught: unknown) => {
      if (!(caught instanceof RolledBack)) throw caught;
    });
  return planNodes(plan)
    .filter((node) => scanNodeTypes.has(String(node["Node Type"])))
    .map((node) => {
      const perLoop = ["Actual Rows", "Rows Removed by Filter", "Rows Removed by Index Recheck"].reduce(
        (sum, key) => sum + Number(node[key] ?? 0),
        0,
      );
      return {
        scan: `${String(node["Node Type"])} of ${String(node["Relation Name"])}${node["Index Name"] ? ` (${String(node["Index Name"])})` : ""}`,
        rows: Math.round(perLoop * Number(node["Actual Loops"] ?? 1)),
      };
    });
}

/** Each scan of these statements that read more than the budget, named by `where` and the statement's start. */
export async function readsOverBudget(db: Database, where: string, statements: readonly SentStatement[]): Promise<string[]> {
  const found: string[] = [];
  for (const statement of statements) {
    if (!/^\s*(select|with|insert|update|delete)\b/i.test(statement.text)) continue;
    // An insert of given values reads no table (its run again would only meet its own rows' keys).
    if (/^\s*insert\b/i.test(statement.text) && !/\bselect\b/i.test(statement.text)) continue;
    for (const { scan, rows } of await rowsRead(db, statement))
      if (rows > rowsReadBudget) found.push(`${where}: ${rows} rows, ${scan} — ${statement.text.slice(0, 140)}`);
  }
  return found;
}

/**
 * Statements one piece of work repeats (issue #52, stop 59). A statement sent more than once is
 * fine when every run but its last answered or changed a full batch (`rowsPerRepeatedStatement`
 * rows or more: a download's keyset pages, a job's queue taken batch by batch). Otherwise it is the
 * same read twice with the same values (the same rows read again, where the first answer could be
 * passed on), a read sent a row at a time (N+1: `timesReadRowByRow` times or more with other
 * values, as a loop reading a row for each row it shows does, however few rows each run reads), or a
 * write sent a row at a time (`timesWrittenRowByRow` times or more: a loop updating each row of a
 * batch, where one statement could take them all, lib/db/queries/update-each.ts). A read is a
 * `select`, or a `with` that writes nothing. Each finding is named by `where` and the statement's
 * start. Not for a live stream, which reads again on each change by design.
 */
export function repeatedStatements(where: string, statements: readonly SentStatement[]): string[] {
  const runs = new Map<string, SentStatement[]>();
  for (const statement of statements) {
    if (!/^\s*(select|with|insert|update|delete)\b/i.test(statement.text)) continue;
    runs.set(statement.text, [...(runs.get(statement.text) ?? []), statement]);
  }
  const found: string[] = [];
  for (const [text, sent] of runs) {
    const start = text.slice(0, 140);
    // Full batches before the last (a download's keyset pages, a job's queue taken batch by batch): fine.
    const short = sent.slice(0, -1).filter((statement) => (statement.rows ?? 0) < rowsPerRepeatedStatement);
    if (short.length === 0) continue;
    const reads = /^\s*select\b/i.test(text) || (/^\s*with\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text));
    const shortOf = `${short.length} of them for fewer than ${rowsPerRepeatedStatement} rows before the last`;
    if (!reads) {
      if (sent.length >= timesWrittenRowByRow) found.push(`${where}: written ${sent.length} times, ${shortOf} — ${start}`);
      continue;
    }
    const values = sent.map((statement) => JSON.stringify(statement.values));
    if (new Set(values).size < values.length) found.push(`${where}: read twice with the same values — ${start}`);
    else if (sent.length >= timesReadRowByRow) found.push(`${where}: read ${sent.length} times, ${shortOf} — ${start}`);
  }
  return found;
}
