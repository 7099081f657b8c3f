// Every operator page reads its rows through an index (issue #52, stop 58): each page under this
// folder is found on disk, rendered as the server renders it (its default export, as an admin), and
// every statement it sends is explained with sequential scans disabled. PostgreSQL still plans a
// sequential scan when no index can serve a condition, so one left in a plan is a read that grows
// with its table: the Reconciliation page's unsettled creations scanned the whole ledger three
// times a view (~10 ms at 12,000 rows) until migration 0045. A new page is checked as soon as it
// exists; a page with a dynamic segment needs a row to open (`openWith` below) or the test fails.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replaceOperatorStoreGrants } from "@/lib/db/queries/operator-stores";
import {
  alertIncidents,
  auditEvents,
  callbackDeliveries,
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
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";
import { ledgerCountCap } from "@/lib/db/queries/ledger";
import { countUnreadNotifications, notificationsShown } from "@/lib/db/queries/notifications";
import { loadDeliveryHealth } from "@/lib/db/queries/overview-health";
import { type SentStatement, tallyStatements } from "@/lib/db/statement-spans";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { planNodes } from "@/test/support/query-plans";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let auth: ReturnType<typeof installTestRuntime>["auth"];

/** A ledger large enough that a read of the whole table shows: more rows than any page reads at once. */
const ledgerRows = 20_000;
/**
 * The most rows one statement may read: a capped count reads 1,001 matches (ledgerCountCap), and for
 * one store of two it may walk twice that many rows to find them (PostgreSQL rightly prefers the
 * table in list order to an index when half the rows match).
 */
const rowsReadBudget = 2_500;

const dashboard = path.resolve(import.meta.dirname);

/** Every page.tsx under the dashboard's folder, as its route ("/", "/transactions/[id]"). */
function dashboardRoutes(folder = dashboard): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(folder)) {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) routes.push(...dashboardRoutes(full));
    else if (entry === "page.tsx") routes.push(`/${path.relative(dashboard, folder).split(path.sep).join("/")}`.replace(/\/$/, "") || "/");
  }
  return routes.sort();
}

/** Who opens the pages: every store's reads, and one store's (its own conditions, its own plans). */
const sessions = new Map<string, Headers>();

/** The params each dynamic route opens with: a row of its own, made in beforeAll. */
const openWith = new Map<string, Record<string, string>>();

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

/**
 * The rows a statement read, node by node (EXPLAIN ANALYZE in a transaction rolled back: a write is
 * undone): each scan's rows kept and removed by its filter or recheck, over all its loops.
 */
async function rowsRead(statement: SentStatement): Promise<Array<{ scan: string; rows: number }>> {
  let plan: unknown;
  await database.db
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

class RolledBack extends Error {}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ auth } = installTestRuntime(database));
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
      { ...created, kind: "CASH_IN", idempotencyKey: "plans-in", payerName: "Ana Souza", payerDocument: "12345678909" },
      { ...created, kind: "CASH_OUT", idempotencyKey: "plans-out", pixKeyType: "EMAIL", pixKey: "ana@example.com" },
    ])
    .returning({ id: transactions.id });
  // The charge's payer is a customer already (the ledger's trigger, migration 0036).
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.document, "12345678909"));
  const [link] = await db
    .insert(paymentLinks)
    .values({ slug: "plans-link", name: "Feira", amountCents: 1_000, chargeExpiryMinutes: 30 })
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
  // The ledger: a year of charges and cash-outs over the two stores, about 1 in 1,000 without an
  // outcome, and a fifth still pending long past their expiry (a wallet that stopped sending final
  // statuses: 3,200 rows, more than any page may read at once), then the statistics PostgreSQL's
  // autovacuum or the embedded server's maintenance would have taken.
  await db.execute(sql`
    insert into ${transactions} (kind, creation_state, status, amount_cents, idempotency_key, payer_name, payer_document, pix_key_type, pix_key,
      external_reference, created_by_email, created_at, expires_at, status_changed_at, store_id)
    select kind, state, status, 100 + (n * 104729) % 1000000, 'plans-ledger-' || n,
      case when kind = 'CASH_IN' then 'Payer ' || n end,
      case when kind = 'CASH_IN' then lpad(((n * 7907) % 100000000000)::text, 11, '0') end,
      case when kind = 'CASH_OUT' then 'EMAIL' end, case when kind = 'CASH_OUT' then 'key' || n || '@example.com' end,
      'ORD-' || n, 'operator' || (n % 5) || '@example.com', created_at,
      case when kind = 'CASH_IN' then created_at + interval '30 minutes' end,
      case when status in ('SUCCEED', 'CANCELED', 'FAILED') then created_at + interval '5 minutes' end,
      case when n % 2 = 0 then ${FIRST_STORE_ID}::uuid else ${secondStore!.id}::uuid end
    from (select n, created_at,
        case when n % 5 = 0 then 'CASH_OUT' else 'CASH_IN' end as kind,
        case when n % 997 = 0 then 'outcome_unknown' when n % 1009 = 0 then 'creating' else 'created' end as state,
        case when n % 997 = 0 or n % 1009 = 0 then null when n % 20 < 13 then 'SUCCEED' when n % 20 < 17 then 'PENDING' when n % 20 < 19 then 'CANCELED' else 'FAILED' end as status
      from (select n, now() - (n * interval '1 year') / ${ledgerRows} as created_at from generate_series(1, ${ledgerRows}) as n) as spread) as rows`);
  // The wallet's callbacks for a month (two per transaction of it: the creation's PENDING and the
  // outcome), about 1 in 100 not applied, and a year of the audit log.
  await db.execute(sql`
    insert into ${callbackDeliveries} (received_at, wallet_transaction_id, transaction_id, status, outcome, body, store_id)
    select t.created_at + make_interval(secs => copy), 'wtx-' || t.id, t.id, t.status,
      case when (row_number() over ()) % 100 = 0 then 'unmatched' when (row_number() over ()) % 101 = 0 then 'rejected' when copy = 1 then 'applied' else 'duplicate' end,
      '{}'::jsonb, t.store_id
    from ${transactions} t, generate_series(1, 2) as copy
    where t.created_at > now() - interval '30 days' and t.status is not null`);
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
  openWith.set("/transactions/[id]", { id: cashIn!.id });
  openWith.set("/cash-in/[id]", { id: cashIn!.id });
  openWith.set("/cash-out/[id]", { id: cashOut!.id });
  openWith.set("/customers/[id]", { id: customer!.id });
  openWith.set("/payment-links/[id]", { id: link!.id });
  openWith.set("/settings/events/[id]", { id: endpoint!.id });
  openWith.set("/approvals/[id]", { id: request!.id });
  // Read from the wallet, not the database: a malformed id shows its problem without a statement.
  openWith.set("/callback-logs/[id]", { id: "not-a-log" });
});

afterAll(async () => {
  await database?.dispose();
});

describe("every operator page", () => {
  it.each(["an admin of every store", "an admin of one store of two"])(
    "reads through indexes, as %s: no statement reads more rows than a capped count",
    async (who) => {
      requestState.headers = sessions.get(who)!;
      const routes = dashboardRoutes();
      expect(routes).toContain("/reconciliation");
      const found: string[] = [];
      const failed: string[] = [];
      for (const route of routes) {
        const params = openWith.get(route) ?? {};
        const { default: Page } = (await import(path.join(dashboard, route, "page.tsx"))) as {
          default: (props: { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string>> }) => Promise<unknown>;
        };
        const { statements = [] } = await tallyStatements(
          () =>
            Page({ params: Promise.resolve(params), searchParams: Promise.resolve({}) }).catch((caught: unknown) => {
              const digest = (caught as { digest?: unknown }).digest;
              // A page an admin of some stores may not open sends them to the access-denied page.
              if (who !== "an admin of every store" && typeof digest === "string" && digest.includes("/access-denied")) return;
              // A page that did not render did not send all its reads.
              failed.push(`${route}: ${typeof digest === "string" ? digest : caught instanceof Error ? caught.message : String(caught)}`);
            }),
          { keepText: true },
        );
        for (const statement of statements) {
          if (!/^\s*(select|with|insert|update|delete)\b/i.test(statement.text)) continue;
          for (const { scan, rows } of await rowsRead(statement))
            if (rows > rowsReadBudget) found.push(`${route}: ${rows} rows, ${scan} — ${statement.text.slice(0, 140)}`);
        }
      }
      expect(failed).toEqual([]);
      expect(found).toEqual([]);
    },
  );

  it("counts what may be many up to a cap: the Overview's pending charges past expiry, the header's unread notifications", async () => {
    // The ledger above leaves every pending charge past its expiry (a wallet that stopped sending final statuses).
    const health = await loadDeliveryHealth(database.db, merchantWideScope(), new Date());
    expect(health).toMatchObject({ pendingChargesPastExpiry: ledgerCountCap, pendingChargesPastExpiryCapped: true });
    // 5,000 unread, the merchant's: the count is of the centre's newest 100 (the badge says "99+"),
    // and an admin of one store sees none of them.
    const idOf = async (email: string) => (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    expect(await countUnreadNotifications(database.db, await idOf("plans.admin@example.com"))).toBe(notificationsShown);
    expect(await countUnreadNotifications(database.db, await idOf("plans.store-admin@example.com"))).toBe(0);
  });
});
