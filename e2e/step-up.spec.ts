// Step-up before a cash-out, as an operator meets it right after signing in (a sign-in is not a
// step-up for moving money unless STEP_UP_AFTER_SIGN_IN says so): confirming asks "Confirm it is
// you", the code field has focus, a wrong code is refused, cancelling sends nothing, and the right
// code sends it. The same dialog answers a session whose last proof is over 5 minutes old; that
// rule (the clock) is tested in lib/auth/account-security.integration.test.ts, not by waiting here.
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { firstAdmin, nextTotpCode, pageSignedInAs } from "./support/operators";

// This spec answers the step-up dialog itself: no automatic answers.
test.use({ autoStepUp: false });

test("a cash-out right after signing in asks for a step-up, refuses a wrong code and sends nothing until the right one", async ({
  browser,
}) => {
  const page = await pageSignedInAs(browser, firstAdmin.email, firstAdmin.password);
  const reference = `e2e-step-up-${randomUUID().slice(0, 6)}`;
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
  await page.goto(`/transactions?q=${reference}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("cell", { name: reference })).toHaveCount(0);
  await page.goto("/cash-out");

  await page.getByLabel("Amount (R$)").fill("12,34");
  await page.getByRole("radio", { name: "E-mail" }).check();
  await page.getByLabel(/^Recipient's PIX key/).fill("payee@example.com");
  await page.getByLabel("External reference (optional)").fill(reference);
  await page.getByRole("button", { name: "Review cash-out" }).click();
  await page.getByRole("button", { name: "Confirm and send" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Code from your authenticator app").fill(await nextTotpCode(firstAdmin.email));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/cash-out\/[0-9a-f-]{36}$/);
  await page.context().close();
});
