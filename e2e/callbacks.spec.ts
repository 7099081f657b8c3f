// Callbacks as operators and QA meet them: a paid cash-in's timeline filling in by itself, the
// callback log page, and the sandbox resend — to the dashboard and to a URL of QA's own.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { adminStorageState, addOperator, pageSignedInAs } from "./support/operators";
import { callServerAction } from "./support/server-actions";

const finance = { name: "Fernanda Finance", email: "fernanda.finance@example.com", password: "finance password 456", role: "finance" };
const qa = { name: "Quentin QA", email: "quentin.qa@example.com", password: "qa password 123456", role: "qa" };
const viewer = { name: "Valeria Viewer", email: "valeria.viewer@example.com", password: "viewer password 456", role: "viewer" };

/** A receiver of QA's own, outside the dashboard, that records what it gets. */
async function startTestReceiver() {
  const received: Array<{ path: string; body: { id?: string; status?: string }; logId: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: JSON.parse(body || "{}"), logId: req.headers["x-callback-log-id"] as string | undefined });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ response: "thanks" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/qa-hook`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function createPaidCashIn(page: Page, ledgerPage: Page): Promise<string> {
  await page.goto("/cash-in");
  await page.getByLabel("Amount (R$)").fill("42,00");
  await page.getByLabel("Payer name").fill("Paulo Pagador");
  await page.getByLabel("Payer e-mail").fill("paulo@example.com");
  await page.getByLabel("Payer CPF or CNPJ").fill("52998224725");
  await page.getByLabel("External reference (optional)").fill("cb-e2e-1");
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
  const transactionId = page.url().split("/").pop()!;
  // Open the ledger detail first, then pay: the timeline must fill in without a reload.
  await page.goto(`/transactions/${transactionId}`);
  await expect(page.getByText("No callback has arrived for this transaction yet.")).toBeVisible();
  await ledgerPage.goto("/transactions");
  await expect(ledgerPage.locator(`[data-testid="ledger-status"][data-transaction-id="${transactionId}"]`)).toHaveText("Pending");
  const payResult = await callServerAction(page.request, "simulatePaymentAction", [{ transactionId }]);
  expect(payResult).not.toContain("FAILED");
  return transactionId;
}

test.describe
  .serial("callbacks, ledger timeline and sandbox resend", () => {
    let transactionId = "";
    let financePage: Page;

    test.beforeAll(async ({ browser }) => {
      const adminPage = await browser.newPage({ storageState: adminStorageState });
      for (const operator of [finance, qa, viewer]) await addOperator(adminPage, operator);
      await adminPage.context().close();
      financePage = await pageSignedInAs(browser, finance.email, finance.password);
    });

    test("a cash-in paid in the sandbox shows SUCCEED in its timeline without reloading, and the log link opens the right snapshot", async () => {
      const ledgerPage = await financePage.context().newPage();
      transactionId = await createPaidCashIn(financePage, ledgerPage);
      // Both the ledger list and the detail page update by themselves.
      await expect(ledgerPage.locator(`[data-testid="ledger-status"][data-transaction-id="${transactionId}"]`)).toHaveText("Paid", {
        timeout: 30_000,
      });
      await ledgerPage.close();
      const timeline = financePage.getByTestId("callback-timeline");
      await expect(timeline.getByText("Paid")).toBeVisible({ timeout: 30_000 });
      await expect(financePage.getByTestId("detail-status")).toHaveText("Paid");
      await expect(timeline.locator("li")).toHaveCount(1);
      await expectNoAccessibilityViolations(financePage);

      await timeline.getByRole("link", { name: /Callback log/ }).click();
      await expect(financePage).toHaveURL(/\/callback-logs\/[0-9a-f-]{36}$/);
      await expect(financePage.getByTestId("http-status")).toHaveText("200");
      await expect(financePage.getByTestId("delivery-status")).toHaveText("Delivered");
      const card = financePage.getByTestId("snapshot-card");
      await expect(card).toContainText("R$ 42,00");
      await expect(card).toContainText("Cash in");
      await expect(card).toContainText("Paid");
      await expect(card).toContainText("Paulo Pagador");
      // One rule for the fee: the sandbox's whole cents shown as money, never its raw "1222".
      await expect(card.locator("dt", { hasText: "Tax (as the wallet reports it)" }).locator("+ dd")).toHaveText(/^R\$\s\d+,\d{2}$/);
      await expect(financePage.getByRole("link", { name: "Open in the ledger" })).toHaveAttribute("href", `/transactions/${transactionId}`);
      // The dashboard's callback secret is never shown.
      await expect(financePage.getByTestId("raw-json")).toContainText("••••••");
      await expect(financePage.getByRole("button", { name: "Resend callback" })).toHaveCount(0);
      await expectNoAccessibilityViolations(financePage);
    });

    test("a malformed and an unknown callback log id each get their own message", async () => {
      await financePage.goto("/callback-logs");
      await financePage.getByLabel("Callback log id").fill("not-a-uuid");
      await financePage.getByRole("button", { name: "Look up" }).click();
      await expect(financePage.getByText(/A callback log id is a UUID/)).toBeVisible();
      await expectNoAccessibilityViolations(financePage);
      await financePage.goto(`/callback-logs/${crypto.randomUUID()}`);
      await expect(financePage.getByRole("main").getByRole("alert")).toHaveText("The wallet has no callback log with this id.");
    });

    test("a QA operator resends to the dashboard's receiver and a second timeline entry appears; a resend to a new URL reaches it", async ({
      browser,
    }) => {
      const qaPage = await pageSignedInAs(browser, qa.email, qa.password);
      await qaPage.goto(`/transactions/${transactionId}`);
      const timeline = qaPage.getByTestId("callback-timeline");
      await expect(timeline.locator("li")).toHaveCount(1);
      await qaPage.getByRole("button", { name: "Resend callback" }).click();
      const resent = qaPage.getByTestId("resend-result");
      await expect(resent).toContainText("The wallet accepted the resend to this transaction's own callback URL.");
      await expect(resent.getByTestId("resend-log-link")).toHaveText(/^[0-9a-f-]{36}$/);
      await expect(timeline.locator("li")).toHaveCount(2, { timeout: 30_000 });
      await expect(timeline.locator("li").nth(1)).toHaveAttribute("data-outcome", "duplicate");

      await qaPage.getByLabel("New callback URL (optional)").fill("ftp://example.com/x");
      await qaPage.getByRole("button", { name: "Resend callback" }).click();
      await expect(qaPage.getByText("Enter an absolute http(s) URL", { exact: false })).toBeVisible();

      const receiver = await startTestReceiver();
      try {
        await qaPage.getByLabel("New callback URL (optional)").fill(receiver.url);
        await qaPage.getByRole("button", { name: "Resend callback" }).click();
        // It says where the callback went (not "the dashboard's receiver"), and which log the wallet wrote.
        const toNewUrl = qaPage.getByTestId("resend-result");
        await expect(toNewUrl).toContainText(`The wallet accepted the resend to ${receiver.url}.`);
        await expect(toNewUrl).not.toContainText("appears in the timeline within");
        await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
        expect(receiver.received[0]!.path).toBe("/qa-hook");
        expect(receiver.received[0]!.body.status).toBe("SUCCEED");
        expect(receiver.received[0]!.logId).toMatch(/^[0-9a-f-]{36}$/);
        await expect(toNewUrl.getByTestId("resend-log-link")).toHaveText(receiver.received[0]!.logId!);
        await expectNoAccessibilityViolations(qaPage);
        await toNewUrl.getByTestId("resend-log-link").click();
        await expect(qaPage).toHaveURL(new RegExp(`/callback-logs/${receiver.received[0]!.logId}$`));
        await expect(qaPage.getByTestId("http-status")).toHaveText("200");
      } finally {
        await receiver.close();
      }
      await qaPage.goto("/audit-log").catch(() => undefined);
      await qaPage.context().close();
    });

    test("the Sandbox page resends by wallet id, and says so when the wallet does not know the id", async ({ browser }) => {
      const qaPage = await pageSignedInAs(browser, qa.email, qa.password);
      await qaPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sandbox" }).click();
      await expect(qaPage.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
      await expect(qaPage.getByText("failure@sandbox.test")).toBeVisible();
      await expectNoAccessibilityViolations(qaPage);
      await qaPage.getByRole("button", { name: "Resend callback" }).click();
      await expect(qaPage.getByText("Enter the wallet's transaction id.")).toBeVisible();
      await qaPage.getByLabel("Wallet transaction id").fill(crypto.randomUUID());
      await qaPage.getByRole("button", { name: "Resend callback" }).click();
      await expect(qaPage.getByRole("main").getByRole("alert")).toBeVisible();
      await expect(qaPage.getByRole("main").getByRole("alert")).not.toHaveText("");
      await qaPage.context().close();
    });

    test("a viewer sees no resend button, and the action refuses them when called directly", async ({ browser }) => {
      const viewerPage = await pageSignedInAs(browser, viewer.email, viewer.password);
      await viewerPage.goto(`/transactions/${transactionId}`);
      await expect(viewerPage.getByTestId("callback-timeline")).toBeVisible();
      await expect(viewerPage.getByRole("button", { name: "Resend callback" })).toHaveCount(0);
      const walletId = (await viewerPage.getByText(/^[0-9a-f-]{36}$/).allTextContents()).find((text) => text !== transactionId);
      const response = await callServerAction(viewerPage.request, "resendCallbackAction", [
        { walletTransactionId: walletId ?? transactionId },
      ]);
      expect(response).toContain("FORBIDDEN");
      await viewerPage.context().close();
    });
  });
