// Step-up before a cash-out, as an operator meets it: right after signing in (a sign-in is not a
// step-up for moving money unless STEP_UP_AFTER_SIGN_IN says so), and once the session's last proof
// of the second factor is over 5 minutes old, confirming asks "Confirm it is you", a wrong code is
// refused and nothing is sent until a right one is given. A file of its own, so scripts/e2e.sh can
// run it in the group that reaches it after the 5 minutes have mostly passed anyway.
import { statSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/csp";
import { adminStorageState, expectNoAccessibilityViolations, firstAdmin, nextTotpCode, pageSignedInAs } from "./support/operators";

// This spec answers the step-up dialog itself: no automatic answers.
test.use({ autoStepUp: false });

const suffix = randomUUID().slice(0, 6);

test("a cash-out right after signing in asks for a step-up first (STEP_UP_AFTER_SIGN_IN unset)", async ({ browser }) => {
  const page = await pageSignedInAs(browser, firstAdmin.email, firstAdmin.password);
  await page.goto("/cash-out");
  await page.getByLabel("Amount (R$)").fill("5,00");
  await page.getByRole("radio", { name: "E-mail" }).check();
  await page.getByLabel(/^Recipient's PIX key/).fill("payee@example.com");
  await page.getByLabel("External reference (optional)").fill(`e2e-after-sign-in-${suffix}`);
  await page.getByRole("button", { name: "Review cash-out" }).click();
  await page.getByRole("button", { name: "Confirm and send" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Code from your authenticator app").fill(await nextTotpCode(firstAdmin.email));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/cash-out\/[0-9a-f-]{36}$/);
  await page.context().close();
});

test("a cash-out confirm asks for a step-up once the sign-in's is over 5 minutes old, refuses a wrong code, and sends nothing until it is right", async ({
  browser,
}) => {
  // The saved admin session stepped up when first-run.setup enrolled; wait until that is stale.
  const staleAfter = statSync(adminStorageState).mtimeMs + 5 * 60_000 + 5_000;
  test.setTimeout(Math.max(0, staleAfter - Date.now()) + 120_000);
  if (Date.now() < staleAfter) await new Promise((resolve) => setTimeout(resolve, staleAfter - Date.now()));

  const page = await (await browser.newContext({ storageState: adminStorageState })).newPage();
  const reference = `e2e-step-up-${suffix}`;
  await page.goto("/cash-out");
  await page.getByLabel("Amount (R$)").fill("12,34");
  await page.getByRole("radio", { name: "E-mail" }).check();
  await page.getByLabel(/^Recipient's PIX key/).fill("payee@example.com");
  await page.getByLabel("External reference (optional)").fill(reference);
  await page.getByRole("button", { name: "Review cash-out" }).click();
  await page.getByRole("button", { name: "Confirm and send" }).click();

  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Code from your authenticator app")).toBeFocused();
  await expectNoAccessibilityViolations(page);
  // A made-up code (one chance in a million to be the current one).
  await dialog.getByLabel("Code from your authenticator app").fill("000000");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert")).toContainText("The code is wrong.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Confirm it is you" })).toBeVisible();

  // Nothing reached the wallet or the ledger.
  const other = await (await browser.newContext({ storageState: adminStorageState })).newPage();
  await other.goto(`/transactions?q=${reference}`);
  await expect(other.getByRole("cell", { name: reference })).toHaveCount(0);
  await other.context().close();

  await page.getByRole("button", { name: "Confirm and send" }).click();
  await dialog.getByLabel("Code from your authenticator app").fill(await nextTotpCode(firstAdmin.email));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/cash-out\/[0-9a-f-]{36}$/);
  // The step-up rotated the saved admin session's token: save the new one for the specs after this.
  await page.context().storageState({ path: adminStorageState });
  await page.context().close();
});
