// Lists that sort and remember (issue #53), in Portuguese, on a laptop and a phone: the ledger sorted
// by amount both ways, a saved view (filter, order, a hidden and a moved column) opened by its URL
// in a viewer's session, a built-in view, "mês passado" followed by the filter and the export, the
// Overview's period and its export, and Ctrl+K finding a transaction by CPF; axe in both colour schemes,
// here on the ledger and on the list pages whose own specs do not check both.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { addOperator, adminStorageState, pageSignedInAs } from "./support/operators";

const charge = {
  amount: "7,77",
  name: "Tina Tabela",
  email: "tina.tabela@example.com",
  document: "390.533.447-05",
  reference: "tables-e2e",
};

/** The amounts of the rows shown, in cents, in the table's order. */
async function shownAmounts(page: Page): Promise<number[]> {
  const cells = await page.getByTestId("ledger-row").locator("td:nth-child(3)").allInnerTexts();
  return cells.map((text) => Number(text.replace(/\D/g, "")));
}

const viewer = { name: "Vera Visões", email: "vera.visoes@example.com", password: "viewer password 789", role: "viewer" };

/** What the ledger shows: its column headers and its rows' ids, in order. */
async function shownTable(page: Page) {
  return {
    headers: await page.getByRole("table").getByRole("columnheader").allInnerTexts(),
    rows: await page
      .getByTestId("ledger-row")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
  };
}

const descending = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1]! >= value);
const ascending = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1]! <= value);

test.describe
  .serial("tables: sort, period, command palette (pt-BR)", () => {
    test.use({ storageState: adminStorageState });
    let chargeId = "";

    test.beforeAll(async ({ browser, baseURL }) => {
      const page = await browser.newPage({ storageState: adminStorageState });
      await page.context().addCookies([{ name: "locale", value: "en", url: baseURL! }]);
      for (const amount of [charge.amount, "777,77"]) {
        await page.goto("/cash-in");
        await page.getByLabel("Amount (R$)").fill(amount);
        await page.getByLabel("Payer name").fill(charge.name);
        await page.getByLabel("Payer e-mail").fill(charge.email);
        await page.getByLabel("Payer CPF or CNPJ").fill(charge.document);
        await page.getByLabel("External reference (optional)").fill(charge.reference);
        await page.getByRole("button", { name: "Create charge" }).click();
        await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
        chargeId = new URL(page.url()).pathname.split("/").at(-1)!;
      }
      await addOperator(page, viewer);
      // A payment link, so its list has a row for axe (below).
      await page.goto("/payment-links");
      await page.getByLabel("Name", { exact: true }).fill("Mesa de tabelas");
      await page.getByLabel("Amount (R$)").fill("12,00");
      await page.getByRole("button", { name: "Create link" }).click();
      await expect(page).toHaveURL(/\/payment-links\/[0-9a-f-]{36}$/);
      await page.close();
    });

    test.beforeEach(async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
    });

    test("the ledger sorts by amount both ways from its header, announced with aria-sort", async ({ page }) => {
      await page.goto("/transactions");
      await page.getByRole("link", { name: "Valor: Maior valor primeiro" }).click();
      await expect(page).toHaveURL(/[?&]sort=-amount/);
      const header = page.getByRole("columnheader", { name: /Valor/ });
      await expect(header).toHaveAttribute("aria-sort", "descending");
      await expect(page.getByRole("table", { name: "Transações, maior valor primeiro" })).toBeVisible();
      expect(descending(await shownAmounts(page))).toBe(true);
      await expectNoAccessibilityViolations(page);
      await page.emulateMedia({ colorScheme: "dark" });
      await expectNoAccessibilityViolations(page);
      await page.emulateMedia({ colorScheme: "light" });

      await page.getByRole("link", { name: "Valor: Menor valor primeiro" }).click();
      await expect(page).toHaveURL(/[?&]sort=amount/);
      await expect(header).toHaveAttribute("aria-sort", "ascending");
      const amounts = await shownAmounts(page);
      expect(ascending(amounts)).toBe(true);
      expect(amounts).toContain(777);

      // By keyboard: from the first key pressed, the rows are one tab stop; the arrows move, Enter opens the row.
      const rows = page.getByTestId("ledger-row");
      await page.keyboard.press("Tab");
      await expect(rows.first()).toHaveAttribute("tabindex", "0");
      await expect(rows.nth(1)).toHaveAttribute("tabindex", "-1");
      await rows.first().focus();
      await page.keyboard.press("ArrowDown");
      await expect(rows.nth(1)).toBeFocused();
      await expect(rows.first()).toHaveAttribute("tabindex", "-1");
      await expect(page.getByRole("table", { name: "Transações, menor valor primeiro" })).toHaveAccessibleDescription(
        /setas para cima e para baixo/,
      );
      const second = await rows.nth(1).getByRole("link").first().getAttribute("href");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${second}$`));
    });

    test("on a phone the order is chosen in the filters, and kept by the page links", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/transactions");
      const filters = page.getByRole("search", { name: "Filtrar e buscar" });
      await filters.getByText("Mais filtros").click();
      await filters.getByLabel("Ordem").selectOption({ label: "Maior valor primeiro" });
      await filters.getByRole("button", { name: "Aplicar" }).click();
      await expect(page).toHaveURL(/\/transactions\?sort=-amount$/);
      expect(descending(await shownAmounts(page))).toBe(true);
      await expect(page.getByRole("link", { name: "Remover filtro Ordem: Maior valor primeiro" })).toBeVisible();
      // A view's columns hold on the cards too: a hidden column's field is not there at all.
      await page.goto("/transactions?cols=amount.time");
      await expect(page.getByTestId("ledger-row").first().locator("td")).toHaveCount(2);
      // A list whose headers are its only order control shows them as links above the cards.
      await page.goto("/operators");
      const order = page.getByRole("navigation", { name: /^Ordem: / });
      await expect(order).toBeVisible();
      await order.getByTestId("phone-sort-name").click();
      await expect(page).toHaveURL(/\/operators\?sort=-name$/);
      await expect(page.getByRole("navigation", { name: /^Ordem: / }).getByTestId("phone-sort-name")).toHaveAttribute(
        "aria-current",
        "true",
      );
    });

    test("a saved view keeps its filter, order and columns, and opens by its URL in a viewer's session", async ({
      page,
      browser,
      baseURL,
    }) => {
      await page.goto("/transactions?kind=CASH_IN&sort=-amount");
      // Columns, by keyboard: hide the reference, move the amount up to the first place.
      await page.getByText("Colunas", { exact: true }).click();
      await page.getByRole("checkbox", { name: "Referência externa" }).uncheck();
      const up = page.getByRole("button", { name: "Mover Valor para cima" });
      await up.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText("Valor agora é a coluna 1 de 7.")).toBeVisible();
      // At the top, focus moves to the other button of the same column.
      await expect(page.getByRole("button", { name: "Mover Valor para baixo" })).toBeFocused();
      await page.getByRole("radio", { name: "Compacta" }).check();
      await expectNoAccessibilityViolations(page);
      await page.getByRole("link", { name: "Aplicar colunas" }).click();
      await expect(page).toHaveURL(/cols=amount\.kind\.status\.party\.createdBy\.time&density=compact$/);
      await expect(page.getByRole("columnheader", { name: "Referência externa" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Exportar CSV" })).not.toHaveAttribute("href", /cols=/);

      await page.getByText("Visões", { exact: true }).click();
      await page.getByLabel("Nome desta visão").fill("Cobranças por valor");
      await page.getByRole("button", { name: "Salvar visão" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Visão “Cobranças por valor” salva." })).toBeVisible();
      await expect(page.getByRole("link", { name: "Cobranças por valor" })).toHaveAttribute("aria-current", "page");
      await page.emulateMedia({ colorScheme: "dark" });
      await expectNoAccessibilityViolations(page);
      await page.emulateMedia({ colorScheme: "light" });

      const shown = await shownTable(page);
      expect(shown.headers).toEqual([
        "Transação",
        "Valor",
        "Tipo",
        "Status",
        "Pagador ou chave PIX",
        "Criada por",
        "Criada em (São Paulo)",
      ]);
      await page.reload();
      await page.getByText("Visões", { exact: true }).click();
      const viewUrl = await page.getByRole("link", { name: "Cobranças por valor" }).getAttribute("href");
      expect(viewUrl).toMatch(/^\/transactions\?kind=CASH_IN&sort=-amount&cols=/);

      // Another operator (a viewer) opens the same URL: the same columns and rows; their own list is empty.
      const other = await pageSignedInAs(browser, viewer.email, viewer.password);
      await other.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
      await other.goto(viewUrl!);
      expect(await shownTable(other)).toEqual(shown);
      await other.getByText("Visões", { exact: true }).click();
      await expect(other.getByText("Nenhuma visão salva ainda", { exact: false })).toBeVisible();

      // A built-in view: pending for more than 15 minutes.
      await other.getByRole("link", { name: "Pendentes há mais de 15 min" }).click();
      await expect(other).toHaveURL(/\/transactions\?status=PENDING&older=15$/);
      await expect(other.getByRole("link", { name: "Remover filtro Criada há mais de: 15 min" })).toBeVisible();
      // This run's charges are minutes old: none of them is listed.
      await expect(other.getByTestId("ledger-row").filter({ hasText: "tables-e2e" })).toHaveCount(0);
      await other.context().close();

      // A page with an invalid filter is not saved as something else: the save says why.
      await page.goto("/transactions?status=PAGO");
      await page.getByText("Visões", { exact: true }).click();
      await page.getByLabel("Nome desta visão").fill("Quebrada");
      await page.getByRole("button", { name: "Salvar visão" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Estes filtros não podem ser salvos" })).toBeVisible();

      // Its owner renames and deletes it.
      await page.getByRole("button", { name: "Renomear visão Cobranças por valor" }).click();
      await page.getByLabel("Novo nome de Cobranças por valor").fill("Cobranças grandes");
      await page.getByRole("button", { name: "Salvar nome" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Visão renomeada como “Cobranças grandes”." })).toBeVisible();
      await page.getByRole("button", { name: "Excluir visão Cobranças grandes" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Visão “Cobranças grandes” excluída." })).toBeVisible();
      await expect(page.getByText("Nenhuma visão salva ainda", { exact: false })).toBeVisible();

      // Each control open, in English too; Escape closes one and gives the focus back to its
      // button, and opening the other closes the first (a click outside it).
      await page.context().addCookies([{ name: "locale", value: "en", url: baseURL! }]);
      await page.goto("/transactions?cols=time%2Camount");
      const views = page.getByText("Views", { exact: true });
      await views.click();
      await expectNoAccessibilityViolations(page);
      await page.getByLabel("Name of this view").press("Escape");
      await expect(page.getByLabel("Name of this view")).toBeHidden();
      await expect(views).toBeFocused();
      await views.click();
      await page.getByText("Columns", { exact: true }).click();
      await expect(page.getByLabel("Name of this view")).toBeHidden();
      await expect(page.getByRole("button", { name: "Move Created at (São Paulo) up" })).toBeDisabled();
      await expectNoAccessibilityViolations(page);
    });

    test("'Mês passado' sets the ledger's period, and its chip and export follow", async ({ page }) => {
      await page.goto("/transactions");
      const filters = page.getByRole("search", { name: "Filtrar e buscar" });
      await filters.getByText("Mais filtros").click();
      await filters.getByRole("combobox", { name: "Período" }).selectOption({ label: "Mês passado" });
      // The fields show the preset's days, the Brazilian way.
      await expect(filters.getByLabel("De (dia em São Paulo)")).toHaveValue(/^01\/\d{2}\/\d{4}$/);
      await filters.getByRole("button", { name: "Aplicar" }).click();
      await expect(page).toHaveURL(/\/transactions\?period=lastMonth$/);
      await expect(page.getByRole("link", { name: "Remover filtro Período: Mês passado" })).toBeVisible();
      // This run's charges are today's: last month lists none of them.
      await expect(page.getByTestId("ledger-row").filter({ hasText: "tables-e2e" })).toHaveCount(0);
      const exportLink = page.getByRole("link", { name: "Exportar CSV" });
      await expect(exportLink).toHaveAttribute("href", /period=lastMonth/);
      const exported = await page.request.get((await exportLink.getAttribute("href"))!);
      expect(exported.status()).toBe(200);
      expect(await exported.text()).not.toContain("tables-e2e");

      // The calendar opens on demand and picks custom days.
      await filters.getByText(/^Mais filtros/).click();
      await filters.getByRole("button", { name: "Escolher os dias no calendário" }).click();
      await expect(filters.getByRole("grid")).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });

    test("the Overview's 'Mês passado' drives its charts and its export link", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("combobox", { name: "Período" }).selectOption({ label: "Mês passado" });
      await page.getByRole("button", { name: "Mostrar" }).click();
      await expect(page).toHaveURL(/range=lastMonth/);
      await expect(page.getByTestId("overview-period-export")).toHaveAttribute("href", /period=lastMonth/);
      await expect(page.getByTestId("chart-period")).toContainText("/");
      await expectNoAccessibilityViolations(page);
    });

    // The lists' pages not checked in both colour schemes by their own specs (the ledger is above, the
    // callback log in callback-binding, the Approvals queue in approvals, an endpoint's deliveries in
    // events), each with rows from this run: a full axe run in the light scheme and in the dark one.
    test("every other list page is axe clean in both colour schemes", async ({ page }) => {
      for (const [path, rows] of [
        ["/audit-log", page.getByTestId("audit-row")],
        ["/operators", page.getByRole("row").filter({ hasText: viewer.email })],
        ["/customers", page.getByRole("row").filter({ hasText: charge.name })],
        ["/payment-links", page.getByRole("row").filter({ hasText: "Mesa de tabelas" })],
        ["/settings/api-keys", undefined],
      ] as const) {
        await page.goto(path);
        await expect(page.locator("h1")).toBeVisible();
        if (rows) await expect(rows.first()).toBeVisible();
        await page.emulateMedia({ colorScheme: "light" });
        await expectNoAccessibilityViolations(page);
        await page.emulateMedia({ colorScheme: "dark" });
        await expectNoAccessibilityViolations(page);
      }
      await page.emulateMedia({ colorScheme: "light" });

      // The customers directory's Columns control: the columns chosen, in their order, kept by its order's link.
      await page.goto("/customers?cols=paid.document&density=compact");
      await expect(page.getByTestId("customers-table").getByRole("columnheader")).toHaveText(["Cliente", "Total pago", "CPF/CNPJ"]);
      await expect(page.getByRole("link", { name: /^Total pago:/ })).toHaveAttribute("href", /cols=paid\.document&density=compact/);
      await page.getByText("Colunas", { exact: true }).click();
      await expect(page.getByRole("checkbox", { name: "Cobranças" })).not.toBeChecked();
      await expectNoAccessibilityViolations(page);

      // The audit log's (every list's, through components/ui/list-look.tsx): its look kept by the order's
      // link; the panel (loaded on opening) moves a column by keyboard and applies it as a link.
      await page.goto("/audit-log?cols=outcome.action&density=compact");
      const audit = page.getByTestId("audit-table");
      await expect(audit.getByRole("columnheader")).toHaveText(["Quando", "Resultado", "Ação"]);
      await expect(audit).toHaveAttribute("data-density", "compact");
      await expect(page.getByRole("link", { name: /^Quando:/ })).toHaveAttribute("href", /cols=outcome\.action&density=compact/);
      await page.getByTestId("audit-log-columns").getByText("Colunas", { exact: true }).click();
      await expect(page.getByRole("checkbox", { name: "Quem" })).not.toBeChecked();
      await page.getByRole("button", { name: "Mover Ação para cima" }).press("Enter");
      await expect(page.getByRole("status").filter({ hasText: "Ação agora é a coluna 1 de 4." })).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await page.getByRole("link", { name: "Aplicar colunas" }).click();
      await expect(audit.getByRole("columnheader")).toHaveText(["Quando", "Ação", "Resultado"]);
    });

    test("Ctrl+K finds a transaction by CPF and opens it", async ({ page }) => {
      await page.goto("/");
      const palette = page.getByRole("dialog", { name: "Paleta de comandos" });
      // A press before the page has hydrated does nothing (its listener is not there yet), as for a
      // person: press again until the palette opens (on CI's busy cores the load event can come
      // seconds before hydration). Not while it is showing: a second press closes it.
      await expect(async () => {
        if (!(await palette.isVisible())) await page.keyboard.press("Control+k");
        await expect(palette).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
      await palette.getByRole("combobox").fill(charge.document);
      const found = palette.getByRole("option").filter({ hasText: chargeId.slice(0, 8) });
      await expect(found).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await palette.getByRole("combobox").press("Enter");
      await expect(page).toHaveURL(new RegExp(`/transactions/${chargeId}$`));

      // Pages and actions by name, accents or not.
      await page.keyboard.press("Control+k");
      await page.getByRole("dialog", { name: "Paleta de comandos" }).getByRole("combobox").fill("nova cobranca");
      await page.getByRole("option", { name: "Nova cobrança" }).click();
      await expect(page).toHaveURL(/\/cash-in$/);
    });
  });
