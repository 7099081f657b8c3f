// The very first start: no operator exists, so every page leads to the one-time setup, which
// creates the first admin and then disappears for good.
import { expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { adminStorageState, enrolTwoFactor, firstAdmin, forgetAuthenticators } from "./support/operators";

test("a fresh install leads to setup, creates the first admin, and setup is gone afterwards", async ({ page }) => {
  forgetAuthenticators();
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Set up Wallet Dashboard" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Every field says what is wrong before anything is sent.
  await page.getByRole("button", { name: "Create administrator" }).click();
  await expect(page.getByText("Enter the person's name.")).toBeVisible();
  await expect(page.getByText("Enter an e-mail address.")).toBeVisible();
  await expect(page.getByText("Password must have at least 12 characters.")).toBeVisible();

  await page.getByLabel("Full name").fill(firstAdmin.name);
  await page.getByLabel("E-mail").fill(firstAdmin.email);
  await page.getByLabel("Password (at least 12 characters)").fill(firstAdmin.password);
  await page.getByLabel("Repeat the password").fill("something else entirely");
  await page.getByRole("button", { name: "Create administrator" }).click();
  await expect(page.getByText("The two passwords do not match.")).toBeVisible();

  await page.getByLabel("Repeat the password").fill(firstAdmin.password);
  await page.getByRole("button", { name: "Create administrator" }).click();
  // Administrators must use two-factor: the first one enrols an authenticator before anything else.
  await expect(page).toHaveURL(/\/enrol-two-factor$/);
  await expectNoAccessibilityViolations(page);
  await enrolTwoFactor(page, firstAdmin.email, firstAdmin.password);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${firstAdmin.email}`)).toBeVisible();
  // Nothing recorded yet: the Overview says what to do first instead of showing tables of zeros.
  const firstUse = page.getByTestId("first-use");
  await expect(firstUse.getByRole("heading", { name: "Welcome: nothing has been recorded yet" })).toBeVisible();
  await expect(firstUse.getByRole("link", { name: /Create a PIX charge/ })).toHaveAttribute("href", "/cash-in");
  await expect(firstUse.getByRole("link", { name: /Try the sandbox/ })).toHaveAttribute("href", "/sandbox");
  await expect(page.getByTestId("today-CASH_IN")).toHaveCount(0);
  await page.context().storageState({ path: adminStorageState });

  const setupAgain = await page.goto("/setup");
  expect(setupAgain?.status()).toBe(404);
});
