// The main journeys as a finance team meets them (the first in both languages, the rest in
// Portuguese): a charge to "Paid" (its QR code and countdown give way, "Simulate payment" goes, a
// stale tab that clicks it anyway gets a translated answer and the current state), QA's "Expire
// now", a cash-out to its final status and a failed one with the wallet's reason, the review's
// fee, and a resend to a new URL that says where it went and which callback log it made. Texts
// come from the dictionaries themselves, so a missing or untranslated key shows up here as a
// failure.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { dictionaries, fill, type Locale } from "../lib/i18n/messages";
import { expect, test } from "./support/csp";
import { holdLiveStatus } from "./support/live-updates";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { adminStorageState, savedAdminPage, stepUpIfAsked } from "./support/operators";

/** lib/format's one style: pt-BR "22/11/2026 07:34", English "22 Nov 2026, 07:34". */
const dateStyle: Record<Locale, RegExp> = {
  en: /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
  "pt-BR": /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
};

async function startReceiver() {
  const received: Array<{ path: string; logId: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push({ path: req.url ?? "", logId: req.headers["x-callback-log-id"] as string | undefined });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ response: "ok" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/journeys-hook`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test.use({ storageState: adminStorageState });

// Direct path only: no amount here waits for a second approver (approvals have their own spec).
test.beforeAll(async ({ browser }) => {
  const admin = await savedAdminPage(browser);
  await admin.goto("/settings/approvals");
  await admin.getByLabel("Approval needed from (R$)").fill("1.000.000,00");
  await admin.getByRole("button", { name: "Save policy" }).click();
  // Hooks run outside the fixture that answers step-up: answer it here when the session needs one.
  await stepUpIfAsked(admin);
  await expect(admin.getByRole("status").filter({ hasText: "Policy saved." })).toBeVisible();
  await admin.context().close();
});

for (const locale of ["en", "pt-BR"] as const) {
  const t = dictionaries[locale];

  test.describe(`main journeys (${locale})`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      // The shared fixture answers the step-up dialog in either language (e2e/support/csp.ts).
      await context.addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    });

    // The charge's journey runs in both languages; the others in Portuguese only (their English
    // texts come from the same typed dictionary, whose keys both languages must have, and the
    // phone-and-language walk scans every English page): about 45 s of CI's busiest group.
    const portugueseOnly = (locale === "pt-BR" ? test : () => {}) as typeof test;

    async function createCharge(page: Page, reference: string) {
      await page.goto("/cash-in");
      await page.locator("#amount").fill("12,34");
      await page.locator("#payerName").fill("Maria Pagadora");
      await page.locator("#payerEmail").fill("maria@example.com");
      await page.locator("#payerDocument").fill("52998224725");
      await page.locator("#payerPhone").fill("11987654321");
      await page.locator("#invoiceDescription").fill("Pedido 77");
      await page.locator("#externalReference").fill(reference);
      await page.getByRole("button", { name: t["cashIn.form.submit"] }).click();
      await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
      return new URL(page.url()).pathname;
    }

    test("a charge to Paid: the QR code, copy code, countdown and simulate button give way; a stale tab gets a translated answer", async ({
      page,
      context,
    }) => {
      const reference = `journey-${randomUUID().slice(0, 8)}`;
      const live = await holdLiveStatus(page);
      const chargePath = await createCharge(page, reference);
      // Masked on the result page too (docs/personal-data.md).
      await expect(page.getByTestId("cash-in-document")).toHaveText("***.982.247-**");
      await expect(page.getByTestId("cash-in-phone")).toHaveText("+55 ** *****-4321");
      await expect(page.getByTestId("cash-in-description")).toHaveText("Pedido 77");
      await expect(page.getByTestId("cash-in-external-reference")).toHaveText(reference);
      await expect(page.getByTestId("cash-in-expires-at")).toHaveText(dateStyle[locale]);
      await expect(page.getByRole("img", { name: fill(t["cashIn.result.qrAlt"], { amount: "R$ 12,34" }) })).toBeVisible();
      await expect(page.getByTestId("live-status")).toHaveText(t["status.PENDING"]);
      await expectNoAccessibilityViolations(page);

      // A second tab that will not hear about the payment (its live channel cut), as a slow one would not.
      const stale = await context.newPage();
      await stale.route(/\/api\/transactions\/[^/]+\/(events|status)$/, (route) => route.abort());
      await stale.goto(chargePath);
      await expect(stale.getByRole("button", { name: t["cashIn.result.simulatePayment"] })).toBeVisible();

      await page.getByRole("button", { name: t["cashIn.result.simulatePayment"] }).click();
      await expect(page.getByRole("status").filter({ hasText: t["journeys.simulate.paid"] })).toBeVisible();
      await live.release();
      await expect(page.getByTestId("live-status")).toHaveText(t["status.SUCCEED"], { timeout: 30_000 });
      // The page shows it paid with the status (one live state, no server render): no QR code, code
      // or countdown to act on, no simulate button.
      await expect(page.getByTestId("charge-closed")).toHaveText(t["journeys.charge.closed.SUCCEED"], { timeout: 30_000 });
      await expect(page.getByRole("img", { name: fill(t["cashIn.result.qrAlt"], { amount: "R$ 12,34" }) })).toHaveCount(0);
      await expect(page.getByLabel(t["cashIn.result.copyPaste"])).toHaveCount(0);
      await expect(page.getByText(t["cashIn.result.timeLeft"])).toHaveCount(0);
      await expect(page.getByRole("button", { name: t["cashIn.result.simulatePayment"] })).toHaveCount(0);
      await expect(page.getByTestId("cash-in-final-at")).toHaveText(dateStyle[locale]);
      await expectNoAccessibilityViolations(page);

      // The stale tab still offers the button: clicking it says so in the operator's language, and
      // the status the action answered closes the charge there too.
      await stale.getByRole("button", { name: t["cashIn.result.simulatePayment"] }).click();
      const answer = stale.getByRole("main").getByRole("alert");
      await expect(answer).toHaveText(fill(t["journeys.simulate.alreadyFinal"], { status: t["status.SUCCEED"] }));
      await expect(answer).not.toContainText("final states never change");
      await expect(stale.getByTestId("charge-closed")).toBeVisible();
      await stale.close();

      // The transaction detail: masked document and phone, the creation-time description labelled as such.
      await page.getByRole("link", { name: t["journeys.charge.openDetail"] }).click();
      await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
      await expect(page.getByText("***.982.247-**", { exact: false })).toBeVisible();
      await expect(page.getByText("+55 ** *****-4321", { exact: false })).toBeVisible();
      await expect(page.getByText(t["journeys.detail.walletDescriptionAtCreation"])).toBeVisible();
      await expect(page.getByText(t["journeys.detail.statusDescription"])).toBeVisible();
      await expect(page.getByTestId("detail-status")).toHaveText(t["status.SUCCEED"]);
      await expect(page.getByTestId("detail-creation")).toHaveText(t["journeys.creation.created"]);
      await expectNoAccessibilityViolations(page);
    });

    portugueseOnly("QA's Expire now closes a pending charge", async ({ page }) => {
      const live = await holdLiveStatus(page);
      await createCharge(page, `journey-expire-${randomUUID().slice(0, 8)}`);
      const controls = page.getByRole("region", { name: t["journeys.controls.title"] });
      await expect(controls).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await controls.getByRole("button", { name: t["journeys.controls.expireCashIn"] }).click();
      await expect(controls.getByRole("status")).toHaveText(fill(t["journeys.controls.done"], { status: t["status.CANCELED"] }));
      await live.release();
      await expect(page.getByTestId("live-status")).toHaveText(t["status.CANCELED"], { timeout: 30_000 });
      await expect(page.getByTestId("charge-closed")).toHaveText(t["journeys.charge.closed.CANCELED"]);
      await expect(controls).toHaveCount(0);
    });

    async function sendCashOut(page: Page, key: string, amount: string) {
      await page.goto("/cash-out");
      await page.locator("#amount").fill(amount);
      await page.locator('input[type="radio"][value="EMAIL"]').check();
      await page.locator("#pixKey").fill(key);
      await page.locator("#externalReference").fill(`journey-out-${randomUUID().slice(0, 8)}`);
      await page.getByRole("button", { name: t["cashOut.form.review"] }).click();
      await expect(page.getByTestId("review-fee")).toHaveText(t["journeys.review.feeUnknown"]);
      await expect(page.getByTestId("review-total")).toHaveText(fill(t["journeys.review.totalValue"], { amount: `R$ ${amount}` }));
      await page.getByRole("button", { name: t["cashOut.review.confirm"] }).click();
      await expect(page).toHaveURL(/\/cash-out\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    }

    portugueseOnly("a cash-out to Paid, and one to a refused key showing the wallet's reason", async ({ page }) => {
      await sendCashOut(page, "joao@example.com", "15,00");
      const status = page.getByTestId("live-status");
      await expect(status.locator('[data-status="SUCCEED"]')).toHaveText(t["status.SUCCEED"], { timeout: 30_000 });
      await expect(page.getByTestId("cash-out-final-at")).toHaveText(dateStyle[locale]);
      await expect(page.getByTestId("cash-out-created-at")).toHaveText(dateStyle[locale]);
      await expect(page.getByTestId("cash-out-tax")).toHaveText("R$ 0,50");
      await expectNoAccessibilityViolations(page);
      await page.getByTestId("cash-out-detail-link").click();
      await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId("callback-timeline").locator("li")).toHaveCount(1);
      // The fee by the one rule (lib/transactions/describe-tax.ts), as on the cash-out page.
      await expect(page.getByRole("definition").filter({ hasText: /^R\$\s0,50$/ })).toHaveCount(1);
      await page.getByRole("link", { name: t["journeys.detail.openCashOut"] }).click();
      await expect(page).toHaveURL(/\/cash-out\/[0-9a-f-]{36}$/);

      // The sandbox's documented refused key: the wallet's reason arrives with the FAILED callback.
      await sendCashOut(page, "failure@sandbox.test", "16,00");
      await expect(status.locator('[data-status="FAILED"]')).toHaveText(t["status.FAILED"], { timeout: 30_000 });
      const failure = page.getByTestId("cash-out-failure");
      await expect(failure).toContainText(t["journeys.cashOut.failedTitle"]);
      await expect(failure).toContainText(t["journeys.cashOut.reason"]);
      await expect(page.getByTestId("cash-out-failure-reason")).toHaveText(/DESTINATION KEY REJECTED/);
      await expectNoAccessibilityViolations(page);
    });

    portugueseOnly("a resend to a new URL says it went there and links the new callback log", async ({ page }) => {
      await sendCashOut(page, "ana@example.com", "17,00");
      await page.getByTestId("cash-out-detail-link").click();
      const receiver = await startReceiver();
      try {
        await page.getByLabel(t["resend.newUrl"]).fill(receiver.url);
        await page.getByRole("button", { name: t["resend.submit"] }).click();
        const result = page.getByTestId("resend-result");
        await expect(result).toContainText(fill(t["journeys.resend.doneNewUrl"], { url: receiver.url }));
        await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
        await expect(result.getByTestId("resend-log-link")).toHaveText(receiver.received[0]!.logId!);
        await expectNoAccessibilityViolations(page);
      } finally {
        await receiver.close();
      }
    });
  });
}
