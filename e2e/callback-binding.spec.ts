// Callbacks bound to their transaction, as an operator meets them: a cash-out whose creation call
// timed out (the sandbox holds its answer past the dashboard's timeout) settled by its own
// callback, and a forged delivery on a charge's own URL shown as rejected — on the transaction's
// timeline, in the inbox, on the Overview and on the Reconciliation page.
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "./support/csp";
const e2eDataDir = `.data-e2e-${process.env.E2E_PORT ?? 3100}`;
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { adminStorageState } from "./support/operators";

/** The embedded setup's generated secrets: the e2e run plays the wallet (and an attacker who knows the URL). */
function serverSecrets(): { callbackSecret: string; walletToken: string } {
  return JSON.parse(readFileSync(`${e2eDataDir}/secrets.json`, "utf8"));
}

/** What lib/callbacks/callback-url.ts derives; recomputed here so the test does not trust the code under test. */
function ownCallbackPath(transactionId: string): string {
  const token = createHmac("sha256", serverSecrets().callbackSecret)
    .update(`wallet-dashboard/callback-url/v1/${transactionId}`)
    .digest("base64url");
  return `/api/callbacks/wallet/${transactionId}/${token}`;
}

test.describe
  .serial("callbacks bound to their transaction", () => {
    test.use({ storageState: adminStorageState });

    test("a cash-out whose creation timed out is settled by its callback, and the operator sees it", async ({ page }) => {
      test.setTimeout(90_000);
      // The next creation answer comes 12 s late: after the dashboard's 10 s timeout, and after the
      // sandbox (3 s settlement) has already posted the cash-out's callback.
      const slow = await page.request.post("/sandbox/control/slow-answers", {
        headers: { authorization: `Bearer ${serverSecrets().walletToken}` },
        data: { count: 1, delayMs: 12_000 },
      });
      expect(slow.status()).toBe(200);

      const reference = `e2e-settled-${randomUUID().slice(0, 8)}`;
      await page.goto("/cash-out");
      await page.getByLabel("Amount (R$)").fill("37,00");
      await page.getByRole("radio", { name: "E-mail" }).check();
      await page.getByLabel(/^Recipient's PIX key/).fill("settled.by.callback@example.com");
      await page.getByLabel("External reference (optional)").fill(reference);
      await page.getByRole("button", { name: "Review cash-out" }).click();
      await page.getByRole("button", { name: "Confirm and send" }).click();
      // The operator is told the outcome is unknown…
      await expect(page.getByText(/The outcome is unknown/).first()).toBeVisible({ timeout: 30_000 });

      // …but the callback has settled it: the detail shows it succeeded, the timeline says why.
      await page.goto("/cash-out");
      const row = page
        .getByTestId("recent-cash-outs")
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: reference, exact: true }) });
      await row.getByRole("link").click();
      await expect(page).toHaveURL(/\/cash-out\/[0-9a-f-]{36}$/);
      const transactionId = page.url().split("/").pop()!;
      await page.goto(`/transactions/${transactionId}`);
      await expect(page.getByTestId("detail-status").locator('[data-status="SUCCEED"]')).toBeVisible({ timeout: 20_000 });
      const timeline = page.getByTestId("callback-timeline");
      await expect(timeline.locator('li[data-outcome="settled"]')).toContainText("Settled by callback");
      await expectNoAccessibilityViolations(page);

      // Nothing is left for reconciliation about it.
      await page.goto("/reconciliation");
      await expect(page.getByTestId("reconciliation-unsettled")).not.toContainText(transactionId);
    });

    test("a forged delivery on a charge's own URL is rejected, not applied, and shown as a problem everywhere", async ({ page }) => {
      // A charge, a forged delivery and four pages checked by axe: near the 60 s default when busy.
      test.setTimeout(120_000);
      await page.goto("/cash-in");
      await page.getByLabel("Amount (R$)").fill("10,50");
      await page.getByLabel("Payer name").fill("Paula Pagadora");
      await page.getByLabel("Payer e-mail").fill("paula@example.com");
      await page.getByLabel("Payer CPF or CNPJ").fill("52998224725");
      await page.getByRole("button", { name: "Create charge" }).click();
      await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
      const transactionId = page.url().split("/").pop()!;

      // An attacker who learned this charge's URL posts "paid" with a 1-cent cash-out body.
      const forged = await page.request.post(ownCallbackPath(transactionId), {
        data: {
          id: randomUUID(),
          value: 1,
          tax: 0,
          callbackUrl: "x",
          description: "x",
          operation: "CASHOUT",
          status: "SUCCEED",
          metadata: {},
          externalReference: null,
          createdAt: new Date().toISOString(),
        },
      });
      expect(forged.status()).toBe(422);
      expect(await forged.json()).toMatchObject({ outcome: "rejected" });

      await page.goto(`/transactions/${transactionId}`);
      await expect(page.getByTestId("detail-status")).toHaveText("Pending");
      const rejected = page.getByTestId("callback-timeline").locator('li[data-outcome="rejected"]');
      await expect(rejected).toContainText("Rejected: disagrees with this transaction");
      await expect(rejected).toContainText("value: expected 1050, got 1");
      await expectNoAccessibilityViolations(page);

      await page.goto("/");
      await expect(page.getByTestId("rejected-deliveries-count")).not.toContainText(/^\D*0\D*$/);
      await page.getByRole("link", { name: "Review rejected deliveries" }).click();
      await expect(page).toHaveURL(/\/callback-logs\?outcome=rejected$/);
      await expect(page.locator('tr[data-outcome="rejected"]').filter({ hasText: "value: expected 1050, got 1" })).toHaveCount(1);
      await expectNoAccessibilityViolations(page);
      // The shared data table: its time header sorts oldest first (announced by aria-sort), the filter kept.
      const received = page.getByTestId("inbox-table").locator("th", { hasText: "Received at" });
      await expect(received).toHaveAttribute("aria-sort", "descending");
      await page.getByRole("link", { name: "Received at: Oldest first" }).click();
      await expect(page).toHaveURL(/\/callback-logs\?outcome=rejected&sort=received$/);
      await expect(received).toHaveAttribute("aria-sort", "ascending");
      await expect(page.getByRole("table", { name: "Callback deliveries, oldest first" })).toBeVisible();
      await expect(page.locator('tr[data-outcome="rejected"]').filter({ hasText: "value: expected 1050, got 1" })).toHaveCount(1);
      await page.emulateMedia({ colorScheme: "dark" });
      await expectNoAccessibilityViolations(page);
      await page.emulateMedia({ colorScheme: "light" });

      await page.goto("/reconciliation");
      await expect(page.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
      await expect(page.getByTestId("reconciliation-rejected")).toContainText("value: expected 1050, got 1");
      await expect(page.getByTestId("reconciliation-rejected")).toContainText("possible forgery");
      await expectNoAccessibilityViolations(page);
    });
  });
