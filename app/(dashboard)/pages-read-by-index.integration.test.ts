// Every operator page reads a bounded number of rows (issue #52, stop 58): each page under this
// folder is found on disk, rendered as its server renders it (its default export) by an admin of
// every store and by an admin of one store of two, over a year of a merchant's data
// (test/support/reads-at-scale.ts); every statement it sends must read at most `rowsReadBudget`
// rows, it may send at most `statementsPerPage`, and it may not read the same rows twice or a row
// at a time (`repeatedStatements`, stop 59). The Reconciliation page's unsettled creations
// read the whole ledger three times a view until migration 0045, and the header's unread count
// every notification ever raised, on every page. A new page is checked as soon as it exists; a page
// with a dynamic segment needs a row to open (`openWith` below) or the test fails.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCountCap } from "@/lib/db/queries/ledger";
import { countUnreadNotifications, markNotificationsRead, notificationsShown } from "@/lib/db/queries/notifications";
import { loadDeliveryHealth } from "@/lib/db/queries/overview-health";
import { user } from "@/lib/db/schema";
import { tallyStatements } from "@/lib/db/statement-spans";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { installTestRuntime, requestState } from "@/test/support/action-harness";
import {
  type MerchantYear,
  payerToken,
  readsOverBudget,
  repeatedStatements,
  scaleReaders,
  seedMerchantYear,
} from "@/test/support/reads-at-scale";
import { receiptVerificationCode } from "@/lib/receipts/verification-code";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let merchant: MerchantYear;
let receiptCode = "";

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

/**
 * The most statements one page may send: its session read and its own reads (10 at most today: the
 * statements page), never one per row it shows.
 */
const statementsPerPage = 12;

/** The params each dynamic route opens with: a row of its own (test/support/reads-at-scale.ts). */
const openWith = new Map<string, Record<string, string>>();

/**
 * Filters a page is opened with too, beside none: the callback log's problems, which read only the
 * problem deliveries' index, never a busy hour of applied ones (issue #52, stop 60).
 */
const alsoSearchedWith = new Map<string, Array<Record<string, string>>>([
  ["/callback-logs", [{ outcome: "problems" }, { outcome: "unmatched" }, { outcome: "rejected" }]],
]);

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth, config } = installTestRuntime(database);
  merchant = await seedMerchantYear(database, auth);
  receiptCode = receiptVerificationCode(config.authSecret, merchant.ids.paid);
  const { ids } = merchant;
  openWith.set("/transactions/[id]", { id: ids.cashIn });
  openWith.set("/cash-in/[id]", { id: ids.cashIn });
  openWith.set("/cash-out/[id]", { id: ids.cashOut });
  openWith.set("/customers/[id]", { id: ids.customer });
  openWith.set("/payment-links/[id]", { id: ids.link });
  openWith.set("/settings/events/[id]", { id: ids.endpoint });
  openWith.set("/approvals/[id]", { id: ids.request });
  // Read from the wallet, not the database: a malformed id shows its problem without a statement.
  openWith.set("/callback-logs/[id]", { id: "not-a-log" });
});

afterAll(async () => {
  await database?.dispose();
});

describe("every operator page", () => {
  it.each(scaleReaders)("reads through indexes, as %s: no statement reads more rows than a capped count", async (who) => {
    requestState.headers = merchant.sessions.get(who)!;
    const routes = dashboardRoutes();
    expect(routes).toContain("/reconciliation");
    const found: string[] = [];
    const failed: string[] = [];
    for (const [route, search] of routes.flatMap((route) =>
      [{}, ...(alsoSearchedWith.get(route) ?? [])].map((search) => [route, search] as const),
    )) {
      const params = openWith.get(route) ?? {};
      const { default: Page } = (await import(path.join(dashboard, route, "page.tsx"))) as {
        default: (props: { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string>> }) => Promise<unknown>;
      };
      const where = Object.keys(search).length ? `${route}?${new URLSearchParams(search)}` : route;
      const { statements = [] } = await tallyStatements(
        () =>
          Page({ params: Promise.resolve(params), searchParams: Promise.resolve(search) }).catch((caught: unknown) => {
            const digest = (caught as { digest?: unknown }).digest;
            // A page an admin of some stores may not open sends them to the access-denied page.
            if (who !== "an admin of every store" && typeof digest === "string" && digest.includes("/access-denied")) return;
            // A page that did not render did not send all its reads.
            failed.push(`${where}: ${typeof digest === "string" ? digest : caught instanceof Error ? caught.message : String(caught)}`);
          }),
        { keepText: true },
      );
      // And few of them: a read per row shown (N+1) would pass the rows' budget, each read small.
      if (statements.length > statementsPerPage) found.push(`${where}: ${statements.length} statements`);
      found.push(...(await readsOverBudget(database.db, where, statements)));
      found.push(...repeatedStatements(where, statements));
    }
    expect(failed).toEqual([]);
    expect(found).toEqual([]);
  });

  it("and every public page a payer or a browser without a session opens reads as little", async () => {
    const app = path.resolve(dashboard, "..");
    // The pages anyone may open with a link: each must render (a payer's page, a link's, a receipt's check).
    const publicPages: Array<[string, Record<string, string>]> = [
      ["pay/[token]", { token: payerToken }],
      ["l/[slug]", { slug: "plnslink" }],
      ["verify/[code]", { code: receiptCode }],
    ];
    requestState.headers = new Headers();
    const found: string[] = [];
    for (const [page, params] of publicPages) {
      const { default: Page } = (await import(path.join(app, page, "page.tsx"))) as {
        default: (props: { params: Promise<Record<string, string>> }) => Promise<unknown>;
      };
      const { statements = [] } = await tallyStatements(() => Page({ params: Promise.resolve(params) }), { keepText: true });
      expect(statements.length, page).toBeGreaterThan(0);
      found.push(...(await readsOverBudget(database.db, `/${page}`, statements)));
      found.push(...repeatedStatements(`/${page}`, statements));
    }
    expect(found).toEqual([]);
  });

  it("counts what may be many up to a cap: the Overview's pending charges past expiry, the header's unread notifications", async () => {
    // The ledger above leaves every pending charge past its expiry (a wallet that stopped sending final statuses).
    const health = await loadDeliveryHealth(database.db, merchantWideScope(), new Date());
    expect(health).toMatchObject({ pendingChargesPastExpiry: ledgerCountCap, pendingChargesPastExpiryCapped: true });
    // 5,000 unread, the merchant's: the count is of the centre's newest 100 (the badge says "99+"),
    // and an admin of one store sees none of them.
    const idOf = async (email: string) => (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    const admin = await idOf("plans.admin@example.com");
    expect(await countUnreadNotifications(database.db, admin)).toBe(notificationsShown);
    expect(await countUnreadNotifications(database.db, await idOf("plans.store-admin@example.com"))).toBe(0);
    // "Mark all as read" marks what the centre lists, and the badge then reads 0.
    expect(await markNotificationsRead(database.db, admin, { all: true })).toBe(notificationsShown);
    expect(await countUnreadNotifications(database.db, admin)).toBe(0);
  });
});
