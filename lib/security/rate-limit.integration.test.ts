// The shared rate limiter on every endpoint anyone can call, in-process with real sessions and the
// real database (PGlite, and PostgreSQL with two separate connection pools as two "instances"):
// display pairing (Origin, per address and per network, no pause for everyone: a flood of wrong
// codes from elsewhere does not stop a genuine pairing; the audit table's growth under 10,000 guesses), the callback receiver's unknown tokens, the payer status route, wrong
// sign-in codes per address and per account, and first-admin setup.
import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { completeSetupAction } from "@/lib/actions/complete-setup-action";
import { verifySignInCodeAction } from "@/lib/actions/verify-sign-in-code-action";
import { transactionCallbackUrl } from "@/lib/callbacks/callback-url";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import { receiveWithinLimits } from "@/lib/callbacks/receiver-route";
import type { AppConfig } from "@/lib/config";
import { type Database, driverOf, openDatabase } from "@/lib/db/client";
import { auditEvents, counters, rateLimitCounters, transactions } from "@/lib/db/schema";
import { handlePairRequest } from "@/lib/displays/pair-request";
import { issuePairingCode } from "@/lib/displays/pairing";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { GET as payerStatus } from "@/app/pay/[token]/status/route";
import { installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let config: AppConfig;
let counterId = "";

beforeAll(async () => {
  database = await openTestDatabase();
  ({ config } = installTestRuntime(database));
  const [counter] = await database.db
    .insert(counters)
    .values({
      name: "Caixa 1",
      defaultPayerName: "Consumidor Final",
      defaultPayerEmail: "caixa@loja.example",
      defaultPayerDocument: "11222333000181",
    })
    .returning({ id: counters.id });
  counterId = counter!.id;
});
afterAll(async () => {
  await database?.dispose();
});
// Windows are fixed and aligned to the epoch: each test starts at the next half-hour, where every
// rule's window (1, 10 or 15 minutes) begins afresh, so no test inherits another's counts or has a
// window end in its middle. Only Date is faked, and it keeps running (TOTP and sessions agree with it).
const halfHour = 30 * 60_000;
let testStartsAt = Date.now();
beforeEach(() => {
  testStartsAt = (Math.floor(Math.max(testStartsAt, Date.now()) / halfHour) + 1) * halfHour + 1_000;
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(testStartsAt);
});
afterEach(() => {
  vi.useRealTimers();
});

async function auditRowCount(db: Database = database.db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(auditEvents);
  return row!.value;
}

function pairRequest(code: string, address: string, origin: string | null = new URL(config.appUrl).origin): Request {
  return new Request(`${config.appUrl}/api/display/pair`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address, ...(origin ? { origin } : {}) },
    body: JSON.stringify({ code }),
  });
}

const wrongCode = "ZZZZ-ZZZZ-ZZZZ"; // never issued: the tests issue random codes, and one equal to this is a 1-in-5.3e17 chance

async function newCode(): Promise<string> {
  return (await issuePairingCode(database.db, counterId, { id: "admin-id", email: "admin@example.com" })).code;
}

function expectRateLimited(response: Response, messageKey: string, windowSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  return expect(response.json()).resolves.toMatchObject({
    status: 429,
    code: messageKey,
    detail: expect.stringContaining(String(retryAfter)),
  });
}

describe("display pairing", () => {
  it("refuses a request without an Origin, or from another origin, with 403", async () => {
    expect((await handlePairRequest(database.db, config, pairRequest(await newCode(), "198.51.100.1", null))).status).toBe(403);
    expect(
      (await handlePairRequest(database.db, config, pairRequest(await newCode(), "198.51.100.1", "https://evil.example"))).status,
    ).toBe(403);
  });

  it("pairs with a genuine code under the limit, without an audit row per wrong guess", async () => {
    const before = await auditRowCount();
    for (let guess = 0; guess < 5; guess++)
      expect((await handlePairRequest(database.db, config, pairRequest(wrongCode, "198.51.100.2"))).status).toBe(400);
    expect(await auditRowCount()).toBe(before);
    const paired = await handlePairRequest(database.db, config, pairRequest(await newCode(), "198.51.100.2"));
    expect(paired.status).toBe(200);
    expect(paired.headers.getSetCookie().join()).toMatch(/display/i);
  });

  it("refuses an address's tries beyond its limit with 429 and Retry-After, a right code included, and audits it once", async () => {
    const { limit, windowMs } = rateLimitRules.displayPairPerAddress;
    for (let guess = 0; guess < limit; guess++)
      expect((await handlePairRequest(database.db, config, pairRequest(wrongCode, "198.51.100.3"))).status).toBe(400);
    const rightCode = await newCode();
    const before = await auditRowCount();
    await expectRateLimited(
      await handlePairRequest(database.db, config, pairRequest(wrongCode, "198.51.100.3")),
      "errors.rateLimit.address",
      windowMs / 1000,
    );
    await expectRateLimited(
      await handlePairRequest(database.db, config, pairRequest(rightCode, "198.51.100.3")),
      "errors.rateLimit.address",
      windowMs / 1000,
    );
    const audited = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "rate_limit.exceeded"));
    expect(await auditRowCount()).toBe(before + 1);
    expect(audited.at(-1)?.details).toMatchObject({ rule: "display_pair.address", key: "198.51.100.3", limit, count: limit + 1 });
    // Another address is not affected.
    expect((await handlePairRequest(database.db, config, pairRequest(await newCode(), "198.51.100.4"))).status).toBe(200);
  });

  it.skipIf(process.env.TEST_DB_KIND !== "postgres")(
    "holds across two instances: two connection pools to the same PostgreSQL database share the limit",
    async () => {
      // PGlite is one process's embedded database: it has no second instance to share with.
      const driver = driverOf(database.db);
      if (driver.kind !== "postgres") throw new Error("expected PostgreSQL");
      const second = await openDatabase({ kind: "postgres", url: driver.pool.options.connectionString!, connectTimeoutMs: 5_000 });
      try {
        const { limit, windowMs } = rateLimitRules.displayPairPerAddress;
        const instances = [database.db, second.db];
        for (let guess = 0; guess < limit; guess++)
          expect((await handlePairRequest(instances[guess % 2]!, config, pairRequest(wrongCode, "198.51.100.5"))).status).toBe(400);
        for (const db of instances)
          await expectRateLimited(
            await handlePairRequest(db, config, pairRequest(wrongCode, "198.51.100.5")),
            "errors.rateLimit.address",
            windowMs / 1000,
          );
      } finally {
        await second.close();
      }
    },
  );

  it("lets a fresh address pair while 600 wrong codes come from other addresses and networks: no pause for everyone", async () => {
    // Each address stays under its limit and each /24 under its own (5 addresses of 10 tries): only
    // a limit for everyone together could stop them, and there is none (the old cap was 500).
    const statuses = new Map<number, number>();
    const before = await auditRowCount();
    for (let guess = 0; guess < 600; guess++) {
      const addressIndex = Math.floor(guess / 10);
      const address = `10.2.${Math.floor(addressIndex / 5)}.${addressIndex % 5}`;
      const { status } = await handlePairRequest(database.db, config, pairRequest(wrongCode, address));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 400: 600 });
    expect(await auditRowCount()).toBe(before);
    const paired = await handlePairRequest(database.db, config, pairRequest(await newCode(), "198.51.100.6"));
    expect(paired.status).toBe(200);
    expect(paired.headers.getSetCookie().join()).toMatch(/display/i);
  });

  it("throttles one network (a /24 here) whatever its addresses, audits it once under 10,000 guesses, and leaves other networks alone", async () => {
    const { limit, windowMs } = rateLimitRules.displayPairPerNetwork;
    const before = await auditRowCount();
    const statuses = new Map<number, number>();
    const guesses = 10_000;
    // 200 addresses of one /24 in turn: none reaches its own limit before the network's is spent.
    // One after another: concurrent guesses could all pass before any is counted.
    for (let guess = 0; guess < guesses; guess++) {
      const { status } = await handlePairRequest(database.db, config, pairRequest(wrongCode, `10.3.7.${guess % 200}`));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(statuses.get(400)).toBe(limit);
    expect(statuses.get(429)).toBe(guesses - limit);
    // One audit row: the network's limit crossed (no per-guess row, no per-address crossing).
    expect((await auditRowCount()) - before).toBe(1);
    const [audited] = await database.db.select().from(auditEvents).where(sql`${auditEvents.details}->>'rule' = 'display_pair.network'`);
    expect(audited?.details).toMatchObject({ key: "10.3.7.0/24", limit, count: limit + 1 });
    // A right code from a new address of that network waits for the window too; another network pairs.
    await expectRateLimited(
      await handlePairRequest(database.db, config, pairRequest(await newCode(), "10.3.7.250")),
      "errors.rateLimit.address",
      windowMs / 1000,
    );
    expect((await handlePairRequest(database.db, config, pairRequest(await newCode(), "10.3.8.1"))).status).toBe(200);
  });

  it("throttles an IPv6 caller by its /64, however many of its addresses it uses", async () => {
    const { limit } = rateLimitRules.displayPairPerNetwork;
    for (let guess = 0; guess < limit; guess++)
      expect((await handlePairRequest(database.db, config, pairRequest(wrongCode, `2001:db8:5:6::${guess.toString(16)}`))).status).toBe(
        400,
      );
    expect((await handlePairRequest(database.db, config, pairRequest(wrongCode, "2001:db8:5:6:ffff::1"))).status).toBe(429);
    expect((await handlePairRequest(database.db, config, pairRequest(await newCode(), "2001:db8:5:7::1"))).status).toBe(200);
  });
});

describe("callback receiver", () => {
  const receiverConfig = () => ({ ...config, receiverConcurrency: 0 });

  function delivery(path: string, address: string, body: unknown) {
    return new Request(`${config.appUrl}${callbackReceiverPathPrefix}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify(body),
    });
  }

  it("limits unknown tokens per address, and still accepts a valid delivery from that address", async () => {
    const [charge] = await database.db
      .insert(transactions)
      .values({
        kind: "CASH_IN",
        creationState: "created",
        walletTransactionId: randomUUID(),
        status: "PENDING",
        amountCents: 1050,
        payerDocument: "52998224725",
        idempotencyKey: randomUUID(),
      })
      .returning({ id: transactions.id, walletId: transactions.walletTransactionId });
    const forged = { transactionId: charge!.id, token: "A".repeat(43) };
    const { limit, windowMs } = rateLimitRules.callbackRefusedPerAddress;
    for (let attempt = 0; attempt < limit; attempt++)
      expect((await receiveWithinLimits(database.db, receiverConfig(), delivery("x", "203.0.113.9", {}), forged)).status).toBe(404);
    const limited = await receiveWithinLimits(database.db, receiverConfig(), delivery("x", "203.0.113.9", {}), { legacySecret: "guess" });
    expect(limited.headers.get("x-content-type-options")).toBe("nosniff");
    await expectRateLimited(limited, "errors.rateLimit.address", windowMs / 1000);

    const url = new URL(transactionCallbackUrl(config, charge!.id));
    const [transactionId, token] = url.pathname.slice(callbackReceiverPathPrefix.length).split("/");
    const snapshot = {
      id: charge!.walletId,
      value: 1050,
      tax: 10.4,
      callbackUrl: "http://x/cb",
      description: "PIX",
      operation: "CASHIN",
      status: "SUCCEED",
      metadata: {},
      externalReference: null,
      createdAt: new Date().toISOString(),
      payer: { name: "Ana", email: "ana@example.com", document: "529.982.247-25" },
    };
    const accepted = await receiveWithinLimits(database.db, receiverConfig(), delivery("x", "203.0.113.9", snapshot), {
      transactionId: transactionId!,
      token: token!,
    });
    expect(accepted.status).toBe(200);
    const [row] = await database.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, charge!.id));
    expect(row?.status).toBe("SUCCEED");
  });
});

describe("payer pages", () => {
  it("limits the payer status route per address beyond a limit a polling payer never reaches", async () => {
    const { limit, windowMs } = rateLimitRules.payerPerAddress;
    const token = "t".repeat(32); // well formed, unknown: 404 until the limit
    const poll = (address: string) =>
      payerStatus(new Request(`${config.appUrl}/pay/${token}/status`, { headers: { "x-forwarded-for": address } }), {
        params: Promise.resolve({ token }),
      });
    // The limit is generous (hundreds a minute): the address's counter starts one short of it
    // instead of sending them all; the pairing tests show the counting itself.
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    await database.db.insert(rateLimitCounters).values({
      bucket: `${rateLimitRules.payerPerAddress.name}:192.0.2.10`,
      windowStart,
      hits: limit - 1,
      expiresAt: new Date(windowStart.getTime() + windowMs),
    });
    expect((await poll("192.0.2.10")).status).toBe(404);
    await expectRateLimited(await poll("192.0.2.10"), "errors.rateLimit.address", windowMs / 1000);
    expect((await poll("192.0.2.11")).status).toBe(404);
  });
});

describe("sign-in code verification", () => {
  async function verify(headers: Headers, code: string) {
    requestState.headers = headers;
    try {
      return await verifySignInCodeAction({ method: "totp", code });
    } catch (error) {
      if ((error as { digest?: string }).digest?.startsWith("NEXT_REDIRECT")) return "signed in";
      throw error;
    }
  }

  it("refuses wrong codes per address beyond the limit, even without a pending sign-in", async () => {
    const { limit } = rateLimitRules.signInCodeFailuresPerAddress;
    const before = await auditRowCount();
    for (let attempt = 0; attempt < limit; attempt++)
      expect(await verify(new Headers({ "x-forwarded-for": "192.0.2.20" }), "123456")).toMatchObject({ ok: false, code: "FORBIDDEN" });
    // Anonymous guesses (no account) write no audit row each; reaching the limit writes one.
    expect((await auditRowCount()) - before).toBe(1);
    expect(await verify(new Headers({ "x-forwarded-for": "192.0.2.20" }), "123456")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^errors\.rateLimit\.address\?seconds=\d+$/),
    });
  });
});

describe("first-admin setup", () => {
  it("refuses an address's tries beyond the limit", async () => {
    const { limit } = rateLimitRules.setupPerAddress;
    const attempt = () => {
      requestState.headers = new Headers({ "x-forwarded-for": "192.0.2.40" });
      return completeSetupAction({ name: "", email: "not an email", password: "short", confirmPassword: "short" } as never);
    };
    for (let tries = 0; tries < limit; tries++) expect(await attempt()).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(await attempt()).toMatchObject({ ok: false, error: expect.stringMatching(/^errors\.rateLimit\.address\?seconds=\d+$/) });
  });
});
