// Every GET route under app/api reads a bounded number of rows (issue #52, stop 58), as every
// operator page does (app/(dashboard)/pages-read-by-index.integration.test.ts): the routes the
// dashboard polls (a badge every 5 seconds, a list's statuses), the merchant API an ERP pages
// through, the downloads. Each route file is found on disk, called as Next calls it, by an admin of
// every store and an admin of one store of two (the merchant API with a key of each), over a year
// of a merchant's data (test/support/reads-at-scale.ts); its answer is read to the end (a download's
// statements run as it streams; a live stream is closed after its first events), and every
// statement must read at most `rowsReadBudget` rows, and no read may be repeated (the same rows
// twice, or a row at a time: `repeatedStatements`). A new route is checked as soon as it exists:
// one that does not answer 2xx here fails the test until it is given what it needs below.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/manage-api-keys";
import { eq } from "drizzle-orm";
import { user } from "@/lib/db/schema";
import { tallyStatements } from "@/lib/db/statement-spans";
import { apiScopes } from "@/lib/vocabulary/api-scopes";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";
import { installTestRuntime, requestState } from "@/test/support/action-harness";
import {
  type MerchantYear,
  readsOverBudget,
  repeatedStatements,
  type ScaleReader,
  scaleReaders,
  seedMerchantYear,
} from "@/test/support/reads-at-scale";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

declare global {
  interface ImportMeta {
    /** Vite's import of every module matching a pattern (resolved when Vitest transforms this file). */
    glob<T>(pattern: string, options: { eager: true }): Record<string, T>;
  }
}

const routeModules = import.meta.glob<{ GET?: Handler }>("/app/api/**/route.ts", { eager: true });

/**
 * Routes not read here, each with why: they answer someone other than an operator or an API key, or
 * read no table that grows.
 */
const notRead: Record<string, string> = {
  "/api/display/events": "a paired counter display's device session (tested in lib/displays)",
  "/api/display/state": "a paired counter display's device session (tested in lib/displays)",
  "/api/metrics": "a scraper's token (METRICS_TOKEN); in-process counters, no statement (lib/observability/metrics.ts)",
  "/api/receipts/verify/[code]": "anyone with a receipt's code: one row by its key (lib/receipts)",
  "/api/v1/[[...path]]": "the merchant API's general 404",
  "/api/v1/openapi.json": "the document, no statement",
  "/api/payouts/example": "a static CSV, no statement",
};

/** Routes for admins of every store only: an admin of some stores is refused them (403). */
const wholeMerchantOnly = new Set(["/api/events/endpoints/[id]/deliveries"]);

let database: TestDatabase;
let merchant: MerchantYear;
/** Each reader's API key, with every scope: the first store's for the admin of one store. */
const apiKeys = new Map<ScaleReader, string>();

/** What each route is called with: its params and its query (a route that needs one answers 400 without). */
function callOf(route: string, reader: ScaleReader): { params: Record<string, string | string[]>; query: string } {
  const { ids } = merchant;
  void reader; // both open the same rows: the seeded ones to open are the first store's
  const lastMonth = new Date(Date.now() - 32 * 86_400_000).toISOString().slice(0, 7);
  const byRoute: Record<string, { params?: Record<string, string | string[]>; query?: string }> = {
    "/api/cash-out-requests/[id]/events": { params: { id: ids.request } },
    "/api/cash-out-requests/[id]/receipts": { params: { id: ids.request } },
    "/api/cash-out-requests/[id]/results": { params: { id: ids.request } },
    "/api/cash-out-requests/[id]/state": { params: { id: ids.request } },
    "/api/events/endpoints/[id]/deliveries": { params: { id: ids.endpoint } },
    "/api/payment-links/[id]/poster": { params: { id: ids.link } },
    "/api/transactions/[id]/callbacks": { params: { id: ids.cashIn } },
    "/api/transactions/[id]/events": { params: { id: ids.cashIn } },
    "/api/transactions/[id]/receipt": { params: { id: ids.paid } },
    "/api/transactions/[id]/status": { params: { id: ids.cashIn } },
    "/api/transactions/statuses": { query: `?ids=${ids.cashIn},${ids.cashOut}` },
    "/api/transactions/statuses/events": { query: `?ids=${ids.cashIn},${ids.cashOut}` },
    "/api/transactions/find": { query: "?q=ORD-1" },
    "/api/v1/cash-outs/[id]": { params: { id: ids.request } },
    // Last month's, in its batches (the current one may have just begun).
    "/api/statements": { query: `?month=${lastMonth}` },
    "/api/statements/accounting": { query: `?month=${lastMonth}` },
    "/api/v1/charges/[id]": { params: { id: ids.cashIn } },
    "/api/v1/payment-links/[id]": { params: { id: ids.link } },
  };
  return { params: byRoute[route]?.params ?? {}, query: byRoute[route]?.query ?? "" };
}

/** The route of a route file: "/app/api/transactions/[id]/route.ts" → "/api/transactions/[id]". */
const routeOf = (file: string) => file.replace(/^\/app/, "").replace(/\/route\.ts$/, "");

/** The URL a route is called at, its dynamic segments filled from its params. */
function urlOf(route: string, params: Record<string, string | string[]>, query: string): string {
  const filled = route.replace(/\[\[?(?:\.\.\.)?(\w+)\]\]?/g, (_whole, name: string) => {
    const value = params[name];
    return Array.isArray(value) ? value.join("/") : (value ?? "");
  });
  return `http://localhost${filled.replace(/\/$/, "")}${query}`;
}

/** Reads an answer to its end, or a live stream's first chunk (it never ends). */
async function readAnswer(response: Response): Promise<void> {
  if (!response.body) return;
  if ((response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    const reader = response.body.getReader();
    await reader.read();
    await reader.cancel();
    return;
  }
  await response.arrayBuffer();
}

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  merchant = await seedMerchantYear(database, auth);
  for (const [reader, email, storeId] of [
    ["an admin of every store", "plans.admin@example.com", null],
    ["an admin of one store of two", "plans.store-admin@example.com", FIRST_STORE_ID],
  ] as const) {
    const [admin] = await database.db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email));
    const created = await createApiKey(database.db, admin!, { name: `Plans ${reader}`, scopes: [...apiScopes], expiresAt: null, storeId });
    apiKeys.set(reader, created.token);
  }
});

afterAll(async () => {
  await database?.dispose();
});

describe("every GET route under app/api", () => {
  it.each(scaleReaders)("reads through indexes, as %s: no statement reads more rows than a capped count", async (reader) => {
    const routes = Object.entries(routeModules)
      .filter(([, module]) => module.GET)
      .map(([file, module]) => ({ route: routeOf(file), GET: module.GET! }))
      .filter(({ route }) => !(route in notRead))
      .sort((a, b) => a.route.localeCompare(b.route));
    expect(routes.map(({ route }) => route)).toContain("/api/notifications/unread");
    const found: string[] = [];
    const failed: string[] = [];
    for (const { route, GET } of routes) {
      const { params, query } = callOf(route, reader);
      const headers = new Headers(merchant.sessions.get(reader));
      if (route.startsWith("/api/v1/")) headers.set("authorization", `Bearer ${apiKeys.get(reader)}`);
      requestState.headers = headers;
      let stream = false;
      const { statements = [] } = await tallyStatements(
        async () => {
          const response = await GET(new Request(urlOf(route, params, query), { headers }), { params: Promise.resolve(params) });
          stream = (response.headers.get("content-type") ?? "").includes("text/event-stream");
          await readAnswer(response);
          // 405: the merchant API answers every method of a path, GET included, where it has no GET.
          const refusedAsExpected = response.status === 403 && reader !== "an admin of every store" && wholeMerchantOnly.has(route);
          if (response.status >= 400 && response.status !== 405 && !refusedAsExpected) failed.push(`${route}: ${response.status}`);
        },
        { keepText: true },
      );
      found.push(...(await readsOverBudget(database.db, route, statements)));
      // A live stream reads again on each change (and its fallback poll) by design.
      if (!stream) found.push(...repeatedStatements(route, statements));
    }
    expect(failed).toEqual([]);
    // A known fault, not fixed at this stop (docs/decisions/performance.md, stop 60): after the busy
    // hour of payouts (3,000 cash-outs with no reference), the command palette's search for a broad
    // reference prefix ("ORD-1": 11,100 matches, none among the newest 3,000 rows) reads past the
    // budget: the ledger search's look walks up to its 5,000-row cap, a branch with no match is
    // planned as a walk of the whole ledger, and the reference branch's matches are collected from
    // its index. This says so exactly; when the search reads within the budget it fails, and the
    // exception goes.
    const knownSearchFault = (finding: string) => finding.startsWith("/api/transactions/find: ");
    expect(found.filter(knownSearchFault).length).toBeGreaterThan(0);
    expect(found.filter((finding) => !knownSearchFault(finding))).toEqual([]);
  });
});
