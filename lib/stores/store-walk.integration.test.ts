// The walk with two stores (issue #49): store B holds one of everything the dashboard keeps per
// store (a cash-in with its callback delivery, a cash-out, a pending cash-out request with its
// item, a payment link, an event carrying B's store id). Then every route handler found on disk
// under app/ is called in-process — GET, with B's ids in every dynamic segment — as operators
// granted store A only (an admin of A and a finance operator of A, real sessions) and, for the
// merchant API, as a key for store A; no answer (status, body, an event stream's first chunk) may
// hold any of B's ids, references, names or amounts. Routes that are not per store by nature are
// listed with why; a route neither walked nor listed fails here, so the next route cannot be
// forgotten. Counters, customers, closed days and event endpoints have no store (they are the
// merchant's), so B has none of its own here.
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/manage-api-keys";
import { replaceOperatorStoreGrants } from "@/lib/db/queries/operator-stores";
import { insertPaymentLink } from "@/lib/db/queries/payment-links";
import {
  apiKeys,
  callbackDeliveries,
  closedDays,
  counters,
  displayDevices,
  displayPairingCodes,
  operatorStoreGrants,
  cashOutRequestItems,
  cashOutRequests,
  events,
  FIRST_STORE_ID,
  paymentLinks,
  stores,
  transactions,
  user,
} from "@/lib/db/schema";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { apiScopes } from "@/lib/vocabulary/api-scopes";

const appDirectory = path.resolve(import.meta.dirname, "../../app");
const origin = "http://localhost:3999";

/** Routes not walked here, and why: nothing in them is a store's to an operator or a key of store A. */
const notPerStore: Record<string, string> = {
  "/api/callbacks/wallet/[idOrSecret]/[token]": "the wallet's deliveries (POST): a per-transaction token, no operator or key",
  "/api/callbacks/wallet/[idOrSecret]": "legacy deliveries (POST): CALLBACK_SECRET in the URL, no operator or key",
  "/api/display/events": "a counter display's stream: its device cookie shows its own counter only (an operator's session is no display's)",
  "/api/display/state": "a counter display's polling: its device cookie shows its own counter only",
  "/api/display/pair": "pairing a display (POST): a one-time code",
  "/api/display/sign-out": "deletes this browser's display cookie (POST)",
  "/api/health": "up/down only",
  "/api/health/live": "liveness only",
  "/api/health/ready": "readiness only",
  "/api/metrics": "Prometheus counters with no ids (METRICS_TOKEN)",
  "/api/payouts/example": "a static example CSV",
  "/api/receipts/verify/[code]": "a receipt's public check: its HMAC code is the credential, not a store grant",
  "/pay/[token]/events": "the payer's stream: the unguessable link token is the credential",
  "/pay/[token]/status": "the payer's status: the unguessable link token is the credential",
  "/l/[slug]/pay": "a public payment link's submission (POST)",
  "/sandbox/[...path]": "the embedded sandbox wallet: its own bearer token",
  "/api/store-choice": "POST only: the switcher's choice, ignored beyond the grants (lib/stores/store-scope.integration.test.ts)",
  "/api/personal-data/export": "POST only, admin: a data subject's export by document (erasure law), merchant-wide by design",
  "/api/events/endpoints/[id]/deliveries":
    "event endpoints receive every store's events (admin of every store: wholeMerchant); walked with B's event id anyway below",
};

/** Query strings for list routes, naming B's ids where the route takes ids. */
function queryOf(route: string): string {
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  switch (route) {
    case "/api/transactions/statuses":
    case "/api/transactions/statuses/events":
      return `?ids=${b.cashIn},${b.cashOut}`;
    case "/api/transactions/find":
      return `?q=${b.walletCashIn}`;
    case "/api/statements":
      return `?day=${today}&format=ofx`;
    case "/api/statements/accounting":
      return `?day=${today}&format=csv`;
    case "/api/v1/charges":
    case "/api/v1/transactions":
    case "/api/v1/cash-outs":
    case "/api/v1/events":
    case "/api/v1/payment-links":
      return "?limit=100";
    default:
      return "";
  }
}

/** B's id for a dynamic segment of the route. */
function idFor(route: string, segment: string): string {
  if (segment === "[[...path]]") return "charges";
  if (route.startsWith("/api/cash-out-requests/")) return b.request;
  if (route.startsWith("/api/payment-links/") || route.startsWith("/api/v1/payment-links/")) return b.link;
  if (route.startsWith("/api/v1/cash-outs/")) return b.request;
  if (route.startsWith("/api/events/")) return b.event;
  return b.cashIn;
}

function findRoutes(directory: string, prefix = ""): Array<{ route: string; file: string }> {
  const found: Array<{ route: string; file: string }> = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const at = path.join(directory, entry.name);
    if (entry.isDirectory()) found.push(...findRoutes(at, /^\(.*\)$/.test(entry.name) ? prefix : `${prefix}/${entry.name}`));
    else if (entry.name === "route.ts") found.push({ route: prefix || "/", file: at });
  }
  return found;
}

const routes = findRoutes(appDirectory).sort((x, y) => x.route.localeCompare(y.route));
const walked = routes.filter(({ route }) => !(route in notPerStore) || route === "/api/events/endpoints/[id]/deliveries");

let database: TestDatabase;
const b = {
  store: "",
  cashIn: "",
  cashOut: "",
  walletCashIn: `wallet-b-${randomUUID()}`,
  walletCashOut: `wallet-b-${randomUUID()}`,
  delivery: "",
  request: "",
  item: "",
  link: "",
  slug: `walk-b-${randomUUID().slice(0, 8)}`,
  event: "",
  key: "",
  counter: "",
  device: "",
};
let financeOfAId = "";
/** Everything of B that must not appear in an answer to store A. */
let markers: string[] = [];
const sessions = {} as Record<"adminOfA" | "financeOfA", Headers>;
let keyOfA = "";
let keyOfAll = "";

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  const [store] = await database.db
    .insert(stores)
    .values({ name: "Filial Bexiga", payerFacingName: "Filial Bexiga Pagamentos" })
    .returning({ id: stores.id });
  b.store = store!.id;
  const [cashIn, cashOut] = await database.db
    .insert(transactions)
    .values([
      {
        kind: "CASH_IN",
        creationState: "created",
        // Paid, so the statements and the accounting export of the day hold it.
        status: "SUCCEED",
        statusChangedAt: new Date(),
        amountCents: 98_765,
        payerName: "Bartolomeu Bexiga",
        payerEmail: "bartolomeu.bexiga@example.com",
        payerDocument: "39053344705",
        walletTransactionId: b.walletCashIn,
        idempotencyKey: randomUUID(),
        storeId: b.store,
      },
      {
        kind: "CASH_OUT",
        creationState: "created",
        status: "PENDING",
        amountCents: 43_219,
        pixKeyType: "EMAIL",
        pixKey: "bexiga.recebe@example.com",
        walletTransactionId: b.walletCashOut,
        idempotencyKey: randomUUID(),
        storeId: b.store,
      },
    ] as never)
    .returning({ id: transactions.id });
  b.cashIn = cashIn!.id;
  b.cashOut = cashOut!.id;
  const [delivery] = await database.db
    .insert(callbackDeliveries)
    .values({
      walletTransactionId: b.walletCashIn,
      transactionId: b.cashIn,
      status: "SUCCEED",
      outcome: "applied",
      body: { id: b.walletCashIn },
    })
    .returning({ id: callbackDeliveries.id });
  b.delivery = String(delivery!.id);
  const [requester] = await database.db.select({ id: user.id }).from(user).limit(1);
  const [request] = await database.db
    .insert(cashOutRequests)
    .values({
      kind: "single",
      idempotencyKey: randomUUID(),
      totalCents: 61_237,
      itemCount: 1,
      requestedByUserId: requester?.id ?? "someone-of-b",
      requestedByEmail: "pedido.bexiga@example.com",
      expiresAt: new Date(Date.now() + 86_400_000),
      storeId: b.store,
    } as never)
    .returning({ id: cashOutRequests.id });
  b.request = request!.id;
  const [item] = await database.db
    .insert(cashOutRequestItems)
    .values({
      requestId: b.request,
      line: 1,
      amountCents: 61_237,
      pixKeyType: "EMAIL",
      pixKey: "item.bexiga@example.com",
      externalReference: "REF-BEXIGA-7731",
      idempotencyKey: randomUUID(),
    })
    .returning({ id: cashOutRequestItems.id });
  b.item = item!.id;
  sessions.adminOfA = await createOperatorSession(auth, { email: "walk.admin-a@example.com", role: "admin" });
  sessions.financeOfA = await createOperatorSession(auth, { email: "walk.finance-a@example.com", role: "finance" });
  const operators = await database.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, ["walk.admin-a@example.com", "walk.finance-a@example.com"]));
  for (const operator of operators) await replaceOperatorStoreGrants(database.db, operator.id, [FIRST_STORE_ID], "test");
  const adminOfA = operators.find((operator) => operator.email === "walk.admin-a@example.com")!;
  const link = await insertPaymentLink(database.db, {
    name: "Link Bexiga Especial",
    description: "Descrição Bexiga",
    amountCents: 56_781,
    minAmountCents: null,
    maxAmountCents: null,
    maxPaidCharges: null,
    endsAt: null,
    chargeExpiryMinutes: 30,
    returnUrl: null,
    inactiveMessage: null,
    slug: b.slug,
    createdByUserId: adminOfA.id,
    createdByEmail: "walk.admin-a@example.com",
    storeId: b.store,
  } as never);
  b.link = (link as { id: string }).id;
  const [event] = await database.db
    .insert(events)
    .values({
      type: "charge.created",
      subjectType: "charge",
      subjectId: b.cashIn,
      data: { id: b.cashIn, storeId: b.store, amountCents: 98_765, status: "PENDING" },
      // Older than the feed's settling margin (eventFeedSettleMs), so an all-stores key's feed shows
      // it however soon the walk reaches /api/v1/events (it did not, now and then, on PostgreSQL).
      occurredAt: new Date(Date.now() - 60_000),
      // As event_record sets it (migration 0040): the feed of a key for store A leaves it out.
      storeId: b.store,
    })
    .returning({ id: events.id });
  b.event = event!.id;
  keyOfA = (
    await createApiKey(database.db, adminOfA, {
      name: "ERP store A",
      // Every scope: only the key's store may keep B out.
      scopes: [...apiScopes],
      expiresAt: null,
      storeId: FIRST_STORE_ID,
    })
  ).token;
  keyOfAll = (
    await createApiKey(database.db, adminOfA, {
      name: "ERP every store",
      scopes: ["charges:read", "transactions:read", "cash_outs:write", "events:read", "payment_links:read"],
      expiresAt: null,
    })
  ).token;
  b.key = (
    await createApiKey(database.db, adminOfA, {
      name: "ERP Bexiga",
      scopes: ["transactions:read"],
      expiresAt: null,
      storeId: b.store,
    })
  ).key.id;
  financeOfAId = operators.find((operator) => operator.email === "walk.finance-a@example.com")!.id;
  const [counter] = await database.db
    .insert(counters)
    .values({
      name: "Caixa da walk",
      defaultPayerName: "Consumidor Final",
      defaultPayerEmail: "caixa@example.com",
      defaultPayerDocument: "11222333000181",
      storeId: b.store,
    })
    .returning({ id: counters.id });
  b.counter = counter!.id;
  const [device] = await database.db
    .insert(displayDevices)
    .values({ counterId: b.counter, sessionTokenHash: `walk-b-${randomUUID()}` })
    .returning({ id: displayDevices.id });
  b.device = device!.id;
  markers = [
    b.store,
    b.counter,
    b.device,
    b.cashIn,
    b.cashOut,
    b.walletCashIn,
    b.walletCashOut,
    b.request,
    b.item,
    b.link,
    b.slug,
    b.event,
    "Filial Bexiga",
    "Bartolomeu",
    "bexiga",
    "Bexiga",
    "REF-BEXIGA-7731",
    "390.533.447-05",
    "39053344705",
    // The amounts' unique cents, as the dashboard (pt-BR, en) and the API write them.
    "987,65",
    "987.65",
    "432,19",
    "432.19",
    "612,37",
    "612.37",
    "567,81",
    "567.81",
  ];
});
afterAll(async () => {
  requestState.headers = new Headers();
  await database?.dispose();
});

let requestNumber = 0;

/** The answer's text: the whole body, or an event stream's first chunk (or none within a second). */
async function textOf(response: Response): Promise<string> {
  if (!response.body) return "";
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return response.text();
  const reader = response.body.getReader();
  const first = await Promise.race([reader.read(), new Promise<{ value?: undefined }>((resolve) => setTimeout(() => resolve({}), 1_000))]);
  await reader.cancel();
  return first.value ? new TextDecoder().decode(first.value) : "";
}

async function call(route: string, file: string, headers: Headers) {
  const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
  const handler = module.GET as (request: Request, context: { params: Promise<unknown> }) => Promise<Response>;
  const params: Record<string, string | string[]> = {};
  const url = route
    .split("/")
    .map((segment) => {
      const dynamic = /^\[{1,2}(?:\.\.\.)?(\w+)\]{1,2}$/.exec(segment);
      if (!dynamic) return segment;
      const value = idFor(route, segment);
      params[dynamic[1]!] = segment.includes("...") ? [value] : value;
      return value;
    })
    .join("/");
  requestNumber += 1;
  const sent = new Headers(headers);
  sent.set("origin", origin);
  sent.set("sec-fetch-site", "same-origin");
  sent.set("x-forwarded-for", `10.77.${(requestNumber >> 8) & 255}.${requestNumber & 255}`);
  requestState.headers = sent;
  const response = await handler(new Request(`${origin}${url}${queryOf(route)}`, { headers: sent }), {
    params: Promise.resolve(params),
  });
  return { status: response.status, text: await textOf(response) };
}

describe("the walk over every route with two stores", () => {
  it("finds the routes, and lists none that no longer exists", () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(notPerStore).filter((route) => !routes.some((found) => found.route === route))).toEqual([]);
  });

  it("walks every route that is not listed, so none can be forgotten", async () => {
    for (const { route, file } of walked) {
      const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      expect(typeof module.GET, `${route}: a route without GET must be listed in notPerStore with why`).toBe("function");
    }
  });

  it.each(walked.map(({ route, file }) => [route, file] as const))(
    "%s gives store A's operators and key nothing of store B",
    async (route, file) => {
      const callers: Array<[string, Headers]> = route.startsWith("/api/v1/")
        ? [["a key for store A", new Headers({ authorization: `Bearer ${keyOfA}` })]]
        : Object.entries(sessions);
      for (const [caller, headers] of callers) {
        const { status, text } = await call(route, file, headers);
        const where = `GET ${route} as ${caller} (${status})`;
        expect(status, where).toBeLessThan(500);
        for (const marker of markers) expect(text.includes(marker), `${where} holds ${marker}: ${text.slice(0, 300)}`).toBe(false);
      }
    },
  );

  it("shows B's rows to an operator and a key of every store (so the markers would be found)", async () => {
    const [admin] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "walk.admin-a@example.com"));
    // The same admin, now on every store.
    await replaceOperatorStoreGrants(database.db, admin!.id, null, "test");
    const revealing: string[] = [];
    try {
      for (const { route, file } of walked) {
        const headers = route.startsWith("/api/v1/") ? new Headers({ authorization: `Bearer ${keyOfAll}` }) : sessions.adminOfA;
        const { status, text } = await call(route, file, headers);
        expect(status, `GET ${route} on every store`).toBeLessThan(500);
        if (markers.some((marker) => text.includes(marker))) revealing.push(route);
      }
    } finally {
      await replaceOperatorStoreGrants(database.db, admin!.id, [FIRST_STORE_ID], "test");
    }
    // The routes whose answer names B's rows when B is the caller's: the scope, not an empty answer,
    // is what kept them out above. (The others answer a status, a count or a stream's first beat.)
    expect(revealing).toEqual(
      expect.arrayContaining([
        "/api/cash-out-requests/[id]/results",
        "/api/cash-out-requests/state",
        "/api/payment-links/[id]/poster",
        "/api/statements",
        "/api/statements/accounting",
        "/api/transactions/[id]/receipt",
        "/api/transactions/export",
        "/api/transactions/find",
        "/api/transactions/statuses",
        "/api/v1/cash-outs/[id]",
        "/api/v1/charges/[id]",
        "/api/v1/events",
        "/api/v1/payment-links",
        "/api/v1/payment-links/[id]",
        "/api/v1/transactions",
      ]),
    );
  });
});

/** Server actions that are not a store's, and why (the merchant's as a whole, or the operator's own). */
const actionsNotPerStore: Record<string, string> = {
  "cancel-event-replay-action": "event endpoints receive every store's events: an admin of every store only (wholeMerchant)",
  "event-replay-progress-action": "event endpoints and replays are the merchant's (wholeMerchant)",
  "plan-event-replay-action": "event endpoints and replays are the merchant's (wholeMerchant)",
  "start-event-replay-action": "event endpoints and replays are the merchant's (wholeMerchant)",
  "create-event-endpoint-action": "event endpoints are the merchant's (wholeMerchant)",
  "delete-event-endpoint-action": "event endpoints are the merchant's (wholeMerchant)",
  "rotate-event-endpoint-secret-action": "event endpoints are the merchant's (wholeMerchant)",
  "set-event-endpoint-enabled-action": "event endpoints are the merchant's (wholeMerchant)",
  "send-test-event-action": "event endpoints are the merchant's (wholeMerchant)",
  "resend-event-delivery-action": "event endpoints are the merchant's (wholeMerchant)",
  "change-operator-role-action": "operators are the merchant's (admin)",
  "create-operator-action": "operators are the merchant's (admin)",
  "disable-operator-action": "operators are the merchant's (admin)",
  "enable-operator-action": "operators are the merchant's (admin)",
  "reset-operator-password-action": "operators are the merchant's (admin)",
  "reset-operator-two-factor-action": "operators are the merchant's (admin)",
  "change-own-password-action": "the operator's own account",
  "confirm-two-factor-enrolment-action": "the operator's own account",
  "start-two-factor-enrolment-action": "the operator's own account",
  "step-up-action": "the operator's own session",
  "step-up-options-action": "the operator's own session",
  "sign-out-everywhere-action": "the operator's own sessions",
  "mark-notifications-read-action": "the operator's own notifications",
  "list-ledger-views-action": "the operator's own saved views",
  "save-ledger-view-action": "the operator's own saved views",
  "rename-saved-view-action": "the operator's own saved views",
  "delete-saved-view-action": "the operator's own saved views",
  "find-personal-data-action": "a data subject's rights across the merchant (LGPD), admin",
  "erase-personal-data-action": "a data subject's rights across the merchant (LGPD), admin",
  "check-payout-csv-action": "checks a CSV's text only: reads and writes nothing",
  "save-merchant-identity-action": "the merchant's identity",
  "update-alert-channels-action": "alerts have no store yet (the merchant's)",
  "update-alert-rules-action": "alerts have no store yet (the merchant's)",
  "update-security-settings-action": "the merchant's security settings",
  "complete-setup-action": "first-run setup, before any operator (no operatorAction)",
  "set-locale-action": "the browser's language cookie (no operatorAction)",
  "sign-in-action": "signing in (no operatorAction)",
  "sign-out-action": "signing out (no operatorAction)",
  "verify-sign-in-code-action": "signing in (no operatorAction)",
};

/** Every other action, called with B's ids (or for store B). */
const actionsWithB: Record<string, () => unknown> = {
  "approve-cash-out-request-action": () => ({ requestId: b.request }),
  "cancel-cash-out-request-action": () => ({ requestId: b.request }),
  "reject-cash-out-request-action": () => ({ requestId: b.request, reason: "Fornecedor errado" }),
  "resend-callback-action": () => ({ walletTransactionId: b.walletCashIn }),
  "reveal-personal-data-action": () => ({ transactionId: b.cashIn }),
  "simulate-payment-action": () => ({ transactionId: b.cashIn }),
  "change-sandbox-status-action": () => ({ transactionId: b.cashOut, change: "failCashOut" }),
  "set-payment-link-active-action": () => ({ id: b.link, active: false }),
  "update-payment-link-action": () => ({ id: b.link, name: "Tomado", amountMode: "fixed", amount: "1,00", expiry: "30", storeId: b.store }),
  "create-payment-link-action": () => ({ name: "Link em B", amountMode: "fixed", amount: "5,00", expiry: "30", storeId: b.store }),
  "create-cash-in-action": () => ({
    idempotencyKey: randomUUID(),
    amount: "12,34",
    payerName: "Ana Pagadora",
    payerEmail: "ana@example.com",
    payerDocument: "529.982.247-25",
    expiry: "30",
    metadata: [],
    storeId: b.store,
  }),
  "create-quick-charge-action": () => ({ idempotencyKey: randomUUID(), counterId: b.counter, amount: "12,00" }),
  "create-counter-action": () => ({
    name: "Caixa em B",
    defaultPayerName: "Consumidor Final",
    defaultPayerEmail: "caixa@example.com",
    defaultPayerDocument: "11.222.333/0001-81",
    storeId: b.store,
  }),
  "create-pairing-code-action": () => ({ counterId: b.counter }),
  "save-approval-policy-action": () => ({
    approvalThreshold: "",
    operatorDailyLimit: "",
    merchantDailyLimit: "",
    requestLifetimeHours: "24",
    storeDailyLimits: { [b.store]: "1,00" },
  }),
  "revoke-display-device-action": () => ({ deviceId: b.device }),
  "create-cash-out-action": () => ({
    idempotencyKey: randomUUID(),
    amount: "10,00",
    pixKey: { type: "EMAIL", key: "fornecedor@example.com" },
    metadata: [],
    storeId: b.store,
  }),
  "submit-payout-batch-action": () => ({
    uploadKey: randomUUID(),
    fileName: "b.csv",
    csvText: 'amount,key_type,key,reference\r\n"3,00",EMAIL,a@example.com,lote-b\r\n',
    storeId: b.store,
  }),
  "create-api-key-action": () => ({ name: "Chave de B", scopes: ["transactions:read"], expiresOn: "", storeId: b.store }),
  "revoke-api-key-action": () => ({ id: b.key }),
  "change-operator-stores-action": () => ({ userId: financeOfAId, allStores: false, storeIds: [b.store] }),
  "change-store-connection-action": () => ({ storeId: b.store, baseUrl: "http://localhost:3999/sandbox", token: "t".repeat(40) }),
  "save-store-details-action": () => ({
    storeId: b.store,
    name: "Tomada",
    holderDocument: "11.222.333/0001-81",
    payerFacingName: "Tomada",
    timeZoneName: "America/Sao_Paulo",
  }),
  "create-store-action": () => ({
    name: "Loja C",
    holderDocument: "11.222.333/0001-81",
    payerFacingName: "Loja C",
    timeZoneName: "America/Sao_Paulo",
    baseUrl: "",
    token: "",
  }),
  "close-day-action": () => ({ day: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10) }),
  "set-opening-balance-action": () => ({ amount: "1.000,00", day: "2026-01-01" }),
  "save-daily-summary-action": () => ({ enabled: true, recipients: "b@example.com" }),
};

/** Store B's rows (and the grants and closed days an action might widen), to compare before and after. */
async function rowsOfB() {
  const { db } = database;
  return JSON.stringify([
    await db.select().from(stores).where(eq(stores.id, b.store)),
    await db.select().from(transactions).where(eq(transactions.storeId, b.store)).orderBy(transactions.id),
    await db.select().from(callbackDeliveries).where(eq(callbackDeliveries.transactionId, b.cashIn)),
    await db.select().from(cashOutRequests).where(eq(cashOutRequests.storeId, b.store)),
    await db.select().from(cashOutRequestItems).where(eq(cashOutRequestItems.requestId, b.request)),
    await db.select().from(paymentLinks).where(eq(paymentLinks.storeId, b.store)),
    await db.select().from(apiKeys).where(eq(apiKeys.storeId, b.store)),
    await db.select().from(operatorStoreGrants).orderBy(operatorStoreGrants.userId, operatorStoreGrants.storeId),
    await db.select().from(closedDays),
    await db.select().from(counters).orderBy(counters.id),
    await db.select().from(displayDevices).orderBy(displayDevices.id),
    await db.select().from(displayPairingCodes).orderBy(displayPairingCodes.id),
  ]);
}

const actionFiles = readdirSync(path.resolve(import.meta.dirname, "../actions"))
  .filter((name) => name.endsWith("-action.ts") && name !== "operator-action.ts")
  .map((name) => name.slice(0, -".ts".length))
  .sort();

describe("the walk over every server action with two stores", () => {
  it("lists every action as B's to try or not per store, and none that no longer exists", () => {
    expect(actionFiles.filter((name) => !(name in actionsNotPerStore) && !(name in actionsWithB))).toEqual([]);
    expect([...Object.keys(actionsNotPerStore), ...Object.keys(actionsWithB)].filter((name) => !actionFiles.includes(name))).toEqual([]);
  });

  it.each(Object.keys(actionsWithB))("%s refuses store A's admin and finance operator B's ids, and changes nothing of B", async (name) => {
    const module = (await import(pathToFileURL(path.resolve(import.meta.dirname, "../actions", `${name}.ts`)).href)) as Record<
      string,
      unknown
    >;
    const action = Object.entries(module).find(([exported]) => exported.endsWith("Action"))![1] as (input: unknown) => Promise<unknown>;
    const before = await rowsOfB();
    for (const [caller, headers] of Object.entries(sessions)) {
      requestState.headers = new Headers({ cookie: headers.get("cookie")!, origin });
      const result = (await action(actionsWithB[name]!())) as { ok: boolean };
      expect(result.ok, `${name} as ${caller}: ${JSON.stringify(result)}`).toBe(false);
    }
    expect(await rowsOfB()).toBe(before);
  });
});
