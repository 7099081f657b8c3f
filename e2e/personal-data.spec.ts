// Personal data (docs/personal-data.md) as operators meet it: a viewer's ledger shows documents and
// e-mails masked; an admin shows one in full on its detail page; an admin takes a person's erasure
// request from search to done, in English and in Portuguese. One admin context (the saved session)
// and one viewer context; CPFs made up per run, so no other spec's payer is erased.
import { randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/csp";
import { addOperator, adminStorageState, pageSignedInAs } from "./support/operators";

const run = randomUUID().slice(0, 8);
const viewer = { name: "Vic Viewer", email: `vic.viewer.${run}@example.com`, password: "viewer password 12345", role: "viewer" };

/** A valid CPF no other spec uses: nine random digits and their two check digits. */
function madeUpCpf(): string {
  const digits = Array.from({ length: 9 }, () => randomInt(10));
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join("");
}
const formatted = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

async function createCashIn(page: Page, payer: { name: string; email: string; cpf: string }) {
  await page.goto("/cash-in");
  await page.getByLabel("Amount (R$)").fill("12,34");
  await page.getByLabel("Payer name").fill(payer.name);
  await page.getByLabel("Payer e-mail").fill(payer.email);
  await page.getByLabel("Payer CPF or CNPJ").fill(payer.cpf);
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

test.describe("personal data", () => {
  test.use({ storageState: adminStorageState });

  test("masked for a viewer, shown to an admin on request, and erased on a person's request in both languages", async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const first = { name: `Titular ${run}`, email: `titular.${run}@example.com`, cpf: madeUpCpf() };
    const second = { name: `Segunda ${run}`, email: `segunda.${run}@example.com`, cpf: madeUpCpf() };
    const firstId = await createCashIn(page, first);
    await createCashIn(page, second);
    await addOperator(page, viewer);

    // The viewer's ledger: the payer's e-mail masked; the detail masked, with no "show".
    const viewerPage = await pageSignedInAs(browser, viewer.email, viewer.password);
    await viewerPage.goto(`/transactions?q=${first.cpf}`);
    const row = viewerPage.getByTestId("ledger-row").filter({ hasText: first.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`t${"*".repeat(`titular.${run}`.length - 1)}@example.com`);
    await expect(viewerPage.locator("main")).not.toContainText(first.email);
    await viewerPage.goto(`/transactions/${firstId}`);
    await expect(viewerPage.getByTestId("personal-data")).toContainText(masked(first.cpf));
    await expect(viewerPage.getByRole("button", { name: "Show in full" })).toHaveCount(0);
    await viewerPage.context().close();

    // The admin shows it in full (audited).
    await page.goto(`/transactions/${firstId}`);
    await expect(page.getByTestId("personal-data")).toContainText(masked(first.cpf));
    await page.getByRole("button", { name: "Show in full" }).click();
    await expect(page.getByTestId("personal-data")).toContainText(`${first.email} · ${formatted(first.cpf)}`);
    await expect(page.getByText("Shown in full (recorded in the audit log).")).toBeVisible();

    // An erasure request, from search to done, in English.
    await page.goto("/personal-data");
    await page.getByLabel("CPF/CNPJ, e-mail or phone").fill(formatted(first.cpf));
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page.getByTestId("person-found")).toHaveText("Records found: 1");
    await expect(page.getByTestId("person-record")).toContainText(masked(first.cpf));
    await page.getByLabel("Reason").fill("The person asked by e-mail");
    await page.getByLabel("Request reference").fill(`LGPD-${run}-1`);
    await page.getByRole("button", { name: "Erase this person's data" }).click();
    await expect(page.getByTestId("erase-outcome")).toHaveText("Erased: records anonymised: 1. Amounts, ids, statuses and dates are kept.");
    await expect(page.getByTestId("person-found")).toHaveText("Nothing is held about this person.");

    // And in Portuguese, by e-mail.
    await context.addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
    await page.goto("/personal-data");
    await page.getByLabel("CPF/CNPJ, e-mail ou telefone").fill(second.email);
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page.getByTestId("person-found")).toHaveText("Registros encontrados: 1");
    await page.getByLabel("Motivo").fill("Pedido do titular");
    await page.getByLabel("Referência do pedido").fill(`LGPD-${run}-2`);
    await page.getByRole("button", { name: "Eliminar os dados desta pessoa" }).click();
    await expect(page.getByTestId("erase-outcome")).toHaveText(
      "Eliminado: registros anonimizados: 1. Valores, ids, status e datas foram mantidos.",
    );
    await expect(page.getByTestId("person-found")).toHaveText("Não há dados sobre esta pessoa.");
    await context.addCookies([{ name: "locale", value: "en", url: baseURL! }]);

    // The ledger still lists the charge, amount kept, personal data gone.
    await page.goto(`/transactions/${firstId}`);
    await expect(page.locator("main")).toContainText("R$ 12,34");
    await expect(page.locator("main")).not.toContainText(first.name);
    // Where the payer was, the page says when it was anonymised (today, São Paulo time).
    await expect(page.getByTestId("anonymised-on")).toHaveText(/^Anonymised on \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  });
});
