// The audit log as people read it: action names instead of codes, details as labelled values
// instead of JSON, filters (action, operator, days) with chips and a count, no empty query
// parameters, in English and Portuguese.
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { addOperator, adminStorageState, firstAdmin } from "./support/operators";

const run = randomUUID().slice(0, 8);
const newcomer = { name: "Otto Audit", email: `otto.audit.${run}@example.com`, password: "audit password 12345", role: "finance" };

test.describe("the audit log", () => {
  test.use({ storageState: adminStorageState });

  test("names actions and details readably, and filters by action, operator and day", async ({ page }) => {
    await addOperator(page, newcomer);
    await page.goto("/audit-log");
    const filters = page.getByRole("search", { name: "Filter the audit log" });
    await filters.getByLabel("Action").selectOption({ label: "Operator added" });
    await filters.getByLabel("Operator").selectOption({ value: firstAdmin.email });
    await filters.getByRole("button", { name: "Apply" }).click();
    // Only the chosen filters travel in the URL.
    await expect(page).toHaveURL(
      new RegExp(`/audit-log\\?action=operator\\.create&operator=${encodeURIComponent(firstAdmin.email).replaceAll(".", "\\.")}$`),
    );

    const rows = page.getByTestId("audit-row");
    await expect(rows.first()).toBeVisible();
    expect(await rows.evaluateAll((all) => all.every((row) => row.getAttribute("data-action") === "operator.create"))).toBe(true);
    const row = rows.filter({ hasText: newcomer.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Operator added");
    await expect(row).toContainText("Succeeded");
    await expect(row.getByRole("definition").filter({ hasText: "Finance" })).toBeVisible();
    // No raw JSON anywhere.
    await expect(page.locator("main")).not.toContainText('{"');
    await expect(page.getByTestId("audit-count")).toHaveText(/^\d+ matching events?$/);

    const chips = page.getByRole("list", { name: "Active filters" });
    await expect(chips.getByRole("link", { name: "Remove filter Action: Operator added" })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // A day with nothing in it (long before this run) empties the list; the filter shows as a chip.
    await page.goto("/audit-log?action=operator.create&from=2020-01-01&to=2020-01-02&operator=");
    await expect(page).toHaveURL(/\/audit-log\?action=operator\.create&from=2020-01-01&to=2020-01-02$/);
    await expect(page.getByText("No event matches these filters.")).toBeVisible();
    await expect(page.getByTestId("audit-count")).toHaveText("0 matching events");
    await expect(chips.getByRole("link", { name: /^Remove filter From \(São Paulo day\): 1 Jan 2020$/ })).toBeVisible();
  });

  test("in Portuguese", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
    await page.goto("/audit-log?action=operator.create");
    await expect(page.getByRole("heading", { level: 1, name: "Auditoria" })).toBeVisible();
    await expect(page.getByTestId("audit-row").first()).toContainText("Operador adicionado");
    await expect(page.getByTestId("audit-count")).toHaveText(/^\d+ eventos? encontrados?$/);
    await expect(
      page.getByRole("list", { name: "Filtros ativos" }).getByRole("link", { name: "Remover filtro Ação: Operador adicionado" }),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
});
