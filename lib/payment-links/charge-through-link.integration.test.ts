// A payment link's submissions against the real sandbox wallet over HTTP, on PGlite and PostgreSQL:
// concurrent submissions are admitted one after the other under the link's lock (exactly the
// pending cap's worth of charges, none twice), a double submission makes one charge, the limit of
// paid charges and the link's switches refuse new charges, and every outcome is audited.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countLedgerRows, listLedgerPage } from "@/lib/db/queries/ledger";
import { findPaymentLinkWithFigures } from "@/lib/db/queries/payment-links";
import { auditEvents, paymentLinks, transactions } from "@/lib/db/schema";
import { parseLedgerQuery } from "@/lib/schemas/ledger-filters";
import type { PaymentLinkRecord } from "@/lib/db/schema/payment-links";
import { chargeThroughLink } from "@/lib/payment-links/charge-through-link";
import { createPaymentLink, switchPaymentLink } from "@/lib/payment-links/manage-payment-links";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import { testConfig } from "@/test/support/action-harness";
import { type RunningSandboxWallet, startSandboxWallet, testToken } from "@/test/support/sandbox-wallet";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { testWalletClientOptions } from "@/test/support/wallet-under-test";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

const config = testConfig();
const operator = { id: "operator-1", email: "finance@example.com" };
let database: TestDatabase;
let sandbox: RunningSandboxWallet;
let wallet: WalletClient;

beforeAll(async () => {
  database = await openTestDatabase();
  sandbox = await startSandboxWallet();
  wallet = createWalletClient(testWalletClientOptions(sandbox.baseUrl, testToken));
});

afterAll(async () => {
  await sandbox?.close();
  await database?.dispose();
});

async function newLink(overrides: Partial<Parameters<typeof createPaymentLink>[3]> = {}): Promise<PaymentLinkRecord> {
  const result = await createPaymentLink(database.db, config, operator, {
    name: "Doações",
    description: "Doe quanto quiser",
    amountCents: null,
    minAmountCents: 500,
    maxAmountCents: 100_000,
    maxPaidCharges: null,
    endsAt: null,
    chargeExpiryMinutes: 30,
    returnUrl: null,
    inactiveMessage: null,
    ...overrides,
  });
  if (!result.ok) throw new Error(result.error);
  return result.link;
}

const submission = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  payerName: "Ana Pagadora",
  payerEmail: "ana@example.com",
  payerDocument: "52998224725",
  amount: "12,34",
  ...overrides,
});

const chargesOf = (linkId: string) => database.db.select().from(transactions).where(eq(transactions.paymentLinkId, linkId));

describe("chargeThroughLink", () => {
  it("admits exactly the pending cap's worth of 50 concurrent submissions, none twice", async () => {
    const link = await newLink();
    const pendingCap = 20;
    const submissions = Array.from({ length: 50 }, () => submission());
    const outcomes = await Promise.all(
      submissions.map((one) => chargeThroughLink({ db: database.db, config, wallet, pendingCap }, link, one)),
    );
    const admitted = outcomes.filter((outcome) => outcome.ok);
    expect(admitted).toHaveLength(pendingCap);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === "busy")).toHaveLength(50 - pendingCap);
    const rows = await chargesOf(link.id);
    expect(rows).toHaveLength(pendingCap);
    expect(rows.every((row) => row.creationState === "created" && row.status === "PENDING" && row.amountCents === 1234)).toBe(true);
    // One row per admitted submission, and each admitted answer names its own row.
    expect(new Set(rows.map((row) => row.idempotencyKey)).size).toBe(pendingCap);
    expect(new Set(admitted.map((outcome) => outcome.ok && outcome.transactionId))).toEqual(new Set(rows.map((row) => row.id)));
    expect(new Set(rows.map((row) => row.walletTransactionId)).size).toBe(pendingCap);
    const refused = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "payment_link.charge"), eq(auditEvents.outcome, "refused"), eq(auditEvents.targetId, link.id)));
    expect(refused).toHaveLength(50 - pendingCap);
    expect(refused.every((row) => (row.details as { reason: string }).reason === "busy")).toBe(true);
  });

  it("makes one charge of a double submission (concurrent and repeated)", async () => {
    const link = await newLink();
    const same = submission();
    const [first, second] = await Promise.all([
      chargeThroughLink({ db: database.db, config, wallet }, link, same),
      chargeThroughLink({ db: database.db, config, wallet }, link, same),
    ]);
    const third = await chargeThroughLink({ db: database.db, config, wallet }, link, same);
    expect(third).toMatchObject({ ok: true, replayed: true });
    const rows = await chargesOf(link.id);
    expect(rows).toHaveLength(1);
    for (const outcome of [first, second, third]) {
      // The tap that lost the race may find the first still being created (the page asks again).
      if (outcome.ok) expect(outcome.transactionId).toBe(rows[0]!.id);
      else expect(outcome.reason).toBe("in_progress");
    }
    expect(third.ok && third.payerDisplayToken).toBe(rows[0]!.payerDisplayToken);
  });

  it("checks the payer's amount against the link's range and charges a fixed link its price", async () => {
    const link = await newLink();
    expect(await chargeThroughLink({ db: database.db, config, wallet }, link, submission({ amount: "4,99" }))).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { amount: [expect.stringContaining("errors.paymentLinks.amountOutOfRange")] },
    });
    expect(await chargeThroughLink({ db: database.db, config, wallet }, link, submission({ amount: "1.000,01" }))).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    const fixed = await newLink({ amountCents: 2500, minAmountCents: null, maxAmountCents: null });
    const outcome = await chargeThroughLink({ db: database.db, config, wallet }, fixed, submission({ amount: "1,00" }));
    expect(outcome.ok).toBe(true);
    const [row] = await chargesOf(fixed.id);
    expect(row).toMatchObject({ amountCents: 2500, invoiceDescription: "Doe quanto quiser", createdByUserId: `payment_link:${fixed.id}` });
    expect(await chargesOf(link.id)).toHaveLength(0);
  });

  it("closes the link when its limit of paid charges is reached, and never admits more payable charges than the limit leaves", async () => {
    const link = await newLink({ maxPaidCharges: 2 });
    const deps = { db: database.db, config, wallet };
    const a = await chargeThroughLink(deps, link, submission());
    const b = await chargeThroughLink(deps, link, submission());
    expect(a.ok && b.ok).toBe(true);
    // Two payable charges for a limit of two: a third would let the limit be overshot.
    expect(await chargeThroughLink(deps, link, submission())).toEqual({ ok: false, reason: "busy" });
    // One is paid, the other expires: one more is admitted.
    if (!a.ok || !b.ok) return;
    await database.db.update(transactions).set({ status: "SUCCEED" }).where(eq(transactions.id, a.transactionId));
    await database.db.update(transactions).set({ status: "CANCELED" }).where(eq(transactions.id, b.transactionId));
    const c = await chargeThroughLink(deps, link, submission());
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    await database.db.update(transactions).set({ status: "SUCCEED" }).where(eq(transactions.id, c.transactionId));
    expect(await chargeThroughLink(deps, link, submission())).toEqual({ ok: false, reason: "limit_reached" });
    expect(await chargesOf(link.id)).toHaveLength(3);
  });

  it("refuses new charges on an inactive or ended link, and counts an expired charge as no longer pending", async () => {
    const deps = { db: database.db, config, wallet };
    const link = await newLink();
    await switchPaymentLink(database.db, operator, link.id, false, merchantWideScope());
    expect(await chargeThroughLink(deps, link, submission())).toEqual({ ok: false, reason: "inactive" });
    await switchPaymentLink(database.db, operator, link.id, true, merchantWideScope());
    expect((await chargeThroughLink({ ...deps, pendingCap: 1 }, link, submission())).ok).toBe(true);
    expect(await chargeThroughLink({ ...deps, pendingCap: 1 }, link, submission())).toEqual({ ok: false, reason: "busy" });
    await database.db
      .update(transactions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(transactions.paymentLinkId, link.id));
    expect((await chargeThroughLink({ ...deps, pendingCap: 1 }, link, submission())).ok).toBe(true);
    await database.db
      .update(paymentLinks)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(paymentLinks.id, link.id));
    expect(await chargeThroughLink(deps, link, submission())).toEqual({ ok: false, reason: "ended" });
  });

  it("lists a link's charges in the ledger (filter ?link=) and counts its figures from the ledger", async () => {
    const deps = { db: database.db, config, wallet };
    const link = await newLink();
    const other = await newLink();
    const paid = await chargeThroughLink(deps, link, submission({ amount: "20,00" }));
    await chargeThroughLink(deps, link, submission({ amount: "7,50" }));
    await chargeThroughLink(deps, other, submission());
    if (!paid.ok) throw new Error("not admitted");
    await database.db.update(transactions).set({ status: "SUCCEED" }).where(eq(transactions.id, paid.transactionId));
    const { filters } = parseLedgerQuery({ link: link.id.toUpperCase() });
    expect(filters.paymentLinkId).toBe(link.id);
    const page = await listLedgerPage(database.db, merchantWideScope(), filters);
    expect(page.rows.map((row) => row.amountCents).sort()).toEqual([2000, 750].sort());
    expect(await countLedgerRows(database.db, merchantWideScope(), filters)).toEqual({ count: 2, capped: false });
    expect(parseLedgerQuery({ link: "not-a-uuid" }).errors.link).toBeDefined();
    expect(await findPaymentLinkWithFigures(database.db, merchantWideScope(), link.id)).toMatchObject({
      charges: 2,
      paid: 1,
      receivedCents: 2000,
    });
  });

  it("refuses a return URL the outbound guard refuses, and audits it", async () => {
    const result = await createPaymentLink(database.db, config, operator, {
      name: "Interna",
      description: null,
      amountCents: 1000,
      minAmountCents: null,
      maxAmountCents: null,
      maxPaidCharges: null,
      endsAt: null,
      chargeExpiryMinutes: 30,
      returnUrl: "http://169.254.169.254/latest",
      inactiveMessage: null,
    });
    expect(result).toMatchObject({ ok: false, fieldErrors: { returnUrl: [expect.any(String)] } });
  });
});
