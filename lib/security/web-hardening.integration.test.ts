// Strict origins and the SSRF guard at the action level, called directly as an attacker would:
// a forged Origin with a matching X-Forwarded-Host (which Next's own check trusts) is refused by
// every state-changing action, and URLs the wallet would request on our behalf are checked first.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeOperatorRoleAction } from "@/lib/actions/change-operator-role-action";
import { createCashInAction } from "@/lib/actions/create-cash-in-action";
import { createCashOutAction } from "@/lib/actions/create-cash-out-action";
import { createOperatorAction } from "@/lib/actions/create-operator-action";
import { resendCallbackAction } from "@/lib/actions/resend-callback-action";
import { signInAction } from "@/lib/actions/sign-in-action";
import { simulatePaymentAction } from "@/lib/actions/simulate-payment-action";
import { parseConfig } from "@/lib/config";
import { refuseForeignOriginRequest } from "@/lib/security/request-origin";
import { auditEvents, transactions, user } from "@/lib/db/schema";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

const appUrl = "http://localhost:3999";
let database: TestDatabase;
let adminCookie: string;

function testConfig(extra: Record<string, string> = {}) {
  return parseConfig({
    APP_URL: appUrl,
    BETTER_AUTH_SECRET: "test-auth-secret-0123456789abcdef0123456789",
    CALLBACK_SECRET: "test-callback-secret-0123456789abcdef012345",
    WALLET_API_TOKEN: "test-wallet-token-0123456789",
    ...extra,
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database, testConfig());
  adminCookie = (
    await createOperatorSession(auth, { email: "admin@example.com", role: "admin", password: "admin password long enough" })
  ).get("cookie")!;
});
afterAll(async () => {
  await database.dispose();
});

const forged = () => ({
  cookie: adminCookie,
  origin: "http://evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "http",
});

const cashInInput = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  amount: "10,50",
  payerName: "Maria Silva",
  payerEmail: "maria@example.com",
  payerDocument: "529.982.247-25",
  expiry: "30",
  metadata: [],
  ...overrides,
});

async function refusalsFor(action: string) {
  return (await database.db.select().from(auditEvents).where(eq(auditEvents.action, action))).filter(
    (event) => event.outcome === "refused",
  );
}

describe("strict origins", () => {
  const actions: [string, () => Promise<{ ok: boolean; code?: string }>][] = [
    [
      "create operator",
      () => createOperatorAction({ name: "Evil", email: "evil@example.com", password: "a long enough password", role: "admin" }),
    ],
    ["change role", () => changeOperatorRoleAction({ userId: "someone", role: "admin" })],
    ["cash-in", () => createCashInAction(cashInInput() as never)],
    [
      "cash-out",
      () =>
        createCashOutAction({
          idempotencyKey: randomUUID(),
          amount: "1,00",
          pixKey: { type: "EMAIL", key: "a@b.com" },
          metadata: [],
          externalReference: "",
        } as never),
    ],
    ["simulate payment", () => simulatePaymentAction({ transactionId: randomUUID() })],
    ["resend callback", () => resendCallbackAction({ walletTransactionId: "w-1" })],
  ];

  it.each(actions)("refuses %s with an admin cookie, a forged Origin and a matching X-Forwarded-Host", async (_name, call) => {
    requestState.headers = new Headers(forged());
    const result = await call();
    expect(result).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect((result as unknown as { error: string }).error).toMatch(/did not come from the dashboard's own pages/);
  });

  it("changed nothing and audited each refusal", async () => {
    expect(await database.db.select().from(user).where(eq(user.email, "evil@example.com"))).toHaveLength(0);
    expect(await database.db.select().from(transactions)).toHaveLength(0);
    const refusals = (await database.db.select().from(auditEvents)).filter(
      (event) => event.outcome === "refused" && (event.details as { reason?: string }).reason === "origin",
    );
    expect(refusals.map((event) => event.action).sort()).toEqual(
      [
        "cash_in.create",
        "cash_out.create",
        "operator.change_role",
        "operator.create",
        "sandbox.resend_callback",
        "sandbox.simulate_payment",
      ].sort(),
    );
  });

  it("refuses a cross-site request without Origin (Sec-Fetch-Site), and one with neither header", async () => {
    requestState.headers = new Headers({ cookie: adminCookie, "sec-fetch-site": "cross-site" });
    expect(await simulatePaymentAction({ transactionId: randomUUID() })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    requestState.headers = new Headers({ cookie: adminCookie, "sec-fetch-site": "same-site" });
    expect(await simulatePaymentAction({ transactionId: randomUUID() })).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });

  it("accepts the dashboard's own origin (the action then runs and answers for itself)", async () => {
    requestState.headers = new Headers({ cookie: adminCookie, origin: appUrl });
    expect(await simulatePaymentAction({ transactionId: randomUUID() })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
  });

  it("refuses the sign-in from another origin, before checking any password", async () => {
    requestState.headers = new Headers({ origin: "http://evil.example", "x-forwarded-host": "evil.example" });
    const result = await signInAction({ email: "admin@example.com", password: "admin password long enough" });
    expect(result).toMatchObject({ ok: false, code: "FORBIDDEN", error: expect.stringMatching(/did not come from the dashboard/) });
    expect(await refusalsFor("auth.sign_in")).toHaveLength(1);
  });

  it("gives route handlers the same check: 403 for a forged origin, nothing for our own", async () => {
    const forgedRequest = new Request(`${appUrl}/api/upload`, {
      method: "POST",
      headers: { origin: "http://evil.example", "x-forwarded-host": "evil.example" },
    });
    expect((await refuseForeignOriginRequest(forgedRequest, "payout_batch.check"))?.status).toBe(403);
    expect(
      await refuseForeignOriginRequest(
        new Request(`${appUrl}/api/upload`, { method: "POST", headers: { origin: appUrl } }),
        "payout_batch.check",
      ),
    ).toBeUndefined();
    expect(await refusalsFor("payout_batch.check")).toHaveLength(1);
  });

  it("trusts X-Forwarded-Host only with TRUST_PROXY", async () => {
    installTestRuntime(database, testConfig({ TRUST_PROXY: "true" }));
    try {
      requestState.headers = new Headers({
        cookie: adminCookie,
        origin: "https://dashboard.example",
        "x-forwarded-host": "dashboard.example",
        "x-forwarded-proto": "https",
      });
      expect(await simulatePaymentAction({ transactionId: randomUUID() })).toMatchObject({ code: "INVALID_INPUT" });
      requestState.headers = new Headers({
        cookie: adminCookie,
        origin: "https://dashboard.example",
        "x-forwarded-host": "other.example",
        "x-forwarded-proto": "https",
      });
      expect(await simulatePaymentAction({ transactionId: randomUUID() })).toMatchObject({ code: "FORBIDDEN" });
    } finally {
      installTestRuntime(database, testConfig());
    }
  });
});

describe("URLs the wallet will request on our behalf", () => {
  it.each([
    "http://127.0.0.1:3999/",
    "http://169.254.169.254/latest/meta-data/",
    "http://2130706433/",
    "http://[::1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://localhost:8080/",
  ])("refuses a resend to %s, says why in the operator's language, and audits it", async (newCallbackUrl) => {
    requestState.headers = new Headers({ cookie: adminCookie, origin: appUrl });
    requestState.cookies.set("locale", "pt-BR");
    try {
      const result = await resendCallbackAction({ walletTransactionId: "w-1", newCallbackUrl });
      expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT" });
      expect((result as { error: string }).error).toMatch(/^Esta URL foi recusada: .* é ou aponta para .*, um endereço interno/);
    } finally {
      requestState.cookies.delete("locale");
    }
    const [latest] = (await refusalsFor("sandbox.resend_callback"))
      .filter((event) => (event.details as { reason?: string }).reason === "outbound_url")
      .slice(-1);
    expect(latest!.details).toMatchObject({ reason: "outbound_url", code: "internal_address", host: new URL(newCallbackUrl).host });
  });

  it("still attempts a resend to a public-looking URL (the wallet is asked; here it is not running)", async () => {
    requestState.headers = new Headers({ cookie: adminCookie, origin: appUrl });
    const result = await resendCallbackAction({ walletTransactionId: "w-1", newCallbackUrl: "https://callbacks.merchant.invalid/hook" });
    expect(result).toMatchObject({ ok: false, code: "FAILED" });
    const failures = (await database.db.select().from(auditEvents).where(eq(auditEvents.action, "sandbox.resend_callback"))).filter(
      (event) => event.outcome === "failure",
    );
    expect(failures).toHaveLength(1);
  });

  it("refuses a cash-in whose callback override is internal, in English by default, and creates nothing", async () => {
    requestState.headers = new Headers({ cookie: adminCookie, origin: appUrl });
    const result = await createCashInAction(cashInInput({ customCallbackUrl: "http://169.254.169.254/latest/meta-data/" }) as never);
    expect(result).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      fieldErrors: { customCallbackUrl: [expect.stringMatching(/169\.254\.169\.254, an internal address/)] },
    });
    expect(await database.db.select().from(transactions)).toHaveLength(0);
    const refusals = (await refusalsFor("cash_in.create")).filter(
      (event) => (event.details as { reason?: string }).reason === "outbound_url",
    );
    expect(refusals).toHaveLength(1);
  });

  it("allows internal callback URLs when OUTBOUND_ALLOW_PRIVATE_ADDRESSES is on (local development, tests)", async () => {
    installTestRuntime(database, testConfig({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true" }));
    try {
      requestState.headers = new Headers({ cookie: adminCookie, origin: appUrl });
      // Passes the guard and reaches the wallet call (the wallet is not running here).
      expect(await resendCallbackAction({ walletTransactionId: "w-1", newCallbackUrl: "http://127.0.0.1:9/" })).toMatchObject({
        ok: false,
        code: "FAILED",
      });
    } finally {
      installTestRuntime(database, testConfig());
    }
  });
});
