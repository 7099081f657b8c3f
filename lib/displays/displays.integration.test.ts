// Counters and their displays, end to end on the server: pairing with a one-time code, the display
// session that can read only its counter's current charge and is refused by every operator page and
// action, revocation, and the live events a display stream waits for (NOTIFY, on PGlite and
// PostgreSQL), with a real quick charge against the sandbox wallet over HTTP.
import { inEnglish } from "@/test/support/in-english";
import { readdirSync } from "node:fs";
import path from "node:path";
import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCounterAction } from "@/lib/actions/create-counter-action";
import { createPairingCodeAction } from "@/lib/actions/create-pairing-code-action";
import { createQuickChargeAction } from "@/lib/actions/create-quick-charge-action";
import { revokeDisplayDeviceAction } from "@/lib/actions/revoke-display-device-action";
import { requirePageOperator } from "@/lib/auth/session";
import { applyCallbackDelivery } from "@/lib/callbacks/apply-callback";
import { findCounterPreference } from "@/lib/db/queries/counters";
import { auditEvents, displayDevices, displayPairingCodes, transactions, user } from "@/lib/db/schema";
import { displaySessionCookie, findDisplayDeviceByToken } from "@/lib/displays/display-session";
import { readDisplayState } from "@/lib/displays/display-state";
import { redeemPairingCode } from "@/lib/displays/pairing";
import { subscribeLiveEvents, type LiveEvent } from "@/lib/live/live-events";
import { createWalletClient } from "@/lib/wallet/client";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { type RunningSandboxWallet, startSandboxWallet, testToken } from "@/test/support/sandbox-wallet";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { testWalletClientOptions, walletUnderTest } from "@/test/support/wallet-under-test";

// Actions get the wallet client each test chose (test/support/wallet-under-test.ts).
vi.mock("@/lib/wallet/client", async (importOriginal) =>
  (await import("@/test/support/wallet-under-test")).withWalletUnderTest(await importOriginal()),
);

let database: TestDatabase;
let sandbox: RunningSandboxWallet;
const sessions = {} as Record<"admin" | "finance", Headers>;
const counterForm = {
  name: "Caixa 1",
  defaultPayerName: "Consumidor Final",
  defaultPayerEmail: "caixa@loja.example",
  defaultPayerDocument: "11.222.333/0001-81",
};
let counterId = "";

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  for (const role of ["admin", "finance"] as const)
    sessions[role] = await createOperatorSession(auth, { email: `${role}@example.com`, role });
  sandbox = await startSandboxWallet({ startWorker: false });
  walletUnderTest.client = createWalletClient(testWalletClientOptions(sandbox.baseUrl, testToken));
});

afterAll(async () => {
  await sandbox?.close();
  await database?.dispose();
});

function actAs(headers: Headers) {
  requestState.headers = headers;
  requestState.cookies = new Map();
}

/** Collects live events until the predicate matches one (or fails after a second). */
async function nextLiveEvent(matches: (event: LiveEvent) => boolean, trigger: () => Promise<unknown>): Promise<LiveEvent> {
  let resolve!: (event: LiveEvent) => void;
  const received = new Promise<LiveEvent>((done) => (resolve = done));
  const unsubscribe = await subscribeLiveEvents(database.db, (event) => matches(event) && resolve(event));
  try {
    await trigger();
    return await Promise.race([
      received,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no live event within 1 s")), 1_000)),
    ]);
  } finally {
    unsubscribe();
  }
}

async function pairNewDisplay(): Promise<string> {
  actAs(sessions.admin);
  const issued = await createPairingCodeAction({ counterId });
  if (!issued.ok) throw new Error(issued.error);
  const paired = await redeemPairingCode(database.db, issued.data.code.toLowerCase().replace(/(....)/, "$1-"), "test tablet");
  if (!paired.ok) throw new Error("pairing failed");
  return paired.sessionToken;
}

describe("counters and pairing", () => {
  it("an admin creates a counter; a finance operator cannot", async () => {
    actAs(sessions.finance);
    expect(await createCounterAction(counterForm)).toMatchObject({ ok: false, code: "FORBIDDEN" });
    actAs(sessions.admin);
    const created = await createCounterAction(counterForm);
    expect(created.ok).toBe(true);
    if (created.ok) counterId = created.data.counterId;
    expect(inEnglish(await createCounterAction(counterForm))).toMatchObject({
      ok: false,
      fieldErrors: { name: ["This store already has a counter with this name."] },
    });
  });

  it("a pairing code works once, typed in any case and with a dash, and only its hash is stored", async () => {
    actAs(sessions.admin);
    const issued = await createPairingCodeAction({ counterId });
    expect(issued.ok).toBe(true);
    if (!issued.ok) return;
    expect(issued.data.code).toMatch(/^[A-Z0-9]{12}$/);
    const stored = await database.db.select().from(displayPairingCodes).where(eq(displayPairingCodes.counterId, counterId));
    expect(stored.map((row) => row.codeHash)).not.toContain(issued.data.code);

    const first = await redeemPairingCode(
      database.db,
      `${issued.data.code.slice(0, 4).toLowerCase()}-${issued.data.code.slice(4)}`,
      "tablet",
    );
    expect(first.ok).toBe(true);
    expect(await redeemPairingCode(database.db, issued.data.code, "another tablet")).toEqual({ ok: false });
    if (!first.ok) return;
    expect(await findDisplayDeviceByToken(database.db, first.sessionToken)).toMatchObject({ counterId });
  });

  it("an expired code is refused", async () => {
    actAs(sessions.admin);
    const issued = await createPairingCodeAction({ counterId });
    if (!issued.ok) throw new Error(issued.error);
    await database.db
      .update(displayPairingCodes)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(isNull(displayPairingCodes.usedAt));
    expect(await redeemPairingCode(database.db, issued.data.code, "tablet")).toEqual({ ok: false });
  });
});

describe("a display session is not an operator session", () => {
  it("is refused by every server action and every operator page", async () => {
    const token = await pairNewDisplay();
    requestState.headers = new Headers({ cookie: `${displaySessionCookie}=${token}` });
    requestState.cookies = new Map([[displaySessionCookie, token]]);

    const actionsDir = path.resolve(import.meta.dirname, "../actions");
    const actionFiles = readdirSync(actionsDir).filter((file) => file.endsWith("-action.ts") && file !== "operator-action.ts");
    const publicActions = new Set([
      "sign-in-action.ts",
      "verify-sign-in-code-action.ts",
      "complete-setup-action.ts",
      "set-locale-action.ts",
      "sign-out-action.ts",
    ]);
    const redirectingActions = new Set(["sign-out-everywhere-action.ts"]);
    let called = 0;
    for (const file of actionFiles.filter((name) => !publicActions.has(name))) {
      const module = (await import(path.join(actionsDir, file))) as Record<
        string,
        (input: unknown) => Promise<{ ok: boolean; code?: string }>
      >;
      for (const action of Object.values(module).filter((value) => typeof value === "function")) {
        if (redirectingActions.has(file)) {
          // A form action that always ends on the sign-in page; its inner operatorAction refused.
          await expect(action({}), `${file}`).rejects.toMatchObject({ digest: expect.stringContaining("/sign-in") });
          called += 1;
          continue;
        }
        expect(await action({ counterId, deviceId: counterId, transactionId: counterId }), `${file}`).toMatchObject({
          ok: false,
          code: "UNAUTHENTICATED",
        });
        called += 1;
      }
    }
    expect(called).toBeGreaterThanOrEqual(10);
    await expect(requirePageOperator("read")).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
    await expect(requirePageOperator()).rejects.toMatchObject({ digest: expect.stringContaining("/sign-in") });
  });
});

describe("showing a charge and following it live", () => {
  let token = "";
  let transactionId = "";

  it("a quick charge uses the counter's payer, goes up on the counter's displays at once and is remembered for the operator", async () => {
    token = await pairNewDisplay();
    const idle = await readDisplayState(database.db, counterId, "Loja Exemplo");
    expect(idle).toMatchObject({ signedOut: false, counterName: "Caixa 1", charge: null });

    actAs(sessions.finance);
    let result: Awaited<ReturnType<typeof createQuickChargeAction>> | undefined;
    const event = await nextLiveEvent(
      (candidate) => candidate.kind === "counter" && candidate.id === counterId,
      async () => (result = await createQuickChargeAction({ idempotencyKey: crypto.randomUUID(), counterId, amount: "12,34" })),
    );
    expect(event).toEqual({ kind: "counter", id: counterId });
    expect(result?.ok).toBe(true);
    if (!result?.ok) return;
    transactionId = result.data.transactionId;
    const [stored] = await database.db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(stored).toMatchObject({
      amountCents: 1234,
      payerName: "Consumidor Final",
      payerDocument: "11222333000181",
      expireInMinutes: 15,
    });

    const shown = await readDisplayState(database.db, counterId, "Loja Exemplo");
    expect(shown.signedOut).toBe(false);
    if (shown.signedOut || !shown.charge) throw new Error("no charge shown");
    expect(shown.charge).toMatchObject({ transactionId, amountCents: 1234, state: "PENDING", codeCopyPaste: stored!.codeCopyPaste });
    expect(shown.charge.qrSvg).toMatch(/^<svg[^>]+viewBox/);
    // Nothing about the payer reaches the display.
    expect(JSON.stringify(shown)).not.toContain("Consumidor Final");
    expect(await findCounterPreference(database.db, (await financeId()) ?? "")).toBe(counterId);
  });

  it("past its expiry a pending charge shows as expired, then the display is idle", async () => {
    const [stored] = await database.db
      .select({ expiresAt: transactions.expiresAt })
      .from(transactions)
      .where(eq(transactions.id, transactionId));
    const expiresAt = stored!.expiresAt!.getTime();
    const justExpired = await readDisplayState(database.db, counterId, "Loja Exemplo", new Date(expiresAt + 1_000));
    expect(!justExpired.signedOut && justExpired.charge?.state).toBe("EXPIRED");
    const muchLater = await readDisplayState(database.db, counterId, "Loja Exemplo", new Date(expiresAt + 60_000));
    expect(!muchLater.signedOut && muchLater.charge).toBeNull();
  });

  it("a callback that marks it paid publishes the change; the display shows Pago, then idle after a few seconds", async () => {
    const [stored] = await database.db.select().from(transactions).where(eq(transactions.id, transactionId));
    const snapshot = { ...(stored!.walletResponse as Record<string, unknown>), id: stored!.walletTransactionId!, status: "SUCCEED" };
    const event = await nextLiveEvent(
      (candidate) => candidate.kind === "transaction",
      () =>
        applyCallbackDelivery(
          database.db,
          { kind: "transaction", transactionId },
          { snapshot: snapshot as never, body: snapshot, headers: {}, callbackLogId: null },
        ),
    );
    expect(event).toEqual({ kind: "transaction", id: transactionId });
    const paid = await readDisplayState(database.db, counterId, "Loja Exemplo");
    expect(!paid.signedOut && paid.charge?.state).toBe("SUCCEED");
    const later = await readDisplayState(database.db, counterId, "Loja Exemplo", new Date(Date.now() + 10_000));
    expect(!later.signedOut && later.charge).toBeNull();
  });

  it("revoking a device ends its session at once and tells its stream", async () => {
    const device = await findDisplayDeviceByToken(database.db, token);
    actAs(sessions.admin);
    const event = await nextLiveEvent(
      (candidate) => candidate.kind === "counter",
      () => revokeDisplayDeviceAction({ deviceId: device!.id }),
    );
    expect(event).toEqual({ kind: "counter", id: counterId });
    expect(await findDisplayDeviceByToken(database.db, token)).toBeNull();
    const [row] = await database.db.select().from(displayDevices).where(eq(displayDevices.id, device!.id));
    expect(row!.revokedAt).not.toBeNull();
    const audited = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "display.revoke"));
    expect(audited).toHaveLength(1);
  });
});

async function financeId() {
  const [finance] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "finance@example.com"));
  return finance?.id;
}
