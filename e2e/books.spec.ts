// Closing the books in the browser: a paid charge's receipt downloaded as a PDF in Portuguese and
// in English (its text read back), its "copy receipt link" opening the public check (genuine, and
// an altered code refused), and the day's statement downloaded as XLSX and PDF in both languages;
// first the admin saves the daily summary's settings. One finance operator of its own, one sign-in,
// one walk.
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { extractText, getDocumentProxy } from "unpdf";
import { booksMessages } from "../lib/i18n/books-messages";
import { expect, test } from "./support/csp";
import { addOperator, pageSignedInAs, savedAdminPage } from "./support/operators";

const finance = { name: "Beatriz Books", email: "beatriz.books@example.com", password: "books password 1234", role: "finance" };

async function pdfTextOf(path: string): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(readFileSync(path))), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

test("a paid charge's receipt and the day's statement, in Portuguese and English", async ({ browser }) => {
  test.setTimeout(90_000);
  const adminPage = await savedAdminPage(browser);
  await addOperator(adminPage, finance);
  // The daily summary's settings (admins; the form hook): a time and a recipient's box are saved and
  // come back after a reload; an emptied time is refused on its field, which gets the focus. The
  // summary stays off (nothing is sent during the other specs).
  await adminPage.goto("/statements");
  const summary = adminPage.getByRole("form", { name: "Daily summary by e-mail" });
  const sendAt = summary.getByLabel("Time (São Paulo)");
  const recipient = summary.getByLabel(`${finance.name} <${finance.email}>`);
  await sendAt.fill("07:15");
  await recipient.check();
  await summary.getByRole("button", { name: "Save summary settings" }).click();
  await expect(summary.getByRole("status")).toHaveText("Summary settings saved.");
  await adminPage.reload();
  await expect(sendAt).toHaveValue("07:15");
  await expect(recipient).toBeChecked();
  await expect(summary.getByLabel("Send the daily summary")).not.toBeChecked();
  await sendAt.fill("");
  await summary.getByRole("button", { name: "Save summary settings" }).click();
  await expect(summary.getByText("Enter a time as hours and minutes, like 08:00.")).toBeVisible();
  await expect(sendAt).toBeFocused();
  // The opening balance (set once, audited; the form hook with the action's schema): an amount typed
  // the English way is refused on its field, in the words every amount field uses; then it is set
  // and the page says who set it instead of the form.
  const opening = adminPage.getByRole("form", { name: "Opening balance" });
  // Clicked right after typing: the press does not blur the field, so its message cannot move the
  // button away before the release (components/forms/use-action-form.ts, keepFocusOnSubmitPress).
  await opening.getByLabel("Balance (R$)").fill("10.50");
  await opening.getByRole("button", { name: "Set the opening balance" }).click();
  await expect(opening.getByText("Use a comma before the centavos, like 10,50.")).toBeVisible();
  await expect(opening.getByLabel("Balance (R$)")).toBeFocused();
  await opening.getByLabel("Balance (R$)").fill("1.234,56");
  await opening.getByRole("button", { name: "Set the opening balance" }).click();
  await expect(adminPage.getByTestId("opening-balance")).toContainText(/Opening balance R\$\s1\.234,56, set by /);
  await expect(opening).toHaveCount(0);
  await adminPage.context().close();
  const page = await pageSignedInAs(browser, finance.email, finance.password);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

  await page.goto("/cash-in");
  await page.getByLabel("Amount (R$)").fill("321,09");
  await page.getByLabel("Payer name").fill("Joana Recibo");
  await page.getByLabel("Payer e-mail").fill("joana@example.com");
  await page.getByLabel("Payer CPF or CNPJ").fill("529.982.247-25");
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByRole("button", { name: "Simulate payment" }).click();
  await expect(page.getByTestId("live-status")).toHaveText("Paid", { timeout: 30_000 });

  await page.goto(`/transactions/${id}`);
  const receipt = page.getByTestId("receipt-actions");
  await expect(receipt).toBeVisible();
  for (const [testId, words] of [
    ["receipt-pdf-pt-BR", ["Comprovante de pagamento PIX", "R$ 321,09", "***.982.247-**", "Paga"]],
    ["receipt-pdf-en", ["PIX payment receipt", "R$ 321,09", "***.982.247-**", "Paid"]],
  ] as const) {
    const [download] = await Promise.all([page.waitForEvent("download"), receipt.getByTestId(testId).click()]);
    const text = await pdfTextOf(await download.path());
    for (const word of words) expect(text).toContain(word);
    expect(text).not.toContain("529.982.247-25");
  }

  await receipt.getByRole("button", { name: "Copy receipt link" }).click();
  await expect(page.getByText("Receipt link copied.")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/verify\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
  const anonymous = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const supplier = await anonymous.newPage();
  await supplier.goto(link);
  await expect(supplier.getByTestId("verify-genuine")).toBeVisible();
  await expect(supplier.getByTestId("verify-amount")).toHaveText(/321,09/);
  await expect(supplier.getByText("Joana Recibo")).toHaveCount(0);
  await supplier.screenshot({ path: "docs/screenshots/receipt-verification-pt-BR-laptop.png" });
  const altered = link.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
  await supplier.goto(altered);
  await expect(supplier.getByTestId("verify-not-genuine")).toBeVisible();
  await anonymous.close();

  // Today's statement: the paid charge is in it; XLSX and PDF in both languages.
  await page.goto("/statements");
  await page.getByLabel("Day").fill(
    await page
      .getByLabel("Day")
      .getAttribute("max")
      .then((max) => max!),
  );
  await page.getByRole("button", { name: "Show" }).first().click();
  const statement = page.getByTestId("statement");
  // Other specs on this server may have charged today too, so the totals are not this charge's
  // alone: the charge itself is looked for in the statement's lines (the XLSX below).
  await expect(statement.getByRole("heading", { level: 2, name: /^Statement of / })).toBeVisible();
  await expect(statement).toContainText(/Settled cash-in \([1-9]\d*\)/);
  // Today is not over: the close button stays reachable and says why it cannot be used (#51).
  const closeDay = statement.getByRole("button", { name: "Close this day" });
  await expect(closeDay).toHaveAttribute("aria-disabled", "true");
  await expect(closeDay).toHaveAccessibleDescription(/This day is not over yet \(São Paulo time\)/);
  await page.screenshot({ path: "docs/screenshots/statements-en-laptop.png", fullPage: true });
  for (const locale of ["pt-BR", "en"] as const) {
    const [xlsx] = await Promise.all([page.waitForEvent("download"), statement.getByTestId(`statement-xlsx-${locale}`).click()]);
    expect(xlsx.suggestedFilename()).toMatch(
      locale === "pt-BR" ? /^extrato-\d{4}-\d{2}-\d{2}\.xlsx$/ : /^statement-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    const lines = workbook.getWorksheet(locale === "pt-BR" ? "Lançamentos" : "Transactions")!;
    // The amount column found by its header, in the file's language.
    const headers = (lines.getRow(1).values as unknown[]).slice(1);
    const amountColumn = headers.indexOf(booksMessages[locale]["statement.column.amount"]) + 1;
    expect(amountColumn).toBeGreaterThan(0);
    const amounts: number[] = [];
    lines.eachRow((row, number) => {
      if (number > 1) amounts.push(row.getCell(amountColumn).value as number);
    });
    expect(amounts).toContain(321.09);
    const [pdf] = await Promise.all([page.waitForEvent("download"), statement.getByTestId(`statement-pdf-${locale}`).click()]);
    expect(await pdfTextOf(await pdf.path())).toContain(locale === "pt-BR" ? "Extrato de" : "Statement of");
  }
});
