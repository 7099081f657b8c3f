// The merchant's identity in Portuguese (#51): an admin sets the legal name, an alphanumeric CNPJ and
// an SVG logo (a CPF and a scripted SVG are refused on their fields first); the payer page shows them,
// and a paid charge's receipt PDF prints the legal name and the formatted CNPJ (its text read back)
// and carries the logo as an image the size the dashboard drew it; the receipt's public check names them.
import { readFileSync } from "node:fs";
import { extractImages, extractText, getDocumentProxy } from "unpdf";
import { booksMessages } from "../lib/i18n/books-messages";
import { cashInMessages } from "../lib/i18n/cash-in-messages";
import { merchantIdentityMessages } from "../lib/i18n/merchant-identity-messages";
import { overviewAlertsMessages as overviewMessages } from "../lib/i18n/overview-alerts-messages";
import { storeMessages } from "../lib/i18n/store-messages";
import { storeScopeMessages } from "../lib/i18n/store-scope-messages";
import { sandboxAccountToken } from "../lib/sandbox-wallet/accounts";
import { e2eDataDir } from "../playwright.config";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { expect, test } from "./support/csp";
import { addOperator, pageSignedInAs, savedAdminPage, stepUpIfAsked } from "./support/operators";

const t = { ...merchantIdentityMessages["pt-BR"], ...cashInMessages["pt-BR"], ...booksMessages["pt-BR"], ...storeMessages["pt-BR"] };
const legalName = "Açaí do Conceição Comércio Ltda.";
const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#7c3aed"/>${body}</svg>`,
  );

test("an admin sets the merchant's CNPJ and logo in Portuguese; the payer page and a receipt PDF show them", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const page = await savedAdminPage(browser);
  await page.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
  await page.goto("/settings/merchant");
  await expect(page.getByRole("heading", { level: 1, name: t["merchant.title"] })).toBeVisible();
  const form = page.getByTestId("merchant-identity-form");
  await form.getByLabel(t["merchant.legalName"]).fill(legalName);
  // A CPF where the CNPJ goes, and an SVG with a script: each refused on its own field.
  // Sent by Enter in the field: a click right after typing can miss the button, which the blur's
  // message under the field moves down between press and release.
  await form.getByLabel(t["merchant.cnpj"]).fill("529.982.247-25");
  await form.getByLabel(t["merchant.cnpj"]).press("Enter");
  await expect(form.getByText(t["errors.merchant.cnpjNotCpf"])).toBeVisible();
  await expect(form.getByLabel(t["merchant.cnpj"])).toBeFocused();
  await form.getByLabel(t["merchant.cnpj"]).fill("12.abc.345/01de-35");
  const logo = form.getByLabel(t["merchant.logo"]);
  await logo.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svg("<script>alert(1)</script>") });
  await form.getByRole("button", { name: t["merchant.save"] }).click();
  await expect(form.getByText(t["errors.merchant.logoScript"])).toBeVisible();
  await logo.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svg("") });
  await form.getByRole("button", { name: t["merchant.save"] }).click();
  await expect(form.getByRole("status").filter({ hasText: t["merchant.saved"] })).toBeVisible();
  await expect(form.getByRole("img", { name: t["merchant.logoCurrent"] })).toBeVisible();
  await expect(form.getByLabel(t["merchant.cnpj"])).toHaveValue("12.ABC.345/01DE-35");
  await expectNoAccessibilityViolations(page);

  // A charge, paid in the sandbox.
  await page.goto("/cash-in");
  await page.getByLabel(t["cashIn.form.amount"]).fill("45,67");
  await page.getByLabel(t["cashIn.form.payerName"]).fill("Rita Recibo");
  await page.getByLabel(t["cashIn.form.payerEmail"]).fill("rita@example.com");
  await page.getByLabel(t["cashIn.form.payerDocument"]).fill("529.982.247-25");
  await page.getByRole("button", { name: t["cashIn.form.submit"] }).click();
  await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  // The payer sees whom they pay: the legal name and the CNPJ, with the logo.
  const payerPath = (await page.getByRole("link", { name: t["cashIn.result.openPayerDisplay"] }).getAttribute("href"))!;
  const payer = await page.context().newPage();
  await payer.goto(payerPath);
  await expect(payer.getByTestId("merchant-identity")).toContainText(`${legalName} · CNPJ 12.ABC.345/01DE-35`);
  await expect(payer.getByTestId("merchant-identity").locator("img")).toBeVisible();
  await expectNoAccessibilityViolations(payer);
  await payer.close();
  await page.getByRole("button", { name: t["cashIn.result.simulatePayment"] }).click();
  await expect(page.getByTestId("live-status")).toHaveText("Paga", { timeout: 30_000 });

  await page.goto(`/transactions/${id}`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("receipt-pdf-pt-BR").click()]);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(await download.path())));
  const { text } = await extractText(pdf, { mergePages: true });
  const words = text.replace(/\s+/g, " ");
  expect(words).toContain(legalName);
  expect(words).toContain("12.ABC.345/01DE-35");
  expect(words).toContain(`${t["receipt.notProvided"]} ${t["receipt.notProvidedValue"]}`);
  // The logo as the dashboard drew it: 480 × 160 pixels (the 3:1 SVG fitted to its box).
  const images = await extractImages(pdf, 1);
  expect(images.filter((image) => image.width === 480 && image.height === 160)).toHaveLength(1);
  // The receipt's public check names the merchant the same way.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: t["receipt.copyLink"] }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  await page.goto(link);
  await expect(page.getByTestId("verify-genuine").getByTestId("merchant-identity")).toContainText("CNPJ 12.ABC.345/01DE-35");
  await page.context().close();
});

// Issue #49, in Portuguese: an admin adds a second store whose wallet is a second account of the
// embedded sandbox (its token derived from the main one, as `npm run sandbox:token -- --account` prints
// it); the check on save passes, the list shows only the token's last 4; a charge made for that store
// is paid in its account and settled by the callback that account sends.
test("an admin adds a store with its own sandbox account; a charge made for it is paid there and settles", async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const mainToken = JSON.parse(readFileSync(`${e2eDataDir}/secrets.json`, "utf8")).walletToken as string;
  const token = sandboxAccountToken(mainToken, "loja-centro");
  const page = await savedAdminPage(browser);
  await page.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
  await page.goto("/settings/stores");
  await expect(page.getByRole("heading", { level: 1, name: t["stores.title"] })).toBeVisible();
  const form = page.getByTestId("create-store-form");
  await form.getByLabel(t["stores.name"], { exact: true }).fill("Loja Centro");
  await form.getByLabel(t["stores.payerFacingName"]).fill("Padaria Centro");
  await form.getByLabel(t["stores.holderDocument"]).fill("11.222.333/0001-81");
  await form.getByLabel(t["stores.baseUrl"]).fill(`${baseURL}/sandbox`);
  await form.getByLabel(t["stores.token"], { exact: true }).fill(token);
  await form.getByRole("button", { name: t["stores.create"] }).click();
  await expect(form.getByRole("status").filter({ hasText: t["stores.created"] })).toBeVisible({ timeout: 15_000 });
  const row = page.getByTestId("store-row").filter({ hasText: "Loja Centro" });
  await expect(row.getByTestId("store-connection")).toHaveText(`${baseURL}/sandbox, token terminado em ····${token.slice(-4)}`);
  await expect(page.locator("body")).not.toContainText(token);
  await expectNoAccessibilityViolations(page);

  await page.goto("/cash-in");
  await page.getByLabel(t["stores.chooseStore"], { exact: true }).selectOption({ label: "Loja Centro" });
  await page.getByLabel(t["cashIn.form.amount"]).fill("12,34");
  await page.getByLabel(t["cashIn.form.payerName"]).fill("Bia Centro");
  await page.getByLabel(t["cashIn.form.payerEmail"]).fill("bia@example.com");
  await page.getByLabel(t["cashIn.form.payerDocument"]).fill("529.982.247-25");
  await page.getByRole("button", { name: t["cashIn.form.submit"] }).click();
  await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
  // Paid in the store's own sandbox account (the sandbox tools call the transaction's store's wallet);
  // the main account would answer 404. Its callback settles the charge.
  await page.getByRole("button", { name: t["cashIn.result.simulatePayment"] }).click();
  await expect(page.getByTestId("live-status")).toHaveText("Paga", { timeout: 30_000 });
  const storeCharge = page.url().split("/").at(-1)!;
  await page.context().close();

  // A cashier whose role applies to Loja Centro only (issue #49): the admin grants it on the
  // operators page; signed in, the cashier's ledger holds that store's charge and nothing of the
  // first store's (the merchant-identity test's charge above), and sees no store switcher.
  const cashier = { name: "Caio Caixa", email: "caio.caixa@example.com", password: "caixa da loja centro 2026", role: "finance" };
  const admin = await savedAdminPage(browser);
  await addOperator(admin, cashier);
  const grants = admin.getByRole("row").filter({ hasText: cashier.email }).getByTestId("store-grants");
  await grants.getByLabel(storeScopeMessages.en["operators.storesSome"]).check();
  await grants.getByLabel("Loja Centro").check();
  await grants.getByRole("button", { name: storeScopeMessages.en["operators.saveStores"] }).click();
  await stepUpIfAsked(admin);
  await expect(grants.getByRole("status").filter({ hasText: storeScopeMessages.en["operators.storesSaved"] })).toBeVisible();
  await admin.context().close();
  const cashierPage = await pageSignedInAs(browser, cashier.email, cashier.password);
  await cashierPage.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
  await cashierPage.goto("/transactions");
  await expect(cashierPage.getByTestId("ledger-row")).toHaveCount(1);
  await expect(cashierPage.getByTestId("ledger-row").getByRole("link").first()).toHaveAttribute("href", `/transactions/${storeCharge}`);
  await expect(cashierPage.getByTestId("store-switcher")).toHaveCount(0);

  // The cashier charges: their one store is the charge's (no store to choose), paid in its account.
  await cashierPage.goto("/cash-in");
  await expect(cashierPage.getByLabel(t["stores.chooseStore"], { exact: true })).toHaveCount(0);
  await cashierPage.getByLabel(t["cashIn.form.amount"]).fill("7,89");
  await cashierPage.getByLabel(t["cashIn.form.payerName"]).fill("Caio Pagador");
  await cashierPage.getByLabel(t["cashIn.form.payerEmail"]).fill("caio.pagador@example.com");
  await cashierPage.getByLabel(t["cashIn.form.payerDocument"]).fill("529.982.247-25");
  await cashierPage.getByRole("button", { name: t["cashIn.form.submit"] }).click();
  await expect(cashierPage).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
  await cashierPage.getByRole("button", { name: t["cashIn.result.simulatePayment"] }).click();
  await expect(cashierPage.getByTestId("live-status")).toHaveText("Paga", { timeout: 30_000 });
  await cashierPage.goto("/transactions");
  await expect(cashierPage.getByTestId("ledger-row")).toHaveCount(2);
  await cashierPage.context().close();

  // The admin's statement of the day: Loja Centro's holds its two charges, and every store's adds
  // Loja Centro's to the first store's (the switcher in the header narrows it).
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const lead = await savedAdminPage(browser);
  await lead.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
  const choose = async (storeLabel: string) => {
    const switcher = lead.getByTestId("store-switcher");
    await switcher.getByLabel(storeScopeMessages["pt-BR"]["storeSwitcher.label"]).selectOption({ label: storeLabel });
    await switcher.getByRole("button", { name: storeScopeMessages["pt-BR"]["storeSwitcher.apply"] }).click();
    await expect(switcher.getByLabel(storeScopeMessages["pt-BR"]["storeSwitcher.label"])).toHaveValue(
      storeLabel === storeScopeMessages["pt-BR"]["storeSwitcher.all"] ? "" : /[0-9a-f-]{36}/,
    );
  };
  const settledCashIn = async (storeLabel: string) => {
    await choose(storeLabel);
    const figure = lead
      .getByTestId("statement")
      .locator("dt", { hasText: t["statement.cashIn"] })
      .locator("xpath=following-sibling::dd[1]");
    return Number(((await figure.textContent()) ?? "").replace(/\D/g, ""));
  };
  await lead.goto(`/statements?day=${today}`);
  const storeNames = (await lead.getByTestId("store-switcher").locator("option").allInnerTexts()).slice(1);
  const firstStore = storeNames.find((name) => name !== "Loja Centro")!;
  const centro = await settledCashIn("Loja Centro");
  const first = await settledCashIn(firstStore);
  const all = await settledCashIn(storeScopeMessages["pt-BR"]["storeSwitcher.all"]);
  expect(centro).toBe(1_234 + 789);
  expect(all).toBe(first + centro);

  // The Overview's default range likewise: Loja Centro's received cash-in is its two charges, and
  // every store's adds it to the first store's.
  await lead.goto("/");
  const overviewCashIn = async (storeLabel: string) => {
    await choose(storeLabel);
    const figure = lead
      .getByTestId("period-summary")
      .locator("dt", { hasText: overviewMessages["pt-BR"]["charts.summary.cashIn"] })
      .locator("xpath=following-sibling::dd[1]");
    return Number(((await figure.textContent()) ?? "").replace(/\D/g, ""));
  };
  const centroOverview = await overviewCashIn("Loja Centro");
  const firstOverview = await overviewCashIn(firstStore);
  const allOverview = await overviewCashIn(storeScopeMessages["pt-BR"]["storeSwitcher.all"]);
  expect(centroOverview).toBe(1_234 + 789);
  expect(allOverview).toBe(firstOverview + centroOverview);
  await lead.context().close();
});
