// Shared fixtures for the end-to-end tests: the first admin (created by first-run.setup.ts) and
// helpers that act like a person would, through labels and roles. Admin and finance must use
// two-factor: signIn enrols an operator's authenticator on their first sign-in (keeping the key in
// a per-port file, like a phone would) and types a fresh code on later ones, so tests need not care.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import { accountSecurityMessages } from "../../lib/i18n/account-security-messages";
import { shellMessages } from "../../lib/i18n/shell-messages";
import { secretFromBase32, unusedTotpCode } from "../../test/support/totp-codes";

export const firstAdmin = { name: "Ana Admin", email: "ana.admin@example.com", password: "correct horse battery staple" };
// One file per e2e port, so parallel runs (different ports) never overwrite each other's session.
export const adminStorageState = `e2e/.auth/admin-${process.env.E2E_PORT ?? 3100}.json`;

/** Every operator's authenticator in this run: its manual key, the last time step used, unused backup codes. */
const authenticatorsFile = `e2e/.auth/authenticators-${process.env.E2E_PORT ?? 3100}.json`;
type Authenticator = { manualKey: string; lastStep?: number; backupCodes: string[] };

function readAuthenticators(): Record<string, Authenticator> {
  return existsSync(authenticatorsFile) ? (JSON.parse(readFileSync(authenticatorsFile, "utf8")) as Record<string, Authenticator>) : {};
}

function saveAuthenticator(email: string, authenticator: Authenticator) {
  mkdirSync(path.dirname(authenticatorsFile), { recursive: true });
  writeFileSync(authenticatorsFile, JSON.stringify({ ...readAuthenticators(), [email]: authenticator }, null, 2));
}

/** A fresh run starts with no authenticators (its database is new too). */
export function forgetAuthenticators() {
  rmSync(authenticatorsFile, { force: true });
}

export function authenticatorOf(email: string): Authenticator | undefined {
  return readAuthenticators()[email];
}

/** A code from the operator's authenticator that was not used before (a code works once). */
export async function nextTotpCode(email: string): Promise<string> {
  const authenticator = authenticatorOf(email);
  if (!authenticator) throw new Error(`${email} has no authenticator in this run`);
  const { code, step } = await unusedTotpCode(secretFromBase32(authenticator.manualKey), authenticator.lastStep);
  saveAuthenticator(email, { ...authenticator, lastStep: step });
  return code;
}

/** One of the operator's backup codes, marked as used. */
export function takeBackupCode(email: string): string {
  const authenticator = authenticatorOf(email);
  const [code, ...rest] = authenticator?.backupCodes ?? [];
  if (!authenticator || !code) throw new Error(`${email} has no backup code left`);
  saveAuthenticator(email, { ...authenticator, backupCodes: rest });
  return code;
}

/** On the enrolment page: sets up an authenticator for this operator, as they would with their phone. */
export async function enrolTwoFactor(page: Page, email: string, password: string) {
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await page.getByLabel("Your password, to confirm it is you").fill(password);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const manualKey = (await page.getByTestId("manual-key").textContent())?.trim() ?? "";
  await expect(page.getByTestId("backup-codes").getByRole("listitem")).toHaveCount(10);
  const backupCodes = await page.getByTestId("backup-codes").getByRole("listitem").allTextContents();
  saveAuthenticator(email, { manualKey, backupCodes });
  await page.getByLabel("2. Code shown by the app").fill(await nextTotpCode(email));
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

/**
 * Signs in through the sign-in page: the password, then whatever the dashboard asks next — a code
 * from the operator's authenticator, or enrolment on their first sign-in. Returns after a refusal
 * too (the page shows it), so tests can check wrong passwords and limits.
 */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const codeField = page.getByLabel("Authentication code");
  const enrolHeading = page.getByRole("heading", { name: "Set up two-factor sign-in" });
  const signedIn = page.getByRole("navigation", { name: "Main" });
  const refused = page.getByRole("main").getByRole("alert");
  const newPasswordHeading = page.getByRole("heading", { name: "Choose a new password" });
  await expect(codeField.or(enrolHeading).or(signedIn).or(refused).or(newPasswordHeading).first()).toBeVisible();
  if (await codeField.isVisible()) {
    await codeField.fill(await nextTotpCode(email));
    await page.getByRole("button", { name: "Verify code" }).click();
    await expect(signedIn.or(refused).or(newPasswordHeading).first()).toBeVisible();
  } else if (await enrolHeading.isVisible()) {
    await enrolTwoFactor(page, email, password);
  }
}

/** Matches a step-up dialog text exactly, in either language (a page in Portuguese asks in Portuguese). */
function stepUpText(key: "stepUp.title" | "stepUp.codeLabel" | "stepUp.passwordLabel" | "stepUp.submit"): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^(${literal(accountSecurityMessages.en[key])}|${literal(accountSecurityMessages["pt-BR"][key])})$`);
}

/** The step-up dialog ("Confirm it is you" / "Confirme que é você") on a page, in either language. */
export function stepUpDialog(page: Page) {
  return page.getByRole("dialog", { name: stepUpText("stepUp.title") });
}

/** When a sensitive action asks "Confirm it is you", answers with a fresh code (or the password given). */
export async function stepUpIfAsked(page: Page, options: { email?: string; password?: string; timeout?: number } = {}) {
  const dialog = stepUpDialog(page);
  if (options.timeout === 0) {
    if (!(await dialog.isVisible())) return false;
  } else {
    try {
      await dialog.waitFor({ state: "visible", timeout: options.timeout ?? 3_000 });
    } catch {
      return false;
    }
  }
  const email = options.email ?? (await signedInEmail(page));
  const tokenBefore = sessionTokenOf(await page.context().cookies());
  const codeField = dialog.getByLabel(stepUpText("stepUp.codeLabel"));
  const passwordField = dialog.getByLabel(stepUpText("stepUp.passwordLabel"));
  try {
    await expect(codeField.or(passwordField).first()).toBeVisible();
    if (await codeField.isVisible()) await codeField.fill(await nextTotpCode(email), { timeout: 15_000 });
    else await passwordField.fill(options.password ?? "", { timeout: 15_000 });
    await dialog.getByRole("button", { name: stepUpText("stepUp.submit") }).click({ timeout: 15_000 });
    await expect(dialog).toBeHidden();
  } catch (error) {
    // Called directly (addOperator) on a page whose automatic answer (e2e/support/csp.ts) is on, the
    // locator handler can run first, inside one of the steps above, and answer the dialog itself:
    // then the dialog is gone and there is nothing left to do.
    if (!(await dialog.isVisible())) return true;
    throw error;
  }
  // A step-up issues a new session token. When this page used the saved admin session, save the new
  // one, or every later spec would start from a token that no longer works.
  // Without the page's language cookie: a spec that set one (journeys, in Portuguese) must not turn
  // every later spec's pages into that language.
  if (tokenBefore && tokenBefore === savedAdminSessionToken()) {
    const state = await page.context().storageState();
    writeFileSync(adminStorageState, JSON.stringify({ ...state, cookies: state.cookies.filter((cookie) => cookie.name !== "locale") }));
  }
  return true;
}

function sessionTokenOf(cookies: Array<{ name: string; value: string }>): string | undefined {
  return cookies.find((cookie) => cookie.name.endsWith("session_token"))?.value;
}

function savedAdminSessionToken(): string | undefined {
  try {
    return sessionTokenOf(
      (JSON.parse(readFileSync(adminStorageState, "utf8")) as { cookies: Array<{ name: string; value: string }> }).cookies,
    );
  } catch {
    return undefined;
  }
}

/** The header's "Signed in as <email>" / "Conectado como <email>": the page may be in either language. */
async function signedInEmail(page: Page): Promise<string> {
  const either = [shellMessages.en["shell.signedInAs"], shellMessages["pt-BR"]["shell.signedInAs"]];
  return (
    (
      await page
        .getByText(new RegExp(`^(${either.join("|")})`))
        .locator("strong")
        .first()
        .textContent()
    )?.trim() ?? ""
  );
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
  const added = page.getByRole("status").filter({ hasText: "Operator added." });
  // Adding an operator needs a step-up when the admin's last one is older than 5 minutes.
  await expect(added.or(stepUpDialog(page)).first()).toBeVisible();
  await stepUpIfAsked(page, { timeout: 0 });
  await expect(added).toBeVisible();
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

/**
 * A new page on the first admin's saved session (first-run.setup.ts), for tests that are not about
 * signing in: each fresh sign-in spends an authenticator code, and a code works once per 30-second
 * step, so signing in again and again mostly waits for the clock.
 */
export async function savedAdminPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ storageState: adminStorageState })).newPage();
}
