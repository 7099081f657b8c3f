// The link's public submission route and the link actions, called directly: a same-origin
// submission answers the charge's payer page, a double submit the same one; a foreign origin, an
// unknown link, an invalid document and a closed link are refused (audited); the per-address
// limit answers 429; viewers cannot create links, finance can.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/l/[slug]/pay/route";
import { createPaymentLinkAction } from "@/lib/actions/create-payment-link-action";
import { setPaymentLinkActiveAction } from "@/lib/actions/set-payment-link-active-action";
import { auditEvents, paymentLinks, transactions } from "@/lib/db/schema";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { createWalletClient } from "@/lib/wallet/client";
import { createOperatorSession, installTestRuntime, requestState, testConfig } from "@/test/support/action-harness";
import { type RunningSandboxWallet, startSandboxWallet, testToken } from "@/test/support/sandbox-wallet";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { testWalletClientOptions, walletUnderTest } from "@/test/support/wallet-under-test";

vi.mock("@/lib/wallet/client", async (importOriginal) =>
  (await import("@/test/support/wallet-under-test")).withWalletUnderTest(await importOriginal()),
);

const appUrl = testConfig().appUrl;
let database: TestDatabase;
let sandbox: RunningSandboxWallet;
const sessions = {} as Record<"finance" | "viewer", Headers>;

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  for (const role of ["finance", "viewer"] as const) {
    const cookie = (await createOperatorSession(auth, { email: `${role}@example.com`, role })).get("cookie")!;
    sessions[role] = new Headers({ cookie, origin: appUrl });
  }
  sandbox = await startSandboxWallet();
  walletUnderTest.client = createWalletClient(testWalletClientOptions(sandbox.baseUrl, testToken));
});

afterAll(async () => {
  await sandbox?.close();
  await database?.dispose();
});

afterEach(() => {
  requestState.headers = new Headers();
});

const linkForm = (overrides: Record<string, unknown> = {}) => ({
  name: "Doações",
  description: "Doe quanto quiser",
  amountMode: "payer",
  minAmount: "5,00",
  maxAmount: "500,00",
  maxPaidCharges: "",
  endsOn: "",
  expiry: "30",
  returnUrl: "",
  inactiveMessage: "",
  ...overrides,
});

async function createLink(overrides: Record<string, unknown> = {}) {
  requestState.headers = sessions.finance;
  const result = await createPaymentLinkAction(linkForm(overrides) as never);
  if (!result.ok) throw new Error(result.error);
  const [link] = await database.db.select().from(paymentLinks).where(eq(paymentLinks.id, result.data.id));
  return link!;
}

let address = 0;
function submit(slug: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const request = new Request(`${appUrl}/l/${slug}/pay`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl, "x-forwarded-for": `198.51.100.${++address % 250}`, ...headers },
    body: JSON.stringify(body),
  });
  return POST(request, { params: Promise.resolve({ slug }) });
}

const payer = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  payerName: "Ana Pagadora",
  payerEmail: "ana@example.com",
  payerDocument: "529.982.247-25",
  amount: "25,00",
  ...overrides,
});

describe("payment link actions", () => {
  it("lets finance create a link and refuses a viewer (audited)", async () => {
    const link = await createLink();
    expect(link).toMatchObject({ name: "Doações", amountCents: null, minAmountCents: 500, maxAmountCents: 50_000, active: true });
    expect(link.slug).toMatch(/^[a-z2-9]{8}$/);
    requestState.headers = sessions.viewer;
    expect(await createPaymentLinkAction(linkForm() as never)).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await setPaymentLinkActiveAction({ id: link.id, active: false })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    const refused = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "payment_link.create"), eq(auditEvents.outcome, "refused")));
    expect(refused.length).toBeGreaterThan(0);
  });

  it("refuses a maximum below the minimum on its field", async () => {
    requestState.headers = sessions.finance;
    const result = await createPaymentLinkAction(linkForm({ minAmount: "50,00", maxAmount: "10,00" }) as never);
    expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT", fieldErrors: { maxAmount: [expect.any(String)] } });
  });
});

describe("POST /l/<slug>/pay", () => {
  it("creates one charge per submission and answers its payer page; a double submit answers the same", async () => {
    const link = await createLink();
    const body = payer();
    const first = await submit(link.slug, body);
    expect(first.status).toBe(201);
    const { next } = (await first.json()) as { next: string };
    const again = await submit(link.slug, body);
    expect(((await again.json()) as { next: string }).next).toBe(next);
    const rows = await database.db.select().from(transactions).where(eq(transactions.paymentLinkId, link.id));
    expect(rows).toHaveLength(1);
    expect(next).toBe(`/pay/${rows[0]!.payerDisplayToken}`);
    expect(rows[0]).toMatchObject({ amountCents: 2500, payerDocument: "52998224725" });
  });

  it("refuses another origin, an unknown link, an invalid document and an amount out of range", async () => {
    const link = await createLink();
    expect((await submit(link.slug, payer(), { origin: "https://evil.example" })).status).toBe(403);
    expect((await submit("zzzzzzzz", payer())).status).toBe(404);
    const invalid = await submit(link.slug, payer({ payerDocument: "111.111.111-11" }));
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as { errors: { path: string }[] }).errors.map((error) => error.path)).toContain("payerDocument");
    const outOfRange = await submit(link.slug, payer({ amount: "1,00" }));
    expect(outOfRange.status).toBe(422);
    expect(((await outOfRange.json()) as { errors: { path: string; code: string }[] }).errors[0]).toMatchObject({
      path: "amount",
      code: "errors.paymentLinks.amountOutOfRange",
    });
    expect(await database.db.select().from(transactions).where(eq(transactions.paymentLinkId, link.id))).toHaveLength(0);
  });

  it("refuses charges on an inactive link with its message", async () => {
    const link = await createLink({ inactiveMessage: "Voltamos em breve" });
    requestState.headers = sessions.finance;
    expect(await setPaymentLinkActiveAction({ id: link.id, active: false })).toMatchObject({ ok: true });
    const refused = await submit(link.slug, payer());
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toBe("Voltamos em breve");
  });

  it("answers 429 past the per-address submission limit", async () => {
    const link = await createLink({ amountMode: "fixed", amount: "10,00" });
    const headers = { "x-forwarded-for": "203.0.113.77" };
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimitRules.paymentLinkSubmitPerAddress.limit; i++)
      statuses.push((await submit(link.slug, payer({ payerDocument: "bad" }), headers)).status);
    expect(statuses.slice(0, -1).every((status) => status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
