// The foundation as a person meets it: signing in and out, roles, the shell, languages,
// the failed sign-in limit, and the accessibility of every page.
import { expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { adminStorageState, addOperator, firstAdmin, pageSignedInAs, signIn, signOut } from "./support/operators";
import { callServerAction } from "./support/server-actions";

const signedInPages = [
  "/",
  "/cash-in",
  "/cash-out",
  "/transactions",
  "/customers",
  "/payment-links",
  "/callback-logs",
  "/sandbox",
  "/operators",
  "/audit-log",
  "/access-denied",
];
const viewer = { name: "Vera Viewer", email: "vera.viewer@example.com", password: "viewer password 123", role: "viewer" };

test.describe("signed in as the first admin", () => {
  test.use({ storageState: adminStorageState });

  // axe scans every page, in both languages and colour schemes, in e2e/phone-and-language.spec.ts;
  // this walk checks the navigation itself, and scans the one page that walk does not visit.
  test("every page of the shell is reachable from the navigation, which marks the current one", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("sandbox-banner")).toContainText("Sandbox wallet");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of [
      "Overview",
      "Cash in",
      "Payment links",
      "Cash out",
      "Transactions",
      "Customers",
      "Callback logs",
      "Sandbox",
      "Operators",
      "Audit log",
    ]) {
      await nav.getByRole("link", { name, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
    }
    await page.goto("/access-denied");
    await expectNoAccessibilityViolations(page);
  });

  test("the language can be switched to Brazilian Portuguese and is remembered", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Language").selectOption("pt-BR");
    await expect(page.getByRole("heading", { level: 1, name: "Visão geral" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Visão geral" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expectNoAccessibilityViolations(page);
    await page.getByLabel("Idioma").selectOption("en");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  });

  test("an admin adds a viewer, who can read but not manage operators, in the UI or by calling the action directly", async ({
    page,
    browser,
  }) => {
    await addOperator(page, viewer);
    await expect(page.getByRole("cell", { name: viewer.email, exact: true })).toBeVisible();
    await page.goto("/audit-log");
    await expect(page.getByRole("cell", { name: "operator.create" }).first()).toBeVisible();

    const viewerPage = await pageSignedInAs(browser, viewer.email, viewer.password);
    const nav = viewerPage.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Transactions" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Operators" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Cash out" })).toHaveCount(0);
    await viewerPage.goto("/operators");
    await expect(viewerPage).toHaveURL(/\/access-denied$/);

    const response = await callServerAction(viewerPage.request, "createOperatorAction", [
      { name: "Mallory", email: "mallory@example.com", password: "mallory password 1", role: "admin" },
    ]);
    expect(response).toContain("FORBIDDEN");
    await page.goto("/operators");
    await expect(page.getByRole("cell", { name: "mallory@example.com", exact: true })).toHaveCount(0);
    await viewerPage.context().close();
  });
});

test.describe("signed out", () => {
  test("signing in and out works, and every signed-in page and action is refused afterwards", async ({ page }) => {
    await signIn(page, firstAdmin.email, firstAdmin.password);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await signOut(page);
    for (const path of signedInPages) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/sign-in$/);
    }
    await expectNoAccessibilityViolations(page);
    for (const action of ["createOperatorAction", "changeOperatorRoleAction"]) {
      const response = await callServerAction(page.request, action, [
        { userId: "x", role: "admin", name: "x", email: "x@example.com", password: "x".repeat(12) },
      ]);
      expect(response).toContain("UNAUTHENTICATED");
    }
  });

  test("a wrong password says so; the fourth wrong password in a row within a minute is refused as too many attempts", async ({
    page,
    browser,
  }) => {
    const adminPage = await browser.newContext({ storageState: adminStorageState }).then((context) => context.newPage());
    const target = { name: "Lia Locked", email: "lia.locked@example.com", password: "lia correct password", role: "finance" };
    await addOperator(adminPage, target);
    await adminPage.context().close();

    for (let attempt = 1; attempt <= 3; attempt++) {
      await signIn(page, target.email, "not the password");
      await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong e-mail or password.");
    }
    await signIn(page, target.email, "not the password");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(/Too many failed sign-in attempts/);
    // Even the right password waits for the minute to pass.
    await signIn(page, target.email, target.password);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(/Too many failed sign-in attempts/);
  });

  test("the health endpoint reports the database and the wallet", async ({ request }) => {
    const response = await request.get("/api/health");
    const body = await response.json();
    expect(body.database).toMatchObject({ ok: true, kind: "pglite" });
    expect(body.wallet).toHaveProperty("ok");
  });
});
