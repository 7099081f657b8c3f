// Cash-in from the operator's form to the payer's phone: a real BR Code, the copy button, the
// public payer page turning to "Paid" by itself after a sandbox payment, and the token never
// reaching a browser.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/csp";
import { holdLiveStatus } from "./support/live-updates";
import { hasError, parsePix } from "pix-utils";
import { e2eDataDir } from "../playwright.config";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { adminStorageState, addOperator, pageSignedInAs } from "./support/operators";
import { callServerAction } from "./support/server-actions";

const finance = { name: "Fabio Finance", email: "fabio.finance@example.com", password: "finance password 123", role: "finance" };
const viewer = { name: "Vitor Viewer", email: "vitor.viewer@example.com", password: "viewer password 123", role: "viewer" };

async function fillCashIn(page: Page, values: { amount: string; name: string; email: string; document: string }) {
  await page.goto("/cash-in");
  await page.getByLabel("Amount (R$)").fill(values.amount);
  await page.getByLabel("Payer name").fill(values.name);
  await page.getByLabel("Payer e-mail").fill(values.email);
  await page.getByLabel("Payer CPF or CNPJ").fill(values.document);
}

test.describe
  .serial("cash-in", () => {
    let financePage: Page;
    let resultPath = "";

    test.beforeAll(async ({ browser }) => {
      const adminPage = await browser.newPage({ storageState: adminStorageState });
      await addOperator(adminPage, finance);
      await addOperator(adminPage, viewer);
      await adminPage.context().close();
      financePage = await pageSignedInAs(browser, finance.email, finance.password);
      await financePage.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    });

    test("every invalid field shows its own message and nothing is sent", async () => {
      await fillCashIn(financePage, { amount: "0,00", name: "", email: "not-an-email", document: "123.456.789-00" });
      await financePage.getByRole("button", { name: "Create charge" }).click();
      await expect(financePage.getByText("The amount must be more than R$ 0,00.")).toBeVisible();
      await expect(financePage.getByText("Enter the payer's name.")).toBeVisible();
      await expect(financePage.getByText("Enter a valid e-mail address", { exact: false })).toBeVisible();
      await expect(financePage.locator("#payerDocument-error")).toBeVisible();
      await expect(financePage).toHaveURL(/\/cash-in$/);
      await expectNoAccessibilityViolations(financePage);
    });

    test("feedback before submit: focus on the first invalid field, errors on leaving a field, a counted description", async () => {
      await financePage.goto("/cash-in");
      // Empty submit: Amount comes first on screen, so it gets focus (not the CPF field).
      await financePage.getByRole("button", { name: "Create charge" }).click();
      await expect(financePage.getByLabel("Amount (R$)")).toBeFocused();
      await expect(financePage.getByText("Enter an amount in reais, like 10,50.")).toBeVisible();

      await financePage.reload();
      // After the first touch (leaving the field), the error shows without any submit…
      await financePage.getByLabel("Payer e-mail").fill("not-an-email");
      await financePage.getByLabel("Payer e-mail").press("Tab");
      await expect(financePage.getByText("Enter a valid e-mail address", { exact: false })).toBeVisible();
      // …and follows every keystroke from then on.
      await financePage.getByLabel("Payer e-mail").fill("maria@example.com");
      await expect(financePage.getByText("Enter a valid e-mail address", { exact: false })).toBeHidden();

      // The description stops at 140 characters and says so, politely.
      const description = financePage.getByLabel("Description (optional)");
      await description.fill("d".repeat(5_000));
      await expect(description).toHaveValue("d".repeat(140));
      await expect(financePage.locator("#invoiceDescription-count")).toHaveText("140/140 characters");
      await expect(financePage.locator("#invoiceDescription-count")).toHaveAttribute("aria-live", "polite");
      // Plural rules in the expiry choices: "1 hour", never "1 hours".
      await expect(financePage.getByLabel("Expires in").locator("option", { hasText: /^1 hour$/ })).toHaveCount(1);
      await expect(financePage.getByLabel("Expires in").locator("option", { hasText: "1 hours" })).toHaveCount(0);
      await expectNoAccessibilityViolations(financePage);
    });

    test("a Portuguese form shows Portuguese validation errors and focuses Valor on an empty submit", async () => {
      await financePage.goto("/cash-in");
      await financePage.getByLabel("Language").selectOption("pt-BR");
      await expect(financePage.locator("html")).toHaveAttribute("lang", "pt-BR");
      await financePage.getByRole("button", { name: "Criar cobrança" }).click();
      await expect(financePage.getByLabel("Valor (R$)")).toBeFocused();
      await expect(financePage.getByText("Informe um valor em reais, como 10,50.")).toBeVisible();
      await expect(financePage.getByText("Enter an amount in reais", { exact: false })).toHaveCount(0);
      await financePage.getByLabel("Valor (R$)").fill("10.50");
      await expect(financePage.getByText("Use vírgula antes dos centavos, como 10,50.")).toBeVisible();
      await expect(financePage.getByLabel("Expira em").locator("option", { hasText: /^1 hora$/ })).toHaveCount(1);
      await expectNoAccessibilityViolations(financePage);
      await financePage.getByLabel("Idioma").selectOption("en");
      await expect(financePage.locator("html")).toHaveAttribute("lang", "en");
    });

    test("a finance operator creates a cash-in with metadata; the payer page turns to Paid by itself after a simulated payment", async ({
      browser,
    }) => {
      await fillCashIn(financePage, { amount: "1.234,56", name: "Maria Pagadora", email: "maria@example.com", document: "529.982.247-25" });
      await financePage.getByRole("button", { name: "Add metadata row" }).click();
      await financePage.getByLabel("Key 1").fill("orderId");
      await financePage.getByLabel("Value 1").fill("A-1001");
      await financePage.getByLabel("External reference (optional)").fill("order-1001");
      const live = await holdLiveStatus(financePage);
      await financePage.getByRole("button", { name: "Create charge" }).click();

      await expect(financePage).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
      resultPath = new URL(financePage.url()).pathname;
      await expect(financePage.getByTestId("cash-in-amount")).toHaveText(/1\.234,56/);
      await expect(financePage.getByRole("img", { name: /PIX QR code/ })).toBeVisible();
      await expect(financePage.getByTestId("live-status")).toHaveText("Pending");
      await expectNoAccessibilityViolations(financePage);

      const code = await financePage.getByLabel("Pix Copia e Cola").inputValue();
      const parsed = parsePix(code);
      expect(hasError(parsed)).toBe(false);
      if (hasError(parsed)) return;
      expect(code).toMatch(/br\.gov\.bcb\.pix/i);
      expect("transactionAmount" in parsed ? parsed.transactionAmount : undefined).toBe(1234.56);

      await financePage.getByRole("button", { name: "Copy code" }).click();
      await expect(financePage.getByText("Copied to the clipboard.")).toBeVisible();
      expect(await financePage.evaluate(() => navigator.clipboard.readText())).toBe(code);

      // The payer opens the link on another device: no session at all.
      const payerPath = await financePage.getByRole("link", { name: "Open payer display" }).getAttribute("href");
      expect(payerPath).toMatch(/^\/pay\/[A-Za-z0-9_-]{32}$/);
      const payerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const payerPage = await payerContext.newPage();
      const payerResponse = await payerPage.goto(payerPath!);
      expect(payerResponse?.status()).toBe(200);
      await expect(payerPage.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(payerPage.getByTestId("payer-amount")).toHaveText(/1\.234,56/);
      await expect(payerPage.getByRole("img", { name: /QR code PIX/ })).toBeVisible();
      await expect(payerPage.getByText("maria@example.com")).toHaveCount(0);
      await expect(payerPage.getByText("A-1001")).toHaveCount(0);
      await expectNoAccessibilityViolations(payerPage);

      await financePage.getByRole("button", { name: "Simulate payment" }).click();
      await expect(financePage.getByRole("status").filter({ hasText: "Payment simulated" })).toBeVisible();
      await live.release();
      await expect(payerPage.getByRole("heading", { name: "Pago" })).toBeVisible({ timeout: 30_000 });
      await expect(financePage.getByTestId("live-status")).toHaveText("Paid", { timeout: 30_000 });
      await expect(financePage.getByTestId("live-status").locator("[data-status]")).toHaveAttribute("data-status", "SUCCEED");
      await payerContext.close();
    });

    test("Back from a created charge to the form, and the next charge is a new one (not the first one again)", async () => {
      await fillCashIn(financePage, { amount: "11,11", name: "Primeira Volta", email: "volta@example.com", document: "529.982.247-25" });
      await financePage.getByRole("button", { name: "Create charge" }).click();
      await expect(financePage).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
      const first = new URL(financePage.url()).pathname;
      await expect(financePage.getByTestId("cash-in-amount")).toHaveText(/11,11/);
      // The form showed the charge in its place: the charge's title, focus on its heading.
      await expect(financePage).toHaveTitle("Charge · Wallet Dashboard");
      await expect(financePage.getByRole("heading", { level: 1 })).toHaveText(/^Charge R\$\s11,11$/);
      await expect(financePage.getByRole("heading", { level: 1 })).toBeFocused();

      // Away to another page and Back: the charge again, at its URL (shown by the form, not yet a page of its own).
      await financePage.getByRole("link", { name: "Transactions", exact: true }).click();
      await expect(financePage).toHaveURL(/\/transactions$/);
      await financePage.goBack();
      await expect(financePage).toHaveURL(first);
      await expect(financePage.getByTestId("cash-in-amount")).toHaveText(/11,11/);

      // Back is the form again, Forward the charge again, and a reload serves the charge's own page.
      await financePage.goBack();
      await expect(financePage).toHaveURL(/\/cash-in$/);
      await expect(financePage).toHaveTitle("Cash in · Wallet Dashboard");
      await expect(financePage.getByLabel("Amount (R$)")).toBeVisible();
      await financePage.goForward();
      await expect(financePage).toHaveURL(first);
      await expect(financePage.getByTestId("cash-in-amount")).toHaveText(/11,11/);
      await financePage.reload();
      await expect(financePage.getByTestId("cash-in-amount")).toHaveText(/11,11/);
      await expect(financePage).toHaveTitle("Charge · Wallet Dashboard");

      // The router may bring the form back as it was, idempotency key included.
      await financePage.goBack();
      await expect(financePage).toHaveURL(/\/cash-in$/);
      await financePage.getByLabel("Amount (R$)").fill("22,22");
      await financePage.getByLabel("Payer name").fill("Segunda Volta");
      await financePage.getByLabel("Payer e-mail").fill("volta@example.com");
      await financePage.getByLabel("Payer CPF or CNPJ").fill("529.982.247-25");
      // A double click sends one charge (the button is disabled while it is sent).
      await financePage.getByRole("button", { name: "Create charge" }).dblclick();
      await expect(financePage).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
      expect(new URL(financePage.url()).pathname).not.toBe(first);
      await expect(financePage.getByTestId("cash-in-amount")).toHaveText(/22,22/);
      await expect(financePage.getByTestId("cash-in-payer")).toContainText("Segunda Volta");
    });

    test("the action answers with the charge only: no page is rendered into its response", async () => {
      const response = await callServerAction(financePage.request, "createCashInAction", [
        {
          idempotencyKey: crypto.randomUUID(),
          amount: "3,33",
          payerName: "Resposta Curta",
          payerEmail: "curta@example.com",
          payerDocument: "52998224725",
          expiry: "30",
          metadata: [],
        },
      ]);
      // The charge as the result view shows it (the form shows it without fetching the result page)…
      expect(response).toMatch(/"ok":true,"data":\{"transactionId":"([0-9a-f-]{36})","charge":\{"id":"\1","amount":"R\$\s3,33"/);
      expect(response).toMatch(/"codeCopyPaste":"000201/);
      // …and nothing else: a revalidation would make Next render the form page again into this
      // response, only for the browser to replace it.
      expect(response).not.toContain("Create charge");
      expect(response).not.toContain("Payer name");
    });

    test("a wallet refusal keeps what the operator typed and shows the wallet's message", async () => {
      // R$ 1.000.000,00 is within the form's limit but above the sandbox wallet's documented maximum.
      await fillCashIn(financePage, {
        amount: "1.000.000,00",
        name: "Big Spender",
        email: "big@example.com",
        document: "11.222.333/0001-81",
      });
      await financePage.getByRole("button", { name: "Create charge" }).click();
      await expect(financePage.getByRole("main").getByRole("alert")).toContainText(/cash-in/i);
      await expect(financePage).toHaveURL(/\/cash-in$/);
      await expect(financePage.getByLabel("Payer name")).toHaveValue("Big Spender");
    });

    test("a viewer cannot create a cash-in, in the UI or by calling the action directly", async ({ browser }) => {
      const viewerPage = await pageSignedInAs(browser, viewer.email, viewer.password);
      await expect(viewerPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Cash in" })).toHaveCount(0);
      await viewerPage.goto("/cash-in");
      await expect(viewerPage).toHaveURL(/\/access-denied$/);
      const response = await callServerAction(viewerPage.request, "createCashInAction", [
        {
          idempotencyKey: crypto.randomUUID(),
          amount: "10,00",
          payerName: "X",
          payerEmail: "x@example.com",
          payerDocument: "52998224725",
          expiry: "30",
          metadata: [],
        },
      ]);
      expect(response).toContain("FORBIDDEN");
      await viewerPage.context().close();
    });

    test("the wallet token appears in no client asset, page HTML or RSC payload", async () => {
      const token = JSON.parse(readFileSync(path.join(e2eDataDir, "secrets.json"), "utf8")).walletToken as string;
      expect(token.length).toBeGreaterThan(20);

      const staticDir = path.join(process.env.NEXT_DIST_DIR || ".next", "static");
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir)) {
          const full = path.join(dir, entry);
          if (statSync(full).isDirectory()) walk(full);
          else files.push(full);
        }
      };
      walk(staticDir);
      expect(files.length).toBeGreaterThan(5);
      for (const file of files) expect(readFileSync(file, "utf8").includes(token), file).toBe(false);

      expect(resultPath).not.toBe("");
      for (const pagePath of ["/cash-in", resultPath]) {
        for (const headers of [{}, { RSC: "1" }] as Record<string, string>[]) {
          const response = await financePage.request.get(pagePath, { headers });
          expect((await response.text()).includes(token)).toBe(false);
        }
      }
    });
  });
