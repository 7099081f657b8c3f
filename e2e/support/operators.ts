// Shared fixtures for the end-to-end tests: the first admin (created by first-run.setup.ts) and
// helpers that act like a person would, through labels and roles.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";

export const firstAdmin = { name: "Ana Admin", email: "ana.admin@example.com", password: "correct horse battery staple" };
// One file per e2e port, so parallel runs (different ports) never overwrite each other's session.
export const adminStorageState = `e2e/.auth/admin-${process.env.E2E_PORT ?? 3100}.json`;

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

/** Adds an operator through the Operators page, as the signed-in admin. */
export async function addOperator(page: Page, operator: { name: string; email: string; password: string; role: string }) {
  await page.goto("/operators");
  const form = page.getByRole("form", { name: "Add an operator" });
  await form.getByLabel("Full name").fill(operator.name);
  await form.getByLabel("E-mail").fill(operator.email);
  await form.getByLabel(/Initial password/).fill(operator.password);
  await form.getByLabel("Role").selectOption(operator.role);
  await form.getByRole("button", { name: "Add operator" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Operator added." })).toBeVisible();
}

/** A new browser context signed in as the given operator. */
export async function pageSignedInAs(browser: Browser, email: string, password: string): Promise<Page> {
  // An empty storage state: inside a test.use({ storageState }) block, new contexts inherit it otherwise.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  return page;
}

export async function expectNoAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
}
