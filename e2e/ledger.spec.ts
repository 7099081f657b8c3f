// The Transactions list as an operator uses it: cash-ins created through the form appear, a pending
// badge turns Paid by itself, filters and search narrow the list (bad values are explained, not
// fatal), the CSV download holds the filtered rows, and the Overview counts today's transactions.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/csp";
import { holdLiveStatus } from "./support/live-updates";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { adminStorageState } from "./support/operators";
import { parseCsv } from "../test/support/parse-csv";

// Unique to this run's rows, so other specs' transactions in the same database do not interfere.
const charges = [
  { amount: "45,67", name: "Lia Ledger", email: "lia.ledger@example.com", document: "529.982.247-25", reference: "ledger-e2e-lia" },
  { amount: "1.020,30", name: "Leo Ledger", email: "leo.ledger@example.com", document: "111.444.777-35", reference: "ledger-e2e-leo" },
];

async function createCashIn(page: Page, charge: (typeof charges)[number]): Promise<string> {
  await page.goto("/cash-in");
  await page.getByLabel("Amount (R$)").fill(charge.amount);
  await page.getByLabel("Payer name").fill(charge.name);
  await page.getByLabel("Payer e-mail").fill(charge.email);
  await page.getByLabel("Payer CPF or CNPJ").fill(charge.document);
  await page.getByLabel("External reference (optional)").fill(charge.reference);
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

function ledgerRow(page: Page, text: string) {
  return page.getByRole("table", { name: "Transactions, newest first" }).getByRole("row").filter({ hasText: text });
}

test.describe
  .serial("transactions ledger", () => {
    test.use({ storageState: adminStorageState });
    const ids: string[] = [];

    test("cash-ins created through the form are listed, and a pending badge turns Paid without a reload", async ({ page, browser }) => {
      for (const charge of charges) ids.push(await createCashIn(page, charge));

      await page.goto("/transactions");
      await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
      for (const [index, charge] of charges.entries()) {
        const row = ledgerRow(page, charge.name);
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(charge.name);
        await expect(row).toContainText(`R$ ${charge.amount}`);
        await expect(row).toContainText(charge.reference);
        await expect(row).toContainText("Cash in");
        await expect(row).toContainText("ana.admin@example.com");
        await expect(row.getByTestId("ledger-status")).toHaveText("Pending");
        await expect(row.getByRole("link", { name: `Open transaction ${ids[index]}` })).toHaveAttribute(
          "href",
          `/transactions/${ids[index]}`,
        );
      }
      await expectNoAccessibilityViolations(page);

      // Pay Lia's charge from another tab; the list, left alone, follows.
      const other = await browser.newPage({ storageState: adminStorageState });
      await holdLiveStatus(other); // this tab only reads its message: the list on `page` follows the payment
      await other.goto(`/cash-in/${ids[0]}`);
      await other.getByRole("button", { name: "Simulate payment" }).click();
      await expect(other.getByRole("status").filter({ hasText: "Payment simulated" })).toBeVisible();
      await other.close();
      await expect(ledgerRow(page, charges[0]!.name).getByTestId("ledger-status")).toHaveText("Paid", { timeout: 30_000 });
      await expect(ledgerRow(page, charges[1]!.name).getByTestId("ledger-status")).toHaveText("Pending");
    });

    test("a row's copy button copies the full id, says so, and shows a check for a moment", async ({ page }) => {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto("/transactions");
      const copy = ledgerRow(page, charges[1]!.name).getByRole("button", { name: `Copy transaction id ${ids[1]}` });
      // Each row's copy icon is drawn by CSS on the empty button (app/globals.css, .copy-icon): a
      // 16-pixel box painted in the text colour through the icon's shape.
      const copyIcon = () =>
        copy.evaluate((button) => {
          const icon = getComputedStyle(button, "::before");
          return { content: icon.content, width: icon.width, height: icon.height, mask: icon.maskImage, colour: icon.backgroundColor };
        });
      const drawn = await copyIcon();
      expect(drawn).toMatchObject({ content: '""', width: "16px", height: "16px" });
      expect(drawn.mask).toContain("data:image/svg+xml");
      expect(drawn.colour).toBe(await copy.evaluate((button) => getComputedStyle(button).color));
      await copy.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText("Copied to the clipboard.")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ids[1]);
      // The check replaces the copy icon for a moment, then the copy icon is back.
      await expect(copy.locator("svg.lucide-check")).toBeVisible();
      expect((await copyIcon()).content).toBe("none");
      await expect(copy.locator("svg.lucide-check")).toHaveCount(0, { timeout: 5_000 });
      expect(await copyIcon()).toEqual(drawn);
      // Only that row changed.
      await expect(ledgerRow(page, charges[0]!.name).locator("svg.lucide-check")).toHaveCount(0);
      // In forced-colors (high contrast) mode the icon keeps a colour rather than being painted over.
      await page.emulateMedia({ forcedColors: "active" });
      expect(await copy.evaluate((button) => getComputedStyle(button, "::before").forcedColorAdjust)).toBe("none");
      expect((await copyIcon()).content).toBe('""');
    });

    test("a row's link opens its detail inside the app, by mouse or Enter; with Ctrl it opens a new tab and the list stays", async ({
      page,
    }) => {
      await page.goto("/transactions");
      // A full page load would start a new document and lose this mark; an in-app navigation keeps it.
      await page.evaluate(() => Object.assign(window, { ledgerDocument: "kept" }));
      // Ctrl first, on the list as loaded: right after a Back the list can still be settling, and a
      // CI run's Ctrl-click there opened nothing (the pointer press lands where the link was).
      const secondLink = ledgerRow(page, charges[1]!.name).getByRole("link", { name: `Open transaction ${ids[1]}` });
      const newTab = page.context().waitForEvent("page");
      await secondLink.click({ modifiers: ["ControlOrMeta"] });
      const tab = await newTab;
      await tab.waitForURL(new RegExp(`/transactions/${ids[1]}$`));
      await tab.close();
      await expect(page).toHaveURL(/\/transactions$/);

      await ledgerRow(page, charges[0]!.name)
        .getByRole("link", { name: `Open transaction ${ids[0]}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/transactions/${ids[0]}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { ledgerDocument?: string }).ledgerDocument)).toBe("kept");

      await page.goBack();
      await expect(page).toHaveURL(/\/transactions$/);
      await secondLink.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/transactions/${ids[1]}$`));
      expect(await page.evaluate(() => (window as unknown as { ledgerDocument?: string }).ledgerDocument)).toBe("kept");
    });

    test("filters by status and searches, through the form, with the filters kept in the URL", async ({ page }) => {
      await page.goto("/transactions");
      const filters = page.getByRole("search", { name: "Filter and search" });
      // Compact: only the search is open; the other fields are behind "More filters".
      await expect(filters.getByLabel("Status")).toBeHidden();
      await filters.getByText("More filters").click();
      await filters.getByLabel("Status").selectOption({ label: "Paid" });
      await filters.getByRole("button", { name: "Apply" }).click();
      // Only the filled field is in the URL: no "q=&kind=&from=…".
      await expect(page).toHaveURL(/\/transactions\?status=SUCCEED$/);
      await expect(ledgerRow(page, charges[0]!.name)).toHaveCount(1);
      await expect(ledgerRow(page, charges[1]!.name)).toHaveCount(0);
      await expect(filters.getByLabel("Status")).toHaveValue("SUCCEED");

      await filters.getByText(/^More filters/).click();
      await filters.getByLabel("Status").selectOption({ label: "All statuses" });
      await filters.getByLabel("Search").fill("LEO.LED");
      await filters.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/[?&]q=LEO\.LED/);
      await expect(page.getByTestId("ledger-row")).toHaveCount(1);
      await expect(ledgerRow(page, charges[1]!.name)).toHaveCount(1);

      await page.goto(`/transactions?q=${ids[0]}`);
      await expect(page.getByTestId("ledger-row")).toHaveCount(1);
      await expect(ledgerRow(page, charges[0]!.name)).toHaveCount(1);

      await page.goto("/transactions?q=111.444.777-35");
      await expect(page.getByTestId("ledger-row")).toHaveCount(1);
      await expect(ledgerRow(page, charges[1]!.name)).toHaveCount(1);
    });

    test("active filters show as chips that remove one filter each, with the number of matching rows", async ({ page }) => {
      await page.goto("/transactions?q=ledger-e2e&kind=CASH_IN&status=SUCCEED");
      await expect(page.getByTestId("ledger-count")).toHaveText("1 matching transaction");
      const chips = page.getByRole("list", { name: "Active filters" });
      await expect(chips.getByRole("link", { name: "Remove filter Status: Paid" })).toBeVisible();
      await expect(chips.getByRole("link", { name: "Remove filter Kind: Cash in" })).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await chips.getByRole("link", { name: "Remove filter Status: Paid" }).click();
      await expect(page).toHaveURL(/\/transactions\?kind=CASH_IN&q=ledger-e2e$/);
      await expect(page.getByTestId("ledger-count")).toHaveText("2 matching transactions");
      await expect(page.getByTestId("ledger-row")).toHaveCount(2);
      await page.getByRole("link", { name: "Clear all filters" }).click();
      await expect(page).toHaveURL(/\/transactions$/);
      await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);

      // A URL with empty parameters (an old bookmark, a form without JavaScript) is cleaned up.
      await page.goto("/transactions?q=&kind=CASH_IN&status=&from=&to=&min=&max=");
      await expect(page).toHaveURL(/\/transactions\?kind=CASH_IN$/);
    });

    test("in Portuguese: chips, count and statuses in Portuguese, and the CSV is Brazilian by default", async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
      await page.goto("/transactions?q=ledger-e2e&status=SUCCEED");
      await expect(page.getByRole("heading", { level: 1, name: "Transações" })).toBeVisible();
      await expect(page.getByTestId("ledger-count")).toHaveText("1 transação encontrada");
      await expect(
        page.getByRole("list", { name: "Filtros ativos" }).getByRole("link", { name: "Remover filtro Status: Paga" }),
      ).toBeVisible();
      await expect(page.getByTestId("ledger-row").filter({ hasText: charges[0]!.name }).getByTestId("ledger-status")).toHaveText("Paga");
      await expectNoAccessibilityViolations(page);
      const downloadPromise = page.waitForEvent("download");
      await page.getByRole("link", { name: "Exportar CSV" }).click();
      const text = readFileSync((await (await downloadPromise).path())!, "utf8");
      const [header, row] = text.slice(1).split("\r\n");
      const columns = header!.split(";");
      const cells = row!.split(";");
      expect(cells[columns.indexOf("amount_reais")]).toBe("45,67");
      expect(cells[columns.indexOf("status_label")]).toBe("Paga");
    });

    test("explains invalid filters next to their fields and still shows the list", async ({ page }) => {
      const response = await page.goto("/transactions?min=abc&from=2025-02-30&status=WHATEVER&q=ledger-e2e&cursor=broken");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("alert").filter({ hasText: "Some filters were not applied" })).toBeVisible();
      await expect(page.getByLabel("Amount from (R$)")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#min-error")).toContainText("Use only digits");
      await expect(page.locator("#from-error")).toHaveText("Enter a real calendar day from 2000-01-01 to 9999-12-30, as YYYY-MM-DD.");
      await expect(page.locator("#status-error")).toHaveText("Choose a status from the list.");
      await expect(page.getByText("That page link is not valid")).toBeVisible();
      // The valid search still applies.
      await expect(page.getByTestId("ledger-row")).toHaveCount(2);
      await expectNoAccessibilityViolations(page);
    });

    test("exports the filtered set as a CSV download", async ({ page }) => {
      await page.goto("/transactions?q=ledger-e2e&kind=CASH_IN");
      const downloadPromise = page.waitForEvent("download");
      await page.getByRole("link", { name: "Export CSV" }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(/^transactions-\d{8}-\d{4}\.csv$/);
      const text = readFileSync((await download.path())!, "utf8");
      expect(text.startsWith("\uFEFF")).toBe(true);
      const [header, ...rows] = parseCsv(text.slice(1));
      const column = (name: string) => header!.indexOf(name);
      expect(rows).toHaveLength(2);
      const byReference = Object.fromEntries(rows.map((row) => [row[column("external_reference")], row]));
      expect(byReference["ledger-e2e-lia"]).toBeDefined();
      expect(byReference["ledger-e2e-lia"]![column("id")]).toBe(ids[0]);
      expect(byReference["ledger-e2e-lia"]![column("status")]).toBe("SUCCEED");
      expect(byReference["ledger-e2e-lia"]![column("amount_reais")]).toBe("45.67");
      expect(byReference["ledger-e2e-lia"]![column("amount_cents")]).toBe("4567");
      expect(byReference["ledger-e2e-leo"]![column("amount_reais")]).toBe("1020.30");
      // Masked unless asked for in full (docs/personal-data.md); the admin may ask.
      expect(byReference["ledger-e2e-leo"]![column("payer_document")]).toBe("***.444.777-**");
      expect(byReference["ledger-e2e-leo"]![column("created_by")]).toBe("ana.admin@example.com");
      const fullPromise = page.waitForEvent("download");
      await page.getByTestId("ledger-export-full").click();
      const full = await fullPromise;
      expect(full.suggestedFilename()).toMatch(/^transactions-\d{8}-\d{4}-personal-data\.csv$/);
      const [fullHeader, ...fullRows] = parseCsv(readFileSync((await full.path())!, "utf8").slice(1));
      expect(fullRows.map((row) => row[fullHeader!.indexOf("payer_document")]).sort()).toEqual(["11144477735", "52998224725"]);
    });

    test("the export and the live statuses need a session", async ({ playwright, baseURL }) => {
      const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      expect((await anonymous.get("/api/transactions/export", { maxRedirects: 0 })).status()).toBe(401);
      expect((await anonymous.get(`/api/transactions/statuses?ids=${ids[0]}`, { maxRedirects: 0 })).status()).toBe(401);
      await anonymous.dispose();
    });

    test("the Overview counts today's transactions by status and links into the list", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
      const cashIns = page.getByRole("table", { name: "Cash in created today, by status" });
      const paid = cashIns.getByRole("row", { name: /^Paid/ });
      const paidCount = Number(await paid.getByRole("link").textContent());
      expect(paidCount).toBeGreaterThanOrEqual(1);
      await expect(cashIns.getByRole("row", { name: /^Total/ })).toBeVisible();
      // Transactions exist: no first-use panel; a cash-out cannot be canceled, so no Canceled row for them.
      await expect(page.getByTestId("first-use")).toHaveCount(0);
      await expect(cashIns.getByRole("row", { name: /^Canceled/ })).toHaveCount(1);
      await expect(
        page.getByRole("table", { name: "Cash out created today, by status" }).getByRole("row", { name: /^Canceled/ }),
      ).toHaveCount(0);
      await expectNoAccessibilityViolations(page);

      await paid.getByRole("link").click();
      await expect(page).toHaveURL(/\/transactions\?.*kind=CASH_IN.*status=SUCCEED/);
      await expect(page.getByTestId("ledger-row")).toHaveCount(paidCount);
      await expect(ledgerRow(page, charges[0]!.name)).toHaveCount(1);
    });
  });
