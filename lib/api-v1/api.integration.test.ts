// The merchant API end to end over real HTTP, against the real sandbox wallet: every answer is
// checked against the OpenAPI document the API serves (test/support/api-client.ts). Keys: scopes,
// revocation and expiry at once, last use; idempotent charges (20 concurrent replays make one
// charge and one wallet call); the ledger with filters and cursors; cash-outs only ever awaiting a
// person's approval, within the limits; rate limits, body limits and malformed input as 4xx; and
// neither an operator's cookie nor a display's session can call it, nor a key a server action or page.
import { randomBytes } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createCashInAction } from "@/lib/actions/create-cash-in-action";
import { createApiKey, revokeApiKeyAsAdmin } from "@/lib/api-keys/manage-api-keys";
import { approveCashOutRequest } from "@/lib/cash-out/cash-out-requests";
import { saveApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { insertEventEndpoint, insertTestEvent } from "@/lib/db/queries/events";
import {
  apiKeys,
  cashOutRequests,
  auditEvents,
  counters,
  displayDevices,
  events,
  paymentLinks,
  rateLimitCounters,
  stores,
  transactions,
  user,
  FIRST_STORE_ID,
} from "@/lib/db/schema";
import { eventDataSchemas, eventEnvelopeSchema, isCatalogueType } from "@/lib/events/catalogue";
import { testEventType } from "@/lib/vocabulary/event-types";
import { displaySessionCookie } from "@/lib/displays/display-session";
import { sha256 } from "@/lib/displays/tokens";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { receiveCallback } from "@/lib/callbacks/receive-callback";
import { transactions as sandboxTransactions } from "@/lib/sandbox-wallet/schema";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import { createWalletClient } from "@/lib/wallet/client";
import { proxy } from "@/proxy";
import { apiClient, hasCatchAllRoute, serveApi } from "@/test/support/api-client";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { type RunningSandboxWallet, startSandboxWallet, testToken } from "@/test/support/sandbox-wallet";
import type { ServedHandler } from "@/test/support/serve-fetch-handler";
import { walletCallbackBody } from "@/test/support/callback-fixtures";
import { startSlowWalletProxy } from "@/test/support/slow-wallet-proxy";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { testWalletClientOptions, walletUnderTest } from "@/test/support/wallet-under-test";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

vi.mock("@/lib/wallet/client", async (importOriginal) =>
  (await import("@/test/support/wallet-under-test")).withWalletUnderTest(await importOriginal()),
);

let database: TestDatabase;
let sandbox: RunningSandboxWallet;
let served: ServedHandler;
let api: Awaited<ReturnType<typeof apiClient>>;
let adminCookie: Headers;
let runtimeConfig: ReturnType<typeof installTestRuntime>["config"];
const installedConfig = () => runtimeConfig;
const admin = { id: "", email: "admin@example.com" };
const approver = { id: "", email: "approver@example.com" };
const walletCalls = { in: 0, out: 0 };
const keys = {} as Record<"full" | "readOnly", { token: string; id: string; name: string }>;

const chargeBody = (overrides: Record<string, unknown> = {}) => ({
  amountCents: 1050,
  payer: { name: "Ana Souza", email: "Ana@Example.com", document: "529.982.247-25" },
  description: "Order A-1001",
  externalReference: "A-1001",
  metadata: { orderId: "A-1001" },
  ...overrides,
});
const idempotency = (key = randomBytes(8).toString("hex")) => ({ "idempotency-key": key });

beforeAll(async () => {
  database = await openTestDatabase();
  const installed = installTestRuntime(database);
  const { auth } = installed;
  runtimeConfig = installed.config;
  adminCookie = await createOperatorSession(auth, { email: admin.email, role: "admin" });
  await createOperatorSession(auth, { email: approver.email, role: "finance" });
  for (const person of [admin, approver])
    person.id = (await database.db.select({ id: user.id }).from(user).where(eq(user.email, person.email)))[0]!.id;
  sandbox = await startSandboxWallet({ startWorker: false });
  const countingFetch: typeof fetch = (url, init) => {
    if (String(url).endsWith("/api/v1/wallets/in")) walletCalls.in += 1;
    if (String(url).endsWith("/api/v1/wallets/out")) walletCalls.out += 1;
    return fetch(url, init);
  };
  walletUnderTest.client = createWalletClient(testWalletClientOptions(sandbox.baseUrl, testToken, { fetch: countingFetch }));
  for (const [name, scopes] of [
    ["full", ["charges:read", "charges:write", "transactions:read", "cash_outs:write"]],
    ["readOnly", ["charges:read", "transactions:read"]],
  ] as const) {
    const created = await createApiKey(database.db, admin, { name: `ERP ${name}`, scopes: [...scopes], expiresAt: null });
    keys[name] = { token: created.token, id: created.key.id, name: created.key.name };
  }
  served = await serveApi();
  api = await apiClient(served.origin);
  // Two databases, a wallet and an HTTP server: minutes, not seconds, on a machine busy with other runs.
}, 180_000);

afterAll(async () => {
  requestState.headers = new Headers();
  await served?.close();
  await sandbox?.close();
  await database?.dispose();
});

beforeEach(async () => {
  await saveApprovalPolicy(
    database.db,
    { approvalThresholdCents: null, operatorDailyLimitCents: null, merchantDailyLimitCents: null, requestLifetimeMinutes: 1440 },
    null,
  );
});

describe("the document", () => {
  it("is served as valid OpenAPI 3.1 with the operations, examples and problem shape", () => {
    expect(api.document.openapi).toBe("3.1.0");
    expect(Object.keys(api.document.paths).sort()).toEqual([
      "/api/v1/cash-outs",
      "/api/v1/cash-outs/{id}",
      "/api/v1/charges",
      "/api/v1/charges/{id}",
      "/api/v1/events",
      "/api/v1/openapi.json",
      "/api/v1/payment-links",
      "/api/v1/payment-links/{id}",
      "/api/v1/transactions",
    ]);
    expect(api.document.components.schemas.Charge.example).toMatchObject({ amountCents: 1050 });
    expect(api.document.components.schemas.Problem.required).toEqual(expect.arrayContaining(["status", "code", "detail"]));
  });
});

describe("authentication and scopes", () => {
  it("answers 401 problem details without a key, with a malformed or unknown one, and to cookies alone", async () => {
    const display = await pairedDisplayCookie();
    const callers: Array<{ key?: string; headers?: Record<string, string> }> = [
      {},
      { headers: { authorization: "Basic abc" } },
      { key: "wdk_notakey" },
      { key: `wdk_abcdefgh_${randomBytes(32).toString("base64url")}` },
      { headers: { cookie: adminCookie.get("cookie")! } },
      { headers: { cookie: display } },
    ];
    for (const init of callers) {
      const answer = await api.call("GET", "/api/v1/transactions", init);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(answer.body.code).toMatch(/^errors\.api\.key(Missing|Invalid)$/);
    }
  });

  it("refuses an operation outside the key's scopes with 403, audited with the key's name", async () => {
    const answer = await api.call("POST", "/api/v1/charges", { key: keys.readOnly.token, body: chargeBody(), headers: idempotency() });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: "errors.api.scopeMissing", detail: "This API key does not have the charges:write scope." });
    const [audited] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "api.charges.create"), eq(auditEvents.outcome, "refused")));
    expect(audited).toMatchObject({ actorEmail: expect.stringContaining(`"${keys.readOnly.name}"`) });
    expect(audited!.details).toMatchObject({ apiKey: keys.readOnly.name, status: 403 });
  });

  it("stops a revoked key on its very next request, and an expired key, with 401", async () => {
    const created = await createApiKey(database.db, admin, { name: "Short-lived", scopes: ["transactions:read"], expiresAt: null });
    expect((await api.call("GET", "/api/v1/transactions", { key: created.token })).status).toBe(200);
    const [used] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(used).toMatchObject({ lastUsedAt: expect.any(Date), lastUsedAddress: expect.any(String) });
    expect(await revokeApiKeyAsAdmin(database.db, admin, created.key.id, merchantWideScope())).toEqual({ ok: true });
    const revoked = await api.call("GET", "/api/v1/transactions", { key: created.token });
    expect(revoked).toMatchObject({ status: 401, body: { code: "errors.api.keyRevoked" } });

    const expiring = await createApiKey(database.db, admin, {
      name: "Expired",
      scopes: ["transactions:read"],
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await api.call("GET", "/api/v1/transactions", { key: expiring.token })).toMatchObject({
      status: 401,
      body: { code: "errors.api.keyExpired" },
    });
  });

  it("gives a key nothing outside the API: a server action answers unauthenticated, a page redirects to sign-in", async () => {
    const bearer = new Headers({ authorization: `Bearer ${keys.full.token}`, origin: "http://localhost:3999" });
    requestState.headers = bearer;
    const result = await createCashInAction({} as never);
    expect(result).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    const page = await proxy(new NextRequest("http://localhost:3999/transactions", { headers: bearer }));
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toBe("http://localhost:3999/sign-in");
  });
});

describe("charges", () => {
  it("creates a charge marked as created by the key, reads it back, replays it, and refuses the key with another body", async () => {
    const headers = idempotency();
    const created = await api.call("POST", "/api/v1/charges", { key: keys.full.token, body: chargeBody(), headers });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      amountCents: 1050,
      status: "PENDING",
      creationState: "created",
      payer: { email: "ana@example.com", document: "52998224725" },
      metadata: { orderId: "A-1001" },
      createdBy: `API key "${keys.full.name}" (${keys.full.token.slice(0, 12)})`,
    });
    expect(created.body.pixCopyPaste).toMatch(/br\.gov\.bcb\.pix/i);
    expect(created.headers.get("location")).toBe(`/api/v1/charges/${created.body.id}`);
    expect(created.headers.get("ratelimit")).toMatch(/^"per-key";r=\d+;t=\d+$/);

    const read = await api.call("GET", `/api/v1/charges/${created.body.id}`, { key: keys.readOnly.token });
    expect(read).toMatchObject({ status: 200, body: { id: created.body.id } });

    // The same key and body, spelled differently (key order, whitespace): the same charge, no new wallet call.
    const callsBefore = walletCalls.in;
    const { description, ...rest } = chargeBody();
    const replay = await api.call("POST", "/api/v1/charges", {
      key: keys.full.token,
      rawBody: JSON.stringify({ description, ...rest }, null, 2),
      headers: { ...headers, "content-type": "application/json; charset=utf-8" },
    });
    expect(replay).toMatchObject({ status: 200, body: { id: created.body.id } });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const other = await api.call("POST", "/api/v1/charges", { key: keys.full.token, body: chargeBody({ amountCents: 2000 }), headers });
    expect(other).toMatchObject({ status: 422, body: { code: "errors.api.idempotencyKeyReused" } });
    expect(walletCalls.in).toBe(callsBefore);

    const missingKey = await api.call("POST", "/api/v1/charges", { key: keys.full.token, body: chargeBody() });
    expect(missingKey).toMatchObject({ status: 400, body: { code: "errors.api.idempotencyKeyMissing" } });
    const unknown = await api.call("GET", "/api/v1/charges/00000000-0000-4000-8000-000000000000", { key: keys.full.token });
    expect(unknown).toMatchObject({ status: 404, body: { code: "errors.api.chargeNotFound" } });
    // An id that cannot exist is a malformed path (the route's params schema, lib/http/api-key-route.ts).
    const malformed = await api.call("GET", "/api/v1/charges/not-a-uuid", { key: keys.full.token });
    expect(malformed).toMatchObject({ status: 400, body: { code: "errors.route.malformedPath" } });
    expect((await api.call("GET", "/api/v1/cash-outs/not-a-uuid", { key: keys.full.token })).status).toBe(400);
  });

  it("makes one charge and one wallet call of 20 concurrent replays", async () => {
    const headers = idempotency();
    const callsBefore = walletCalls.in;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.call("POST", "/api/v1/charges", { key: keys.full.token, body: chargeBody(), headers })),
    );
    // Each answer is the charge (created once, replayed after) or "still being created, retry".
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.status);
    const ids = new Set(answers.filter((answer) => answer.status < 300).map((answer) => answer.body.id));
    expect(ids.size).toBe(1);
    expect(walletCalls.in - callsBefore).toBe(1);
    const rows = await database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(like(transactions.idempotencyKey, `api:${keys.full.id}:charges:${headers["idempotency-key"]}`));
    expect(rows).toHaveLength(1);
  });

  it("answers malformed JSON, a wrong content type, an oversized body and invalid fields with the right 4xx", async () => {
    const key = keys.full.token;
    const malformed = await api.call("POST", "/api/v1/charges", {
      key,
      rawBody: '{"amountCents": 10',
      headers: { "content-type": "application/json", ...idempotency() },
    });
    expect(malformed).toMatchObject({ status: 400, body: { code: "errors.api.malformedJson" } });
    const wrongType = await api.call("POST", "/api/v1/charges", {
      key,
      rawBody: "amountCents=10",
      headers: { "content-type": "text/plain" },
    });
    expect(wrongType).toMatchObject({ status: 415, body: { code: "errors.api.unsupportedMediaType" } });
    const oversized = await api.call("POST", "/api/v1/charges", {
      key,
      body: chargeBody({ description: "x".repeat(20_000) }),
      headers: idempotency(),
    });
    expect(oversized).toMatchObject({ status: 413, body: { code: "errors.api.bodyTooLarge" } });
    const invalid = await api.call("POST", "/api/v1/charges", {
      key,
      body: chargeBody({ amountCents: 10.5, payer: { name: "", email: "nope", document: "111" }, extra: true }),
      headers: { ...idempotency(), "accept-language": "pt-BR" },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail).toBe("Alguns campos são inválidos: veja `errors` para cada um.");
    expect(invalid.body.errors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining(["amountCents", "payer.name", "payer.email", "payer.document"]),
    );
  });
});

describe("charges with a wallet slower than the client's timeout", () => {
  it("never answers walletFailed: 202 with the charge in outcome_unknown and its Location, the same on a replay, the real charge once settled, and one wallet charge in all", async () => {
    // The wallet creates the charge at once but answers after the dashboard gave up (300 ms).
    const slow = await startSlowWalletProxy(sandbox.baseUrl, 1_500);
    const previousClient = walletUnderTest.client;
    walletUnderTest.client = createWalletClient(testWalletClientOptions(slow.baseUrl, testToken, { timeoutMs: 300 }));
    try {
      const reference = `SLOW-${randomBytes(4).toString("hex")}`;
      const headers = idempotency();
      const body = chargeBody({ externalReference: reference });
      const first = await api.call("POST", "/api/v1/charges", { key: keys.full.token, body, headers });
      expect(first.body.code).not.toBe("errors.api.walletFailed");
      expect(first.status).toBe(202);
      expect(first.body).toMatchObject({
        creationState: "outcome_unknown",
        status: null,
        pixCopyPaste: null,
        externalReference: reference,
      });
      expect(first.headers.get("location")).toBe(`/api/v1/charges/${first.body.id}`);
      const [atWallet] = await slow.waitForForwarded("/api/v1/wallets/in", 1);
      const walletCharge = JSON.parse(atWallet!.answer).data as { id: string; callbackUrl: string };

      // The Location answers the charge as it stands; a retry with the same key answers it again, calling nothing.
      const read = await api.call("GET", first.headers.get("location")!, { key: keys.full.token });
      expect(read).toMatchObject({ status: 200, body: { id: first.body.id, creationState: "outcome_unknown" } });
      const retry = await api.call("POST", "/api/v1/charges", { key: keys.full.token, body, headers });
      expect(retry).toMatchObject({ status: 202, body: { id: first.body.id, creationState: "outcome_unknown" } });
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.headers.get("location")).toBe(`/api/v1/charges/${first.body.id}`);

      // The wallet's callback (to the charge's own URL) makes the outcome known: a replay now answers the real charge.
      const [transactionId, token] = walletCharge.callbackUrl.split(callbackReceiverPathPrefix)[1]!.split("/");
      const callback = new Request(walletCharge.callbackUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          ...walletCallbackBody(walletCharge.id, "PENDING"),
          ...JSON.parse(atWallet!.answer).data,
          status: "PENDING",
        }),
      });
      const received = await receiveCallback(database.db, callback, { transactionId: transactionId!, token: token! }, installedConfig());
      expect(received.status).toBeLessThan(300);
      const settled = await api.call("POST", "/api/v1/charges", { key: keys.full.token, body, headers });
      expect(settled).toMatchObject({
        status: 200,
        body: { id: first.body.id, creationState: "created", status: "PENDING", walletTransactionId: walletCharge.id },
      });
      expect(settled.headers.get("idempotent-replayed")).toBe("true");

      // One charge at the wallet, one in the ledger, whatever the retries.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(slow.forwarded.filter((call) => call.path.endsWith("/api/v1/wallets/in"))).toHaveLength(1);
      const atSandbox = await sandbox.connection.db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.externalReference, reference));
      expect(atSandbox).toHaveLength(1);
      const rows = await database.db.select().from(transactions).where(eq(transactions.externalReference, reference));
      expect(rows).toHaveLength(1);
    } finally {
      walletUnderTest.client = previousClient;
      await slow.close();
    }
  });
});

describe("transactions", () => {
  it("lists the ledger newest first with its filters, in stable cursor pages", async () => {
    const key = keys.readOnly.token;
    const first = await api.call("GET", "/api/v1/transactions?kind=CASH_IN&limit=2", { key });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    const seen: string[] = [];
    let page = first;
    for (;;) {
      seen.push(...page.body.data.map((row: { id: string }) => row.id));
      if (!page.body.nextCursor) break;
      page = await api.call("GET", `/api/v1/transactions?kind=CASH_IN&limit=2&cursor=${page.body.nextCursor}`, { key });
    }
    const expected = await database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.kind, "CASH_IN"), sql`${transactions.creationState} in ('created', 'outcome_unknown')`))
      .orderBy(sql`${transactions.createdAt} desc, ${transactions.id} desc`);
    expect(seen).toEqual(expected.map((row) => row.id));
    const search = await api.call("GET", "/api/v1/transactions?q=A-1001&amountMinCents=1050&amountMaxCents=1050", { key });
    expect(search.body.data.length).toBeGreaterThan(0);
    for (const row of search.body.data) expect(row).toMatchObject({ externalReference: "A-1001", amountCents: 1050 });

    expect((await api.call("GET", "/api/v1/transactions?kind=REFUND", { key })).status).toBe(400);
    expect((await api.call("GET", "/api/v1/transactions?cursor=garbage", { key })).body.code).toBe("errors.ledger.cursor");
    expect((await api.call("GET", "/api/v1/transactions?unknown=1", { key })).status).toBe(400);
  });
});

describe("events feed", () => {
  it("lists the webhooks' events in position order after `after`, settled, filtered by type, never a test event", async () => {
    const reader = await createApiKey(database.db, admin, { name: "ERP events", scopes: ["events:read"], expiresAt: null });
    const key = reader.token;
    for (const reference of ["feed-a", "feed-b", "feed-c"]) {
      const created = await api.call("POST", "/api/v1/charges", {
        key: keys.full.token,
        body: chargeBody({ externalReference: reference }),
        headers: idempotency(),
      });
      expect(created.status).toBe(201);
    }
    // The events so far (these charges', and any earlier test's), aged past the feed's settle margin.
    await database.db.execute(sql`update ${events} set occurred_at = occurred_at - interval '1 minute'`);
    await insertTestEvent(
      database.db,
      await anEndpointId(),
      { endpointId: "00000000-0000-4000-8000-000000000000", message: "test" },
      testEventType,
    );
    await database.db.execute(sql`update ${events} set occurred_at = occurred_at - interval '1 minute' where type = ${testEventType}`);
    const expected = await database.db
      .select({ id: events.id, position: events.position, type: events.type })
      .from(events)
      .where(sql`${events.type} <> ${testEventType}`)
      .orderBy(events.position);
    expect(expected.length).toBeGreaterThan(2);

    // Page by page, two at a time: every event once, in order, each envelope as a webhook's body.
    const seen: Array<{ id: string; position: number; type: string }> = [];
    let after = 0;
    for (;;) {
      const page = await api.call("GET", `/api/v1/events?after=${after}&limit=2`, { key });
      expect(page.status).toBe(200);
      for (const event of page.body.data) {
        seen.push({ id: event.id, position: event.position, type: event.type });
        expect(isCatalogueType(event.type)).toBe(true);
        const type = event.type as string;
        if (isCatalogueType(type)) eventEnvelopeSchema(type, eventDataSchemas[type]).parse(event);
      }
      expect(page.body.nextAfter).toBe(page.body.data.at(-1)?.position ?? after);
      after = page.body.nextAfter;
      if (!page.body.hasMore) break;
    }
    expect(seen).toEqual(expected);

    // Read to the end: nothing more until something happens, and a fresh event waits out the margin.
    expect((await api.call("GET", `/api/v1/events?after=${after}`, { key })).body).toEqual({ data: [], nextAfter: after, hasMore: false });
    const charge = await api.call("POST", "/api/v1/charges", {
      key: keys.full.token,
      body: chargeBody({ externalReference: "feed-1" }),
      headers: idempotency(),
    });
    expect(charge.status).toBe(201);
    expect((await api.call("GET", `/api/v1/events?after=${after}`, { key })).body.data).toEqual([]);
    await database.db.execute(sql`update ${events} set occurred_at = occurred_at - interval '1 minute' where position > ${after}`);
    const fresh = await api.call("GET", `/api/v1/events?after=${after}`, { key });
    expect(fresh.body.data.map((event: { type: string; data: { id: string } }) => [event.type, event.data.id])).toEqual([
      ["charge.created", charge.body.id],
    ]);

    // A type filter keeps only those types; unknown types and bad numbers are 400s naming the field.
    const created = await api.call("GET", "/api/v1/events?type=charge.created,charge.paid&limit=100", { key });
    expect(created.body.data.length).toBeGreaterThan(0);
    for (const event of created.body.data) expect(["charge.created", "charge.paid"]).toContain(event.type);
    for (const query of ["type=charge.created,refund.made", "after=-1", "limit=0", "limit=101", "after=abc", "since=0"]) {
      const refused = await api.call("GET", `/api/v1/events?${query}`, { key });
      expect(refused, query).toMatchObject({ status: 400, body: { code: "errors.route.invalidQuery" } });
    }
    expect((await api.call("GET", "/api/v1/events", { key: keys.readOnly.token })).status).toBe(403);
  });
});

describe("cash-outs", () => {
  it("only ever saves a request awaiting approval, sent once a person approves it", async () => {
    // A threshold far above the amount: the form would send this at once; the API never does.
    await saveApprovalPolicy(
      database.db,
      { approvalThresholdCents: 100_000_000, operatorDailyLimitCents: null, merchantDailyLimitCents: null, requestLifetimeMinutes: 60 },
      null,
    );
    const before = walletCalls.out;
    const body = { amountCents: 2500, pixKey: { type: "EMAIL", key: "Fornecedor@Example.com" }, externalReference: "INV-77" };
    const headers = idempotency();
    const requested = await api.call("POST", "/api/v1/cash-outs", { key: keys.full.token, body, headers });
    expect(requested).toMatchObject({
      status: 201,
      body: { state: "awaiting_approval", amountCents: 2500, pixKey: "fornecedor@example.com", transactionId: null },
    });
    expect((await api.call("POST", "/api/v1/cash-outs", { key: keys.full.token, body, headers })).body.id).toBe(requested.body.id);
    expect(walletCalls.out).toBe(before);

    const approved = await approveCashOutRequest(
      { db: database.db, config: installTestRuntime(database).config, walletOf: async () => walletUnderTest.client! },
      { ...approver, storeGrants: merchantWideScope() },
      requested.body.id,
    );
    expect(approved).toMatchObject({ ok: true, sendResult: { ok: true } });
    expect(walletCalls.out).toBe(before + 1);
    const read = await api.call("GET", `/api/v1/cash-outs/${requested.body.id}`, { key: keys.full.token });
    expect(read.body).toMatchObject({
      state: "approved",
      transactionId: approved.ok ? approved.transactionId : "",
      transactionStatus: "PENDING",
    });
    expect((await api.call("GET", `/api/v1/cash-outs/${requested.body.id}`, { key: keys.readOnly.token })).status).toBe(403);
  });

  it("refuses a cash-out over a daily limit with 422, saving nothing", async () => {
    await saveApprovalPolicy(
      database.db,
      { approvalThresholdCents: null, operatorDailyLimitCents: null, merchantDailyLimitCents: 1000, requestLifetimeMinutes: 60 },
      null,
    );
    const refused = await api.call("POST", "/api/v1/cash-outs", {
      key: keys.full.token,
      body: { amountCents: 5000, pixKey: { type: "EMAIL", key: "a@example.com" } },
      headers: idempotency(),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toMatch(/^errors\./);
  });
});

describe("limits", () => {
  it("answers 429 with Retry-After and RateLimit once the key's budget for the window is spent", async () => {
    const created = await createApiKey(database.db, admin, { name: "Busy", scopes: ["transactions:read"], expiresAt: null });
    // The window's count as if `limit` calls were made already (a real row of the shared limiter).
    const rule = rateLimitRules.apiPerKey;
    const windowStart = new Date(Math.floor(Date.now() / rule.windowMs) * rule.windowMs);
    await database.db.insert(rateLimitCounters).values({
      bucket: `${rule.name}:${created.key.id}`,
      windowStart,
      hits: rule.limit,
      expiresAt: new Date(windowStart.getTime() + rule.windowMs),
    });
    const refused = await api.call("GET", "/api/v1/transactions", { key: created.token });
    expect(refused).toMatchObject({ status: 429, body: { code: "errors.api.rateLimited" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit")).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(refused.headers.get("ratelimit-policy")).toBe(`"per-key";q=${rule.limit};w=60`);
    // Another key is not affected.
    expect((await api.call("GET", "/api/v1/transactions?limit=1", { key: keys.readOnly.token })).status).toBe(200);
  });

  it("audits every call that names a valid key with the key's name", async () => {
    const rows = await database.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.actorUserId, `api_key:${keys.full.id}`));
    expect(new Set(rows.map((row) => row.action))).toEqual(
      new Set([
        "api.charges.create",
        "api.charges.read",
        "api.cash_outs.create",
        "api.cash_outs.read",
        "cash_in.create",
        "cash_out_request.create",
      ]),
    );
    for (const row of rows.filter((row) => row.action.startsWith("api."))) expect(row.details).toMatchObject({ apiKey: keys.full.name });
  });
});

async function pairedDisplayCookie(): Promise<string> {
  const [counter] = await database.db
    .insert(counters)
    .values({
      name: "API test counter",
      defaultPayerName: "Balcão",
      defaultPayerEmail: "b@example.com",
      defaultPayerDocument: "52998224725",
    })
    .returning({ id: counters.id });
  const token = randomBytes(32).toString("base64url");
  await database.db.insert(displayDevices).values({ counterId: counter!.id, sessionTokenHash: sha256(token) });
  return `${displaySessionCookie}=${token}`;
}

/** A switched-off webhook endpoint, to own a test event. */
async function anEndpointId(): Promise<string> {
  return insertEventEndpoint(database.db, {
    url: "https://erp.example.com/hooks",
    description: "ERP",
    eventTypes: ["charge.paid"],
    enabled: false,
    secretCiphertext: "not used here",
    createdByEmail: admin.email,
  });
}

/** A payment link's body for the API. */
const linkBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Doações",
  minAmountCents: 500,
  maxAmountCents: 100_000,
  ...overrides,
});

describe("payment links", () => {
  it("creates a link once per Idempotency-Key, lists, reads, changes and switches it off, each with its event; scopes apply", async () => {
    const linkKey = (
      await createApiKey(database.db, admin, { name: "ERP links", scopes: ["payment_links:read", "payment_links:write"], expiresAt: null })
    ).token;
    const readerKey = (await createApiKey(database.db, admin, { name: "ERP link reader", scopes: ["payment_links:read"], expiresAt: null }))
      .token;
    expect((await api.call("GET", "/api/v1/payment-links", { key: keys.full.token })).status).toBe(403);
    expect((await api.call("POST", "/api/v1/payment-links", { key: readerKey, body: linkBody(), headers: idempotency() })).status).toBe(
      403,
    );
    expect((await api.call("POST", "/api/v1/payment-links", { key: linkKey, body: linkBody() })).body).toMatchObject({
      code: "errors.api.idempotencyKeyMissing",
    });
    const invalid = await api.call("POST", "/api/v1/payment-links", {
      key: linkKey,
      body: linkBody({ maxAmountCents: 100 }),
      headers: idempotency(),
    });
    expect(invalid.status).toBe(422);
    expect(
      (await api.call("POST", "/api/v1/payment-links", { key: linkKey, body: linkBody({ amountCents: 900 }), headers: idempotency() }))
        .status,
    ).toBe(422);

    const key = idempotency();
    const created = await api.call("POST", "/api/v1/payment-links", { key: linkKey, body: linkBody(), headers: key });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Doações",
      amountCents: null,
      minAmountCents: 500,
      active: true,
      state: "open",
      charges: 0,
    });
    expect(created.body.url).toMatch(/\/l\/[a-z2-9]{8}$/);
    expect(created.headers.get("location")).toBe(`/api/v1/payment-links/${created.body.id}`);
    const replayed = await api.call("POST", "/api/v1/payment-links", { key: linkKey, body: linkBody(), headers: key });
    expect(replayed).toMatchObject({ status: 200, body: { id: created.body.id } });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(
      (await api.call("POST", "/api/v1/payment-links", { key: linkKey, body: linkBody({ name: "Outra" }), headers: key })).status,
    ).toBe(422);

    const list = await api.call("GET", "/api/v1/payment-links", { key: readerKey });
    expect(list.body.data.filter((link: { id: string }) => link.id === created.body.id)).toHaveLength(1);
    expect((await api.call("GET", `/api/v1/payment-links/${created.body.id}`, { key: readerKey })).body).toMatchObject({
      id: created.body.id,
    });
    expect((await api.call("GET", "/api/v1/payment-links/00000000-0000-4000-8000-000000000000", { key: readerKey })).body).toMatchObject({
      code: "errors.paymentLinks.unknown",
    });
    expect((await api.call("PATCH", `/api/v1/payment-links/${created.body.id}`, { key: readerKey, body: { active: false } })).status).toBe(
      403,
    );

    const fixed = await api.call("PATCH", `/api/v1/payment-links/${created.body.id}`, { key: linkKey, body: { amountCents: 2_500 } });
    expect(fixed.body).toMatchObject({ amountCents: 2_500, minAmountCents: null, maxAmountCents: null });
    const halfRange = await api.call("PATCH", `/api/v1/payment-links/${created.body.id}`, { key: linkKey, body: { minAmountCents: 900 } });
    expect(halfRange.status).toBe(422);
    const off = await api.call("PATCH", `/api/v1/payment-links/${created.body.id}`, { key: linkKey, body: { active: false } });
    expect(off.body).toMatchObject({ active: false, state: "inactive" });

    const recorded = await database.db.select({ type: events.type }).from(events).where(eq(events.subjectId, created.body.id));
    expect(recorded.map((event) => event.type).sort()).toEqual([
      "payment_link.created",
      "payment_link.deactivated",
      "payment_link.updated",
    ]);
  });
});

describe("a key for one store (issue #49)", () => {
  it("sees nothing of another store, creates its charges for its store, and reads its store's events only", async () => {
    const [store] = await database.db.insert(stores).values({ name: "Loja B", payerFacingName: "Loja B" }).returning({ id: stores.id });
    const storeB = store!.id;
    const created = await createApiKey(database.db, admin, {
      name: "ERP store B",
      scopes: [
        "charges:read",
        "charges:write",
        "transactions:read",
        "cash_outs:write",
        "events:read",
        "payment_links:read",
        "payment_links:write",
      ],
      expiresAt: null,
      storeId: storeB,
    });
    const key = created.token;
    expect(created.key.storeId).toBe(storeB);
    const [audit] = await database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "api_key.create"), eq(auditEvents.targetId, created.key.id)));
    expect(audit!.details).toMatchObject({ storeId: storeB });

    // A charge of the first store (a key for every store) exists; the store-B key creates its own.
    const firstStore = await api.call("POST", "/api/v1/charges", { key: keys.full.token, body: chargeBody(), headers: idempotency() });
    expect(firstStore.status).toBe(201);
    const own = await api.call("POST", "/api/v1/charges", {
      key,
      body: chargeBody({ externalReference: "B-1" }),
      headers: idempotency(),
    });
    expect(own.status).toBe(201);
    const [row] = await database.db.select({ storeId: transactions.storeId }).from(transactions).where(eq(transactions.id, own.body.id));
    expect(row!.storeId).toBe(storeB);
    const [event] = await database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.subjectId, own.body.id), eq(events.type, "charge.created")));
    expect(event!.data).toMatchObject({ id: own.body.id, storeId: storeB });
    eventDataSchemas["charge.created"].parse(event!.data);

    // Its list holds store B's rows only; another store's charge is unknown; a key for every store sees both.
    const listed = await api.call("GET", "/api/v1/transactions?limit=100", { key });
    expect(listed.body.data.map((entry: { id: string }) => entry.id)).toEqual([own.body.id]);
    expect(await api.call("GET", `/api/v1/charges/${firstStore.body.id}`, { key })).toMatchObject({
      status: 404,
      body: { code: "errors.api.chargeNotFound" },
    });
    expect((await api.call("GET", `/api/v1/charges/${own.body.id}`, { key })).status).toBe(200);
    expect((await api.call("GET", `/api/v1/charges/${own.body.id}`, { key: keys.full.token })).status).toBe(200);

    // Payment links: the key makes its links in store B and sees only store B's; another store's link
    // is unknown to it, to read or to change.
    const merchantKey = (
      await createApiKey(database.db, admin, { name: "ERP links, every store", scopes: ["payment_links:write"], expiresAt: null })
    ).token;
    const merchantLink = await api.call("POST", "/api/v1/payment-links", {
      key: merchantKey,
      body: linkBody(),
      headers: idempotency(),
    });
    expect(merchantLink.status).toBe(201);
    const ownLink = await api.call("POST", "/api/v1/payment-links", { key, body: linkBody({ name: "Loja B" }), headers: idempotency() });
    expect(ownLink.status).toBe(201);
    const [linkRow] = await database.db
      .select({ storeId: paymentLinks.storeId })
      .from(paymentLinks)
      .where(eq(paymentLinks.id, ownLink.body.id));
    expect(linkRow!.storeId).toBe(storeB);
    const links = await api.call("GET", "/api/v1/payment-links", { key });
    expect(links.body.data.map((entry: { id: string }) => entry.id)).toEqual([ownLink.body.id]);
    expect((await api.call("GET", `/api/v1/payment-links/${merchantLink.body.id}`, { key })).status).toBe(404);
    expect((await api.call("PATCH", `/api/v1/payment-links/${merchantLink.body.id}`, { key, body: { active: false } })).status).toBe(404);
    expect((await api.call("GET", `/api/v1/payment-links/${ownLink.body.id}`, { key })).status).toBe(200);

    // Cash-out requests: the key asks for store B (sent through B's wallet once approved); the
    // merchant's request is unknown to it.
    const cashOut = (apiKey: string) =>
      api.call("POST", "/api/v1/cash-outs", {
        key: apiKey,
        body: { amountCents: 100, pixKey: { type: "EMAIL", key: "b@example.com" } },
        headers: idempotency(),
      });
    const merchantRequest = await cashOut(keys.full.token);
    const ownRequest = await cashOut(key);
    expect([merchantRequest.status, ownRequest.status]).toEqual([201, 201]);
    const [requestRow] = await database.db
      .select({ storeId: cashOutRequests.storeId })
      .from(cashOutRequests)
      .where(eq(cashOutRequests.id, ownRequest.body.id));
    expect(requestRow!.storeId).toBe(storeB);
    expect((await api.call("GET", `/api/v1/cash-outs/${merchantRequest.body.id}`, { key })).status).toBe(404);
    expect((await api.call("GET", `/api/v1/cash-outs/${ownRequest.body.id}`, { key })).status).toBe(200);

    // The events feed: store B's events only (its charge, link and request), none of the first
    // store's and no merchant-wide one; a key for every store reads both stores' (aged past the
    // feed's settle margin first).
    await database.db.execute(sql`update ${events} set occurred_at = occurred_at - interval '1 minute'`);
    const recorded = await database.db.select({ subjectId: events.subjectId, storeId: events.storeId, data: events.data }).from(events);
    const storeOf = new Map(recorded.map((row) => [row.subjectId, row.storeId]));
    expect([own.body.id, ownLink.body.id, ownRequest.body.id].map((id) => storeOf.get(id))).toEqual([storeB, storeB, storeB]);
    // The payload names it too, for a receiver (a link's and a request's had no store of their own).
    for (const subject of [own.body.id, ownLink.body.id, ownRequest.body.id])
      for (const row of recorded.filter((event) => event.subjectId === subject)) expect(row.data).toMatchObject({ storeId: storeB });
    expect([firstStore.body.id, merchantLink.body.id, merchantRequest.body.id].map((id) => storeOf.get(id))).toEqual([
      FIRST_STORE_ID,
      FIRST_STORE_ID,
      FIRST_STORE_ID,
    ]);
    const feedOf = async (apiKey: string) => {
      const ids: string[] = [];
      for (let after = 0, more = true; more; ) {
        const page = await api.call("GET", `/api/v1/events?after=${after}&limit=100`, { key: apiKey });
        expect(page.status).toBe(200);
        ids.push(...page.body.data.map((entry: { data: { id: string } }) => entry.data.id));
        [after, more] = [page.body.nextAfter, page.body.hasMore];
      }
      return ids;
    };
    const ownFeed = await feedOf(key);
    expect(new Set(ownFeed)).toEqual(new Set([own.body.id, ownLink.body.id, ownRequest.body.id]));
    const everyStore = await createApiKey(database.db, admin, {
      name: "ERP events, every store",
      scopes: ["events:read"],
      expiresAt: null,
    });
    const everyStoreFeed = await feedOf(everyStore.token);
    expect(everyStoreFeed).toEqual(expect.arrayContaining([own.body.id, firstStore.body.id, ownRequest.body.id, merchantRequest.body.id]));
  });
});

describe("the OpenAPI walk (every answer above was already checked against the document)", () => {
  const anyId = "00000000-0000-4000-8000-000000000000";
  const concrete = (template: string) => template.replace("{id}", anyId);

  it("answers every documented operation without a key as documented (401 with WWW-Authenticate, or the public document)", async () => {
    for (const operation of api.operations) {
      const [method, template] = operation.split(" ") as [string, string];
      const answer = await api.call(method, concrete(template));
      expect([200, 401]).toContain(answer.status);
    }
  });

  it("answers a path with malformed percent-encoding with the documented 400 on every operation (the proxy's answer)", async () => {
    for (const operation of api.operations.filter((candidate) => candidate.includes("{id}"))) {
      const [method, template] = operation.split(" ") as [string, string];
      const answer = await api.call(method, template.replace("{id}", "%E0%A4%A"), { key: keys.full.token });
      expect(answer).toMatchObject({ status: 400, body: { code: "errors.route.malformedPath" } });
    }
    expect((await api.call("GET", "/api/v1/transac%E0tions", { key: keys.full.token })).status).toBe(400);
  });

  // The general 404 and 405 as problem details come from lib/http's route wrappers (issue #46's
  // route half, another branch): until a catch-all route serves /api/v1, Next's own HTML 404 and
  // bare 405 would answer here, which the document (rightly) does not accept.
  it.runIf(hasCatchAllRoute)("answers an unknown path with the general 404 and an undocumented method with 405 and Allow", async () => {
    for (const path of ["/api/v1/nothing-here", "/api/v1/charges/x/y", "/api/v1"]) {
      expect((await api.call("GET", path, { key: keys.full.token })).status).toBe(404);
    }
    for (const operation of api.operations) {
      const [method, template] = operation.split(" ") as [string, string];
      const other = method === "GET" ? "DELETE" : "PUT";
      const answer = await api.call(other, concrete(template), { key: keys.full.token });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toContain(method);
    }
  });

  it("reached every documented operation, and every success status each one documents", () => {
    for (const operation of api.operations) {
      const [method, template] = operation.split(" ") as [string, string];
      const documented = Object.keys(api.document.paths[template][method.toLowerCase()].responses).filter((status) =>
        status.startsWith("2"),
      );
      for (const status of documented) expect(api.reached, `${operation} ${status} was never answered`).toContain(`${operation} ${status}`);
    }
  });
});
