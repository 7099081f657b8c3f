// Cash-out controls as operators meet them, in Chromium against the production build: a large
// cash-out waits for a second operator, who approves it (sent, then completed by the sandbox) or
// rejects it with a reason, while the requester watches the state change live; a CSV of payouts is
// checked row by row, reviewed, approved, sent with a progress bar, and its results downloaded.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { answerStepUpOn, expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { addOperator, firstAdmin, pageSignedInAs, savedAdminPage } from "./support/operators";

// Each test waits for at least one fresh authenticator step (up to 30 s) and a live update; with
// five e2e groups sharing two cores the 60 s default left no room.
test.describe.configure({ timeout: 150_000 });

const run = randomUUID().slice(0, 6);
const asker = { name: "Fabio Finance", email: `fabio.${run}@example.com`, password: "a long enough password 1", role: "finance" };
const approver = { name: "Bia Finance", email: `bia.${run}@example.com`, password: "a long enough password 2", role: "finance" };
let askerPage: Page;
let approverPage: Page;

test.beforeAll(async ({ browser }) => {
  // Two operators added, the policy saved, and two first sign-ins with enrolment (authenticator
  // steps): over a minute when the machine is busy.
  test.setTimeout(180_000);
  const admin = await savedAdminPage(browser);
  await addOperator(admin, asker);
  await addOperator(admin, approver);
  // The policy the tests rely on: the sandbox default threshold (R$ 1.000,00), no daily limits.
  await admin.goto("/settings/approvals");
  await expect(admin.getByRole("heading", { level: 1, name: "Approval policy" })).toBeVisible();
  await admin.getByLabel("Approval needed from (R$)").fill("");
  await admin.getByLabel("Daily limit per operator (R$)").fill("");
  await admin.getByLabel("Daily limit for the whole merchant (R$)").fill("");
  await admin.getByLabel("Requests expire after (hours)").fill("24");
  await admin.getByRole("button", { name: "Save policy" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Policy saved." })).toBeVisible();
  await expect(admin.getByTestId("policy-current")).toContainText(`approval from R$ 1.000,00; last changed by ${firstAdmin.email}`);
  await expectNoAccessibilityViolations(admin);
  await admin.context().close();
  askerPage = await pageSignedInAs(browser, asker.email, asker.password);
  approverPage = await pageSignedInAs(browser, approver.email, approver.password);
  // A sign-in is not a step-up for moving money (STEP_UP_AFTER_SIGN_IN): the first request and
  // the first approval ask "Confirm it is you", answered like the fixture does for test pages.
  answerStepUpOn(askerPage);
  answerStepUpOn(approverPage);
});

test.afterAll(async () => {
  await askerPage?.context().close();
  await approverPage?.context().close();
});

async function requestCashOut(page: Page, amount: string, reference: string) {
  await page.goto("/cash-out");
  await page.getByLabel("Amount (R$)").fill(amount);
  await page.getByRole("radio", { name: "E-mail" }).check();
  await page.getByLabel(/^Recipient's PIX key/).fill("Fornecedor@Example.com");
  await page.getByLabel("External reference (optional)").fill(reference);
  await page.getByRole("button", { name: "Review cash-out" }).click();
  await page.getByRole("button", { name: "Confirm and send" }).click();
  await expect(page).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("request-state")).toHaveText("Awaiting approval");
  return page.url().split("/").at(-1)!;
}

let darkChecked = false;

async function openFromApprovalsList(page: Page, linkName: RegExp) {
  await page.goto("/approvals");
  await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  // The queue with a row, in the dark scheme too (once: the table is the same each time).
  if (!darkChecked) {
    darkChecked = true;
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAccessibilityViolations(page);
    await page.emulateMedia({ colorScheme: "light" });
    // The queue sorts by amount from its header (announced by aria-sort), on the server.
    await page.getByRole("link", { name: "Amount: Largest amount first" }).click();
    await expect(page).toHaveURL(/\/approvals\?sort=-amount$/);
    await expect(page.getByTestId("approvals-queue").getByRole("columnheader", { name: /Amount/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(page.getByRole("table", { name: "Awaiting approval, largest amount first" })).toBeVisible();
  }
  await page.getByRole("link", { name: linkName }).first().click();
  await expect(page).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
}

test("a cash-out from R$ 1.000,00 waits for another operator, who approves it: sent once, then completed", async () => {
  const reference = `approve-${run}`;
  const requestId = await requestCashOut(askerPage, "1.500,00", reference);
  // The requester sees everything the reviewer will, can cancel, and cannot approve.
  await expect(askerPage.getByTestId("request-amount")).toHaveText("R$ 1.500,00");
  await expect(askerPage.getByTestId("request-amount-words")).toHaveText("one thousand five hundred reais");
  await expect(askerPage.getByTestId("request-key")).toHaveText("f*********@example.com");
  await expect(askerPage.getByRole("button", { name: "Cancel this request" })).toBeVisible();
  // Cancelling is confirmed first; "Keep it" leaves the request waiting, focus back on the button.
  await askerPage.getByRole("button", { name: "Cancel this request" }).click();
  const cancelDialog = askerPage.getByRole("dialog", { name: "Cancel this request?" });
  await expect(cancelDialog).toBeVisible();
  await cancelDialog.getByRole("button", { name: "Keep it" }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(askerPage.getByRole("button", { name: "Cancel this request" })).toBeFocused();
  await expect(askerPage.getByRole("button", { name: "Approve and send" })).toHaveCount(0);
  await expectNoAccessibilityViolations(askerPage);

  // The list shows the recipient's key masked, as every list does (docs/personal-data.md).
  await openFromApprovalsList(approverPage, /^Open request: Cash-out to f\*+@example\.com, R\$\s1\.500,00$/);
  await expect(approverPage).toHaveURL(new RegExp(`/approvals/${requestId}$`));
  await expect(approverPage.getByTestId("request-requested-by")).toHaveText(asker.email);
  await expect(approverPage.getByTestId("request-reference")).toHaveText(reference);
  await expect(approverPage.getByRole("table", { name: "Today's totals against the limits" })).toBeVisible();
  await approverPage.getByRole("button", { name: "Approve and send" }).click();
  // Approving asks for a fresh code (never the sign-in's, by default): the fixture answers with the
  // authenticator's next unused step, which can be up to 30 s away.
  await expect(approverPage.getByTestId("request-state")).toHaveText("Approved", { timeout: 45_000 });
  await expect(approverPage.getByTestId("request-decided-by")).toContainText(approver.email);

  // The requester's page follows by itself.
  await expect(askerPage.getByTestId("request-state")).toHaveText("Approved", { timeout: 30_000 });
  await approverPage.getByRole("link", { name: "Open the cash-out" }).click();
  await expect(approverPage).toHaveURL(/\/cash-out\/[0-9a-f-]{36}$/);
  await expect(approverPage.locator('[data-status="SUCCEED"]')).toHaveText("Paid", { timeout: 30_000 });
});

test("another operator rejects a request with a reason, and nothing is sent", async () => {
  const reference = `reject-${run}`;
  const requestId = await requestCashOut(askerPage, "2.000,00", reference);
  await approverPage.goto(`/approvals/${requestId}`);
  await approverPage.getByRole("button", { name: "Reject" }).click();
  await expect(approverPage.locator("#reject-reason-error")).toContainText("Say why you reject it");
  await approverPage.getByLabel("Reason for rejecting").fill("Wrong supplier account");
  // The requester follows the request in Portuguese. Their page is not reloaded and the server does
  // not render it again (issue #47: no router.refresh() for live updates): the decision, who made
  // it and the reason arrive in the request's stream, as query data. Any render of the page that
  // were asked for would be refused here and counted.
  await askerPage.context().addCookies([{ name: "locale", value: "pt-BR", url: askerPage.url() }]);
  await askerPage.goto(`/approvals/${requestId}`);
  await expect(askerPage.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(askerPage.getByTestId("request-state")).toHaveText("Aguardando aprovação");
  await askerPage.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  let heldRenders = 0;
  await askerPage.route(new RegExp(`/approvals/${requestId}(\\?|$)`), async (route) => {
    if (route.request().headers().rsc) {
      heldRenders += 1;
      return route.abort();
    }
    await route.continue();
  });
  await approverPage.getByRole("button", { name: "Reject" }).click();
  await expect(approverPage.getByTestId("request-state")).toHaveText("Rejected");
  await expect(askerPage.getByTestId("request-state")).toHaveText("Rejeitado", { timeout: 30_000 });
  await expect(askerPage.getByTestId("request-decided-by")).toContainText(approver.email);
  await expect(askerPage.getByTestId("request-reason")).toHaveText("Wrong supplier account");
  await expect(askerPage.getByRole("button", { name: "Cancelar este pedido" })).toHaveCount(0);
  expect(await askerPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(heldRenders).toBe(0);
  await askerPage.unrouteAll({ behavior: "ignoreErrors" });
  await expectNoAccessibilityViolations(askerPage);
  await expect(askerPage.getByRole("link", { name: "Abrir o envio PIX" })).toHaveCount(0);
  await askerPage.context().addCookies([{ name: "locale", value: "en", url: askerPage.url() }]);
});

test("bulk payouts: bad rows by line, then review, approval, live progress and a results CSV", async () => {
  const page = askerPage;
  await page.goto("/cash-out");
  await page.getByRole("link", { name: /Upload a CSV of bulk payouts/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bulk payouts" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const header = "amount;key_type;key;reference;description";
  const bad = [header, "10,00;EMAIL;a@example.com;b1;", "10,0x;EMAIL;b@example.com;b2;", "10,00;PHONE;123;b3;"].join("\n");
  await page.getByLabel("CSV file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await page.getByRole("button", { name: "Check file" }).click();
  const problems = page.getByTestId("csv-problem");
  await expect(problems).toHaveCount(2);
  await expect(problems.nth(0)).toContainText("3amount");
  await expect(problems.nth(1)).toContainText("4key");
  await expectNoAccessibilityViolations(page);

  const good = [
    header,
    ...Array.from({ length: 5 }, (_, index) => `${index + 1}0,00;EMAIL;supplier${index}@example.com;bulk-${run}-${index};invoice ${index}`),
    `10,00;EMAIL;supplier0@example.com;bulk-${run}-dup;again`,
  ].join("\n");
  await page.getByLabel("CSV file").setInputFiles({ name: "suppliers.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("batch-count")).toHaveText("6");
  await expect(page.getByTestId("batch-total")).toHaveText("R$ 160,00");
  await expect(page.getByTestId("batch-duplicates")).toContainText("Lines 2, 7: R$ 10,00 to supplier0@example.com");
  await expectNoAccessibilityViolations(page);
  await page.getByRole("button", { name: "Submit the batch for approval" }).click();
  await expect(page).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
  const requestId = page.url().split("/").at(-1)!;
  await expect(page.getByTestId("request-state")).toHaveText("Awaiting approval");
  await expect(page.getByTestId("request-count")).toHaveText("6");

  await approverPage.goto(`/approvals/${requestId}`);
  await expectNoAccessibilityViolations(approverPage);
  await approverPage.getByRole("button", { name: "Approve and send" }).click();
  // Approving asks for a fresh code (never the sign-in's, by default): the fixture answers with the
  // authenticator's next unused step, which can be up to 30 s away.
  await expect(approverPage.getByTestId("request-state")).toHaveText("Approved", { timeout: 45_000 });
  await expect(approverPage.getByTestId("batch-progress")).toHaveText("6 of 6 rows processed (0 failed)", { timeout: 30_000 });
  await expect(page.getByTestId("batch-progress")).toHaveText("6 of 6 rows processed (0 failed)", { timeout: 30_000 });

  const [download] = await Promise.all([
    approverPage.waitForEvent("download"),
    approverPage.getByRole("link", { name: "Download results (CSV)" }).click(),
  ]);
  const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("line,amount,key_type,key,reference,result,wallet_transaction_id,wallet_status,error");
  expect(lines).toHaveLength(7);
  // Keys masked: a finance operator's export (full exports are for PERSONAL_DATA_FULL_EXPORT_ROLES).
  for (const line of lines.slice(1))
    expect(line).toMatch(/^\d+,\d+\.\d{2},EMAIL,s\*+@example\.com,bulk-[^,]+,sent,[^,]+,(PENDING|SUCCEED),$/);
});
