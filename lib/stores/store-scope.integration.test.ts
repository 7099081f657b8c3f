// Operators scoped to stores (issue #49), with real sessions, roles and the database: two stores, an
// admin grants an operator store B only, and that operator then gets nothing of store A through the
// ledger, a transaction's status and stream, the list's live statuses, the export, the callback
// inbox, the Overview's figures, or an action on a transaction; the header's store choice narrows
// what an operator sees and a forged one is ignored. Statements: the store-B operator downloads
// store B's statement and accounting export only, cannot close the merchant's day, and a closed
// day's stores add up to its frozen totals. Reconciliation lists the operator's stores' problems only.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as requestEvents } from "@/app/api/cash-out-requests/[id]/events/route";
import { GET as requestReceipts } from "@/app/api/cash-out-requests/[id]/receipts/route";
import { GET as requestResults } from "@/app/api/cash-out-requests/[id]/results/route";
import { GET as requestLiveState } from "@/app/api/cash-out-requests/[id]/state/route";
import { GET as requestListState } from "@/app/api/cash-out-requests/state/route";
import { readRequestListLiveState } from "@/lib/cash-out/request-live-state";
import { findCashOutRequest } from "@/lib/db/queries/cash-out-requests";
import { GET as posterOf } from "@/app/api/payment-links/[id]/poster/route";
import { GET as transactionEvents } from "@/app/api/transactions/[id]/events/route";
import { GET as transactionStatus } from "@/app/api/transactions/[id]/status/route";
import { GET as exportCsv } from "@/app/api/transactions/export/route";
import { GET as listStatuses } from "@/app/api/transactions/statuses/route";
import { GET as downloadStatement } from "@/app/api/statements/route";
import { GET as downloadAccounting } from "@/app/api/statements/accounting/route";
import ExcelJS from "exceljs";
import { closeDayAction } from "@/lib/actions/close-day-action";
import { loadStatement } from "@/lib/statements/statement";
import { POST as chooseStore } from "@/app/api/store-choice/route";
import { changeOperatorStoresAction } from "@/lib/actions/change-operator-stores-action";
import { createApiKeyAction } from "@/lib/actions/create-api-key-action";
import { createCashInAction } from "@/lib/actions/create-cash-in-action";
import { revealPersonalDataAction } from "@/lib/actions/reveal-personal-data-action";
import { getCurrentOperator } from "@/lib/auth/session";
import { listInboxPage } from "@/lib/db/queries/callback-deliveries";
import { findReconciliationProblems } from "@/lib/db/queries/reconciliation";
import { findPaymentLinkWithFigures, insertPaymentLink, listPaymentLinksPage } from "@/lib/db/queries/payment-links";
import { countLedgerRows, listLedgerPage } from "@/lib/db/queries/ledger";
import { summariseLedger } from "@/lib/db/queries/overview";
import { loadChartFigures } from "@/lib/db/queries/overview-charts";
import { loadDeliveryHealth } from "@/lib/db/queries/overview-health";
import {
  apiKeys,
  auditEvents,
  callbackDeliveries,
  cashOutRequestItems,
  cashOutRequests,
  FIRST_STORE_ID,
  stores,
  transactions,
  user,
} from "@/lib/db/schema";
import { merchantWideScope, storeChoiceCookieName, storeScopeOfGrants } from "@/lib/vocabulary/store-scope";
import { applySetCookies, createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let adminHeaders: Headers;
let storeBHeaders: Headers;
let storeBOperatorId = "";
let storeB = "";
const ids = { a: "", b: "" };
const appOrigin = "http://localhost:3999";

async function addTransaction(storeId: string, payerName: string) {
  const [row] = await database.db
    .insert(transactions)
    .values({
      kind: "CASH_IN",
      creationState: "created",
      status: "PENDING",
      amountCents: storeId === FIRST_STORE_ID ? 1_000 : 2_500,
      payerName,
      payerEmail: `${payerName.toLowerCase()}@example.com`,
      walletTransactionId: `wallet-${randomUUID()}`,
      idempotencyKey: randomUUID(),
      storeId,
    })
    .returning({ id: transactions.id, walletTransactionId: transactions.walletTransactionId });
  await database.db.insert(callbackDeliveries).values({
    walletTransactionId: row!.walletTransactionId!,
    transactionId: row!.id,
    status: "PENDING",
    outcome: "applied",
    body: {},
  });
  return row!.id;
}

/** The signed-in operator as the wrappers see them, for these request headers. */
async function operatorFor(headers: Headers) {
  requestState.headers = headers;
  const operator = await getCurrentOperator();
  if (!operator) throw new Error("no operator");
  return operator;
}

function withCookie(headers: Headers, name: string, value: string): Headers {
  return new Headers({ cookie: `${headers.get("cookie")}; ${name}=${value}` });
}

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  adminHeaders = await createOperatorSession(auth, { email: "scope.admin@example.com", role: "admin" });
  storeBHeaders = await createOperatorSession(auth, { email: "scope.store-b@example.com", role: "finance" });
  const [operator] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "scope.store-b@example.com"));
  storeBOperatorId = operator!.id;
  const [created] = await database.db.insert(stores).values({ name: "Loja B", payerFacingName: "Loja B" }).returning({ id: stores.id });
  storeB = created!.id;
  ids.a = await addTransaction(FIRST_STORE_ID, "Alice");
  ids.b = await addTransaction(storeB, "Bruno");
});
afterAll(async () => {
  await database.dispose();
});

describe("grants per store", () => {
  it("keeps every operator on all stores until an admin chooses some, audited with store ids only", async () => {
    expect((await operatorFor(storeBHeaders)).storeGrants.all).toBe(true);
    requestState.headers = adminHeaders;
    expect(await changeOperatorStoresAction({ userId: storeBOperatorId, allStores: false, storeIds: [] })).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
    });
    expect(await changeOperatorStoresAction({ userId: storeBOperatorId, allStores: false, storeIds: [randomUUID()] })).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
    });
    expect(await changeOperatorStoresAction({ userId: storeBOperatorId, allStores: false, storeIds: [storeB] })).toMatchObject({
      ok: true,
    });
    const operator = await operatorFor(storeBHeaders);
    expect(operator.storeGrants).toMatchObject({ all: false, storeIds: [storeB] });
    const [event] = await database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "operator.change_stores"), eq(auditEvents.outcome, "success")));
    expect(event!.details).toEqual({ scope: "some", storeIds: [storeB], previousScope: "all", previousStoreIds: [] });
  });

  it("refuses the change to an operator who may not manage operators", async () => {
    requestState.headers = storeBHeaders;
    expect(await changeOperatorStoresAction({ userId: storeBOperatorId, allStores: true, storeIds: [] })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
  });
});

describe("an operator of store B", () => {
  it("gets nothing of store A through the ledger, its count or the Overview's figures, charts and delivery health", async () => {
    const { stores: shown } = await operatorFor(storeBHeaders);
    expect((await listLedgerPage(database.db, shown, {})).rows.map((row) => row.id)).toEqual([ids.b]);
    expect((await listLedgerPage(database.db, shown, { search: "alice" })).rows).toEqual([]);
    expect(await countLedgerRows(database.db, shown, {})).toEqual({ count: 1, capped: false });
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const day = { start: new Date(hour - 86_400_000), end: new Date(hour + 86_400_000) };
    expect((await summariseLedger(database.db, shown, day)).total).toEqual({ count: 1, volumeCents: 2_500 });
    const chargesOf = async (scope: typeof shown) =>
      (await loadChartFigures(database.db, scope, { ...day, unit: "hour" }, "cents")).buckets.reduce(
        (sum, bucket) => sum + bucket.chargesCreated,
        0,
      );
    expect(await chargesOf(shown)).toBe(1);
    expect((await loadDeliveryHealth(database.db, shown)).callbacksLast24Hours).toBe(1);
    expect((await listInboxPage(database.db, shown, {}, "-received")).rows.map((row) => row.transactionId)).toEqual([ids.b]);
    // The admin, on all stores, sees both.
    const admin = await operatorFor(adminHeaders);
    expect(await countLedgerRows(database.db, admin.stores, {})).toEqual({ count: 2, capped: false });
    expect(await chargesOf(admin.stores)).toBe(2);
    expect((await loadDeliveryHealth(database.db, admin.stores)).callbacksLast24Hours).toBe(2);
  });

  it("finds store A's transaction unknown through its status, its stream and the list's statuses", async () => {
    requestState.headers = storeBHeaders;
    const status = (id: string) =>
      transactionStatus(new Request(`${appOrigin}/api/transactions/${id}/status`), { params: Promise.resolve({ id }) });
    expect((await status(ids.a)).status).toBe(404);
    expect((await status(ids.b)).status).toBe(200);
    const stream = await transactionEvents(new Request(`${appOrigin}/api/transactions/${ids.a}/events`), {
      params: Promise.resolve({ id: ids.a }),
    });
    expect(stream.status).toBe(404);
    const statuses = await listStatuses(new Request(`${appOrigin}/api/transactions/statuses?ids=${ids.a},${ids.b}`));
    expect(((await statuses.json()) as { statuses: Array<{ id: string }> }).statuses.map((row) => row.id)).toEqual([ids.b]);
  });

  it("exports only store B's rows", async () => {
    requestState.headers = storeBHeaders;
    const csv = await (await exportCsv(new Request(`${appOrigin}/api/transactions/export`))).text();
    expect(csv).toContain(ids.b);
    expect(csv).not.toContain(ids.a);
  });

  it("cannot act on store A: reveal its payer, or charge for it", async () => {
    requestState.headers = storeBHeaders;
    expect(await revealPersonalDataAction({ transactionId: ids.a })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(await revealPersonalDataAction({ transactionId: ids.b })).toMatchObject({ ok: true });
    const charge = await createCashInAction({
      idempotencyKey: randomUUID(),
      amount: "12,34",
      payerName: "Ana Pagadora",
      payerEmail: "ana@example.com",
      payerDocument: "529.982.247-25",
      expiry: "30",
      metadata: [],
      storeId: FIRST_STORE_ID,
    } as never);
    expect(charge).toMatchObject({ ok: false, code: "INVALID_INPUT", fieldErrors: { storeId: [expect.any(String)] } });
  });
});

describe("approvals per store", () => {
  const requests = { a: "", b: "" };
  async function addRequest(storeId: string, state: "awaiting_approval" | "approved") {
    const [request] = await database.db
      .insert(cashOutRequests)
      .values({
        kind: "batch",
        state,
        idempotencyKey: randomUUID(),
        totalCents: 1_000,
        itemCount: 1,
        requestedByUserId: "someone",
        requestedByEmail: "someone@example.com",
        expiresAt: new Date(Date.now() + 86_400_000),
        storeId,
      })
      .returning({ id: cashOutRequests.id });
    await database.db.insert(cashOutRequestItems).values({
      requestId: request!.id,
      line: 1,
      amountCents: 1_000,
      pixKeyType: "EMAIL",
      pixKey: `payee-${storeId.slice(0, 8)}@example.com`,
      idempotencyKey: randomUUID(),
    });
    return request!.id;
  }
  beforeAll(async () => {
    requests.a = await addRequest(FIRST_STORE_ID, "awaiting_approval");
    requests.b = await addRequest(storeB, "awaiting_approval");
    await addRequest(FIRST_STORE_ID, "approved");
  });
  const get = (handler: typeof requestLiveState, path: string, id: string) =>
    handler(new Request(`${appOrigin}/api/cash-out-requests/${id}/${path}`), { params: Promise.resolve({ id }) });

  it("give an operator of store B no store-A request through the list, the page query, the live state or stream, or the exports", async () => {
    requestState.headers = storeBHeaders;
    const { stores: shown } = await operatorFor(storeBHeaders);
    const list = (await (await requestListState(new Request(`${appOrigin}/api/cash-out-requests/state`))).json()) as {
      awaiting: Array<{ id: string }>;
      decided: Array<{ id: string }>;
    };
    expect(list.awaiting.map((row) => row.id)).toEqual([requests.b]);
    expect(list.decided).toEqual([]);
    // The list's stream re-reads the same state.
    expect((await readRequestListLiveState(database.db, shown)).awaiting.map((row) => row.id)).toEqual([requests.b]);
    // Another store's request is as unknown as a made-up id: the page's query, its state, its stream, its exports.
    expect(await findCashOutRequest(database.db, shown, requests.a)).toBeUndefined();
    expect((await findCashOutRequest(database.db, shown, requests.b))?.id).toBe(requests.b);
    for (const handler of [requestLiveState, requestEvents, requestReceipts, requestResults]) {
      const unknown = await get(handler, "", randomUUID());
      const other = await get(handler, "", requests.a);
      expect(other.status).toBe(404);
      expect(await other.json()).toEqual(await unknown.json());
    }
    expect((await get(requestLiveState, "state", requests.b)).status).toBe(200);
    expect((await get(requestResults, "results", requests.b)).status).toBe(200);
    expect((await get(requestReceipts, "receipts", requests.b)).status).toBe(200);
    // The admin, on all stores, sees both stores' requests.
    requestState.headers = adminHeaders;
    const all = (await (await requestListState(new Request(`${appOrigin}/api/cash-out-requests/state`))).json()) as {
      awaiting: Array<{ id: string }>;
      decided: Array<{ id: string }>;
    };
    expect(all.awaiting.map((row) => row.id).sort()).toEqual([requests.a, requests.b].sort());
    expect(all.decided).toHaveLength(1);
  });
});

describe("payment links per store", () => {
  it("give an operator of store B store B's links only: the list, a link's page query and its poster", async () => {
    const link = (name: string, storeId: string) =>
      insertPaymentLink(database.db, {
        name,
        description: null,
        amountCents: 1_000,
        minAmountCents: null,
        maxAmountCents: null,
        maxPaidCharges: null,
        endsAt: null,
        chargeExpiryMinutes: 30,
        returnUrl: null,
        inactiveMessage: null,
        slug: `scope-${randomUUID().slice(0, 8)}`,
        createdByUserId: storeBOperatorId,
        createdByEmail: "admin@example.com",
        storeId,
      });
    const [linkA, linkB] = [await link("Link of A", FIRST_STORE_ID), await link("Link of B", storeB)];
    const scopeB = storeScopeOfGrants([storeB]);
    expect((await listPaymentLinksPage(database.db, scopeB)).rows.map((row) => row.id)).toEqual([linkB!.id]);
    expect(await findPaymentLinkWithFigures(database.db, scopeB, linkA!.id)).toBeUndefined();
    expect(await findPaymentLinkWithFigures(database.db, scopeB, linkB!.id)).toMatchObject({ id: linkB!.id });
    requestState.headers = storeBHeaders;
    const poster = (id: string) =>
      posterOf(new Request(`${appOrigin}/api/payment-links/${id}/poster`), { params: Promise.resolve({ id }) });
    expect((await poster(linkA!.id)).status).toBe(404);
    expect((await poster(linkB!.id)).status).toBe(200);
  });
});

describe("the store switcher", () => {
  it("narrows an admin to the chosen store, and ignores a choice of a store the operator may not see", async () => {
    const narrowed = await operatorFor(withCookie(adminHeaders, storeChoiceCookieName, storeB));
    expect(await countLedgerRows(database.db, narrowed.stores, {})).toEqual({ count: 1, capped: false });
    expect(narrowed.storeGrants.all).toBe(true);
    const unknown = await operatorFor(withCookie(adminHeaders, storeChoiceCookieName, randomUUID()));
    expect(unknown.stores.all).toBe(true);
    // A forged cookie naming store A gets the store-B operator nothing more.
    const forged = await operatorFor(withCookie(storeBHeaders, storeChoiceCookieName, FIRST_STORE_ID));
    expect(forged.stores).toMatchObject({ all: false, storeIds: [storeB] });
    expect((await listLedgerPage(database.db, forged.stores, {})).rows.map((row) => row.id)).toEqual([ids.b]);
  });

  it("keeps a choice the grants allow and drops one they do not, back to the page it came from", async () => {
    const post = (headers: Headers, store: string) => {
      requestState.headers = headers;
      const body = new FormData();
      body.set("store", store);
      return chooseStore(
        new Request(`${appOrigin}/api/store-choice`, {
          method: "POST",
          body,
          headers: { origin: appOrigin, referer: `${appOrigin}/transactions?kind=CASH_IN&cursor=abc` },
        }),
      );
    };
    const kept = await post(adminHeaders, storeB);
    expect(kept.status).toBe(303);
    expect(kept.headers.get("location")).toBe("/transactions?kind=CASH_IN");
    expect(applySetCookies("", kept.headers)).toBe(`${storeChoiceCookieName}=${storeB}`);
    const dropped = await post(storeBHeaders, FIRST_STORE_ID);
    expect(applySetCookies(`${storeChoiceCookieName}=x`, dropped.headers)).toBe("");
  });
});

describe("statements per store", () => {
  const day = "2026-11-20";
  beforeAll(async () => {
    const noon = new Date(`${day}T15:00:00Z`);
    for (const [storeId, reference, amountCents] of [
      [FIRST_STORE_ID, "stmt-a", 10_000],
      [storeB, "stmt-b", 4_000],
    ] as const)
      await database.db.insert(transactions).values({
        kind: "CASH_IN",
        creationState: "created",
        status: "SUCCEED",
        amountCents,
        tax: "100",
        payerName: reference,
        walletTransactionId: reference,
        idempotencyKey: randomUUID(),
        createdAt: noon,
        statusChangedAt: noon,
        storeId,
      });
  });

  it("gives the store-B operator store B's statement and accounting export only, each saying so", async () => {
    requestState.headers = storeBHeaders;
    const xlsx = await downloadStatement(new Request(`${appOrigin}/api/statements?day=${day}&format=xlsx&lang=en`));
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const summary: string[] = [];
    workbook.getWorksheet("Summary")!.eachRow((row) => summary.push(JSON.stringify(row.values)));
    expect(summary.join("\n")).toContain(JSON.stringify([null, "Stores", "Loja B"]).slice(1, -1));
    const lines: string[] = [];
    workbook.getWorksheet("Transactions")!.eachRow((row) => lines.push(JSON.stringify(row.values)));
    expect(lines.join("\n")).toContain("stmt-b");
    expect(lines.join("\n")).not.toContain("stmt-a");

    const csv = await downloadAccounting(
      new Request(`${appOrigin}/api/statements/accounting?day=${day}&format=csv&layout=movements&lang=en`),
    );
    expect(csv.headers.get("content-disposition")).toContain(`movements-${day}-store-loja-b.csv`);
    const text = await csv.text();
    expect(text).toContain("stmt-b");
    expect(text).not.toContain("stmt-a");
    // The admin with every store shown gets the consolidated file, named as before.
    requestState.headers = adminHeaders;
    const consolidated = await downloadAccounting(
      new Request(`${appOrigin}/api/statements/accounting?day=${day}&format=csv&layout=movements&lang=en`),
    );
    expect(consolidated.headers.get("content-disposition")).toContain(`movements-${day}.csv`);
    expect(await consolidated.text()).toMatch(/stmt-a[\s\S]*stmt-b|stmt-b[\s\S]*stmt-a/);
  });

  it("leaves closing a day to an operator of every store, and a closed day's stores add up to its frozen totals", async () => {
    requestState.headers = storeBHeaders;
    expect(await closeDayAction({ day })).toMatchObject({ ok: false, code: "FORBIDDEN", error: "errors.storeScope.wholeMerchantOnly" });
    const [refusal] = await database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "books.close_day"), eq(auditEvents.outcome, "refused")));
    expect(refusal!.details).toEqual({ reason: "store" });
    requestState.headers = adminHeaders;
    expect(await closeDayAction({ day })).toMatchObject({ ok: true });
    const period = { kind: "day", day } as const;
    const [all, first, second] = await Promise.all(
      [merchantWideScope(), storeScopeOfGrants([FIRST_STORE_ID]), storeScopeOfGrants([storeB])].map((scope) =>
        loadStatement(database.db, scope, period, "cents"),
      ),
    );
    expect(all!.closed).not.toBeNull();
    expect(second!.totals.cashIn).toEqual({ count: 1, amountCents: 4_000, feeCents: 100 });
    expect(second!.totals.netCents).toBe(3_900);
    expect(first!.totals.netCents + second!.totals.netCents).toBe(all!.totals.netCents);
    expect(first!.totals.cashIn.count + second!.totals.cashIn.count).toBe(all!.totals.cashIn.count);
    expect(second!.balances).toEqual({ openingCents: 0, closingCents: 3_900 });
  });
});

describe("API keys per store", () => {
  it("lets an admin of store B create keys for store B only, and no one without the role", async () => {
    const key = (storeId: string) => createApiKeyAction({ name: "ERP B", scopes: ["transactions:read"], expiresOn: "", storeId });
    requestState.headers = storeBHeaders;
    expect(await key(storeB)).toMatchObject({ ok: false, code: "FORBIDDEN" });
    // The store-B operator made an admin (of store B still): a key for store B, nothing wider.
    await database.db.update(user).set({ role: "admin" }).where(eq(user.id, storeBOperatorId));
    for (const wider of ["", FIRST_STORE_ID, randomUUID()])
      expect(await key(wider)).toMatchObject({
        ok: false,
        code: "INVALID_INPUT",
        fieldErrors: { storeId: ["errors.apiKeys.unknownStore"] },
      });
    const refusals = await database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "api_key.create"), eq(auditEvents.outcome, "refused")));
    expect(refusals.map((event) => event.details)).toEqual([
      { reason: "role", role: "finance" },
      { reason: "store" },
      { reason: "store" },
      { reason: "store" },
    ]);
    const created = await key(storeB);
    expect(created).toMatchObject({ ok: true });
    const [stored] = await database.db
      .select({ storeId: apiKeys.storeId })
      .from(apiKeys)
      .where(eq(apiKeys.id, (created as { data: { id: string } }).data.id));
    expect(stored!.storeId).toBe(storeB);
    await database.db.update(user).set({ role: "finance" }).where(eq(user.id, storeBOperatorId));
    // The merchant's admin may still create a key for every store.
    requestState.headers = adminHeaders;
    expect(await key("")).toMatchObject({ ok: true });
  });
});

describe("reconciliation per store", () => {
  it("shows an operator of store B store B's problems only, and the merchant's unmatched deliveries to every store", async () => {
    const old = new Date(Date.now() - 3 * 3_600_000);
    const problem = async (storeId: string) => {
      const [unknown] = await database.db
        .insert(transactions)
        .values({
          kind: "CASH_OUT",
          creationState: "outcome_unknown",
          amountCents: 700,
          idempotencyKey: randomUUID(),
          createdAt: old,
          storeId,
        })
        .returning({ id: transactions.id });
      const [expired] = await database.db
        .insert(transactions)
        .values({
          kind: "CASH_IN",
          creationState: "created",
          status: "PENDING",
          amountCents: 800,
          idempotencyKey: randomUUID(),
          createdAt: old,
          expiresAt: new Date(Date.now() - 3_600_000),
          storeId,
        })
        .returning({ id: transactions.id });
      await database.db.insert(callbackDeliveries).values({
        walletTransactionId: `wallet-${randomUUID()}`,
        transactionId: expired!.id,
        status: "PAID",
        outcome: "rejected",
        rejectionReason: "amount differs",
        body: {},
      });
      return { unknown: unknown!.id, expired: expired!.id };
    };
    const ofA = await problem(FIRST_STORE_ID);
    const ofB = await problem(storeB);
    await database.db
      .insert(callbackDeliveries)
      .values({ walletTransactionId: `wallet-${randomUUID()}`, status: "PAID", outcome: "unmatched", body: {} });
    const olderThan = new Date(Date.now() - 30 * 60_000);
    const problems = async (headers: Headers) => {
      const { stores: shown } = await operatorFor(headers);
      const { unsettled, expired, rejected, unmatched } = await findReconciliationProblems(database.db, shown, {
        olderThan,
        now: new Date(),
      });
      return {
        unsettled: unsettled.rows.map((row) => row.id),
        expired: expired.rows.map((row) => row.id),
        rejected: rejected.rows.map((row) => row.transactionId),
        unmatched: unmatched.count,
      };
    };
    expect(await problems(storeBHeaders)).toEqual({
      unsettled: [ofB.unknown],
      expired: [ofB.expired],
      rejected: [ofB.expired],
      unmatched: 0,
    });
    const everyStore = await problems(adminHeaders);
    expect(new Set(everyStore.unsettled)).toEqual(new Set([ofA.unknown, ofB.unknown]));
    expect(new Set(everyStore.expired)).toEqual(new Set([ofA.expired, ofB.expired]));
    expect(new Set(everyStore.rejected)).toEqual(new Set([ofA.expired, ofB.expired]));
    expect(everyStore.unmatched).toBe(1);

    // Each delivery carries its transaction's store (the trigger of migration 0043), an unmatched one
    // none; a transaction moved to another store takes its deliveries along.
    const storeOfDeliveries = async (transactionId: string) =>
      (
        await database.db
          .select({ storeId: callbackDeliveries.storeId })
          .from(callbackDeliveries)
          .where(eq(callbackDeliveries.transactionId, transactionId))
      ).map((row) => row.storeId);
    expect(await storeOfDeliveries(ofB.expired)).toEqual([storeB]);
    expect(await storeOfDeliveries(ofA.expired)).toEqual([FIRST_STORE_ID]);
    await database.db.update(transactions).set({ storeId: storeB }).where(eq(transactions.id, ofA.expired));
    expect(await storeOfDeliveries(ofA.expired)).toEqual([storeB]);
    await database.db.update(transactions).set({ storeId: FIRST_STORE_ID }).where(eq(transactions.id, ofA.expired));
    expect(await storeOfDeliveries(ofA.expired)).toEqual([FIRST_STORE_ID]);
  });
});
