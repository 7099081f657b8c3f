// The core journeys through the round-robin proxy, two instances of one build on one PostgreSQL
// database (e2e/scale-out/cluster.ts). Every page, asset, server action, event stream and wallet
// callback may land on either instance; where a journey is only proven if two steps land on
// different instances (a password and its code, a payer page and a charge page, a double submit),
// the test checks the proxy's record of who answered what.
import type { Page } from "@playwright/test";
import { Client } from "pg";
import { callServerAction, findAction } from "../support/server-actions";
import { expect, test } from "../support/csp";
import { expectNoAccessibilityViolations } from "../support/accessibility";
import { firstAdmin, signIn } from "../support/operators";
import { cluster, clusterInfo, scaleOutSettings, skipReason, type ServedRequest } from "./settings";

test.skip(!scaleOutSettings().serverUrl, skipReason);

/** Runs `act` and returns what the proxy passed on meanwhile. */
async function servedDuring(act: () => Promise<void>): Promise<ServedRequest[]> {
  const mark = await cluster.servedCount();
  await act();
  return cluster.servedSince(mark);
}

/** The instance that answered the first request to this path since `mark`, once it has been answered. */
async function instanceServing(mark: number, path: string): Promise<number> {
  let instance: number | undefined;
  await expect
    .poll(async () => {
      instance = (await cluster.servedSince(mark)).find((served) => served.path === path)?.instance;
      return instance;
    })
    .toBeDefined();
  return instance!;
}

async function withDatabase<T>(use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: clusterInfo().databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function createCashIn(page: Page, reference: string): Promise<string> {
  await page.goto("/cash-in");
  await page.getByLabel("Amount (R$)").fill("87,65");
  await page.getByLabel("Payer name").fill("Maria Pagadora");
  await page.getByLabel("Payer e-mail").fill("maria@example.com");
  await page.getByLabel("Payer CPF or CNPJ").fill("529.982.247-25");
  await page.getByLabel("External reference (optional)").fill(reference);
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

test.describe
  .serial("two instances behind a round-robin proxy", () => {
    let page: Page;
    let paidCashInId = "";

    test.beforeAll(async () => {
      // The chaos test kills an instance and starts it again; if it failed half-way, start it here.
      await cluster.startAll();
    });

    test("the admin signs in: the password and the authenticator code are checked by different instances", async ({ browser }) => {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      page = await context.newPage();
      const served = await servedDuring(() => signIn(page, firstAdmin.email, firstAdmin.password));
      await expect(page.getByText(`Signed in as ${firstAdmin.email}`)).toBeVisible();
      // The sign-in page's two actions (password, then code) took turns on the two instances.
      const actions = served.filter((request) => request.nextAction);
      expect(actions.length).toBeGreaterThanOrEqual(2);
      expect(new Set(actions.map((request) => request.instance))).toEqual(new Set([0, 1]));
      expect(actions.every((request) => request.status < 500)).toBe(true);
      // Pages and assets came from both as well, with one session cookie.
      expect(new Set(served.map((request) => request.instance))).toEqual(new Set([0, 1]));
      await page.goto("/transactions");
      await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });

    test("cash-in paid live: the payer page and the charge page, streamed by different instances, both turn Paid", async ({ browser }) => {
      const mark = await cluster.servedCount();
      paidCashInId = await createCashIn(page, `scale-out-paid-${Date.now()}`);
      await expect(page.getByTestId("live-status")).toHaveText("Pending");
      const chargeStream = await instanceServing(mark, `/api/transactions/${paidCashInId}/events`);

      const payerPath = (await page.getByRole("link", { name: "Open payer display" }).getAttribute("href"))!;
      const payerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const payerPage = await payerContext.newPage();
      // Streams take turns on the instances, so the payer's lands on the other one; reload if a
      // reconnect in between took that turn.
      let payerStream = chargeStream;
      for (let attempt = 0; attempt < 4 && payerStream === chargeStream; attempt++) {
        const before = await cluster.servedCount();
        await payerPage.goto(payerPath);
        payerStream = await instanceServing(before, `${payerPath}/events`);
      }
      expect(payerStream).not.toBe(chargeStream);
      await expect(payerPage.getByTestId("payer-amount")).toHaveText(/87,65/);

      const paying = await servedDuring(async () => {
        await page.getByRole("button", { name: "Simulate payment" }).click();
        await expect(payerPage.getByRole("heading", { name: "Pago" })).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId("live-status")).toHaveText("Paid", { timeout: 30_000 });
      });
      // The embedded wallet's callback came back through the proxy (APP_URL), to either instance.
      expect(paying.filter((request) => request.path.startsWith(`/api/callbacks/wallet/${paidCashInId}/`))).toEqual([
        expect.objectContaining({ method: "POST", status: 200 }),
      ]);
      await payerContext.close();
    });

    test("a cash-out submitted twice at once, one request per instance, is sent to the wallet once and completes", async () => {
      const reference = `scale-out-double-${Date.now()}`;
      await page.goto("/cash-out");
      await page.getByLabel("Amount (R$)").fill("12,34");
      await page.getByRole("radio", { name: "E-mail" }).check();
      await page.getByLabel(/^Recipient's PIX key/).fill("joana@example.com");
      await page.getByLabel("External reference (optional)").fill(reference);
      const idempotencyKey = await page.locator('input[name="idempotencyKey"]').inputValue();
      const form = {
        idempotencyKey,
        amount: "12,34",
        pixKey: { type: "EMAIL", key: "joana@example.com" },
        metadata: [],
        externalReference: reference,
      };

      // The same form, twice at the same moment (a double click, a retry racing the original).
      let answers: string[] = [];
      const served = await servedDuring(async () => {
        answers = await Promise.all([0, 1].map(() => callServerAction(page.request, "createCashOutAction", [form])));
      });
      const actionId = findAction("createCashOutAction").id;
      const submissions = served.filter((request) => request.nextAction === actionId);
      expect(submissions.map((request) => request.instance).sort()).toEqual([0, 1]);
      const transactionIds = new Set(
        answers.flatMap((answer) => [...answer.matchAll(/"transactionId":"([0-9a-f-]{36})"/g)].map((m) => m[1])),
      );
      expect(transactionIds.size).toBe(1);
      const [transactionId] = [...transactionIds];

      const counts = await withDatabase(async (db) => ({
        wallet: (await db.query("select count(*)::int as n from sandbox_wallet.transactions where external_reference = $1", [reference]))
          .rows[0].n,
        ledger: (await db.query("select count(*)::int as n from transactions where idempotency_key = $1", [idempotencyKey])).rows[0].n,
      }));
      expect(counts).toEqual({ wallet: 1, ledger: 1 });

      // The form itself, confirmed a third time, leads to the same cash-out, which completes live.
      await page.getByRole("button", { name: "Review cash-out" }).click();
      await page.getByRole("button", { name: "Confirm and send" }).click();
      await expect(page).toHaveURL(new RegExp(`/cash-out/${transactionId}$`));
      await expect(page.getByTestId("live-status").locator('[data-status="SUCCEED"]')).toHaveText("Paid", { timeout: 30_000 });
      const walletCount = await withDatabase(
        async (db) =>
          (await db.query("select count(*)::int as n from sandbox_wallet.transactions where external_reference = $1", [reference])).rows[0]
            .n,
      );
      expect(walletCount).toBe(1);
    });

    test("a resent callback reaches the dashboard again and is recorded as a duplicate", async () => {
      await page.goto(`/transactions/${paidCashInId}`);
      const timeline = page.getByTestId("callback-timeline");
      await expect(timeline.locator("li")).toHaveCount(1);
      await page.getByRole("button", { name: "Resend callback" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "The wallet accepted the resend to this transaction's own callback URL." }),
      ).toBeVisible();
      await expect(timeline.locator("li")).toHaveCount(2, { timeout: 30_000 });
      await expect(timeline.locator("li").nth(1)).toHaveAttribute("data-outcome", "duplicate");
      await expect(page.getByTestId("detail-status")).toHaveText("Paid");
    });

    test("the ledger's live statuses: two open lists follow a payment, polling both instances, which agree", async () => {
      const pendingId = await createCashIn(page, `scale-out-ledger-${Date.now()}`);
      const otherList = await page.context().newPage();
      const status = (list: Page) => list.locator(`[data-testid="ledger-status"][data-transaction-id="${pendingId}"]`);
      const served = await servedDuring(async () => {
        for (const list of [page, otherList]) {
          await list.goto("/transactions");
          await expect(status(list)).toHaveText("Pending");
        }
        const paid = await callServerAction(page.request, "simulatePaymentAction", [{ transactionId: pendingId }]);
        expect(paid).not.toContain("FAILED");
        for (const list of [page, otherList]) await expect(status(list)).toHaveText("Paid", { timeout: 30_000 });
      });
      const polls = served.filter((request) => request.path.startsWith("/api/transactions/statuses"));
      expect(new Set(polls.map((request) => request.instance))).toEqual(new Set([0, 1]));

      // Asked directly, each instance answers the same, with the same session cookie.
      for (const instanceUrl of clusterInfo().instanceUrls) {
        const answer = await page.request.get(`${instanceUrl}/api/transactions/statuses?ids=${pendingId},${paidCashInId}`);
        expect(answer.status()).toBe(200);
        expect(JSON.stringify(await answer.json())).toMatch(/SUCCEED.*SUCCEED/);
      }
      await otherList.close();
    });
  });
