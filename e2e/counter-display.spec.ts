// The counter display, with a cashier and a payer-facing screen in two browser contexts: an admin
// pairs a screen with a one-time code; charges from the cash-in form ("Show on counter") and the
// quick charge appear on it without a reload; a simulated payment turns the display, the result
// page and the payer page to "Pago"; an expired charge shows "Expirada" and returns to idle; the
// display session is refused by the dashboard; revoking signs the display out. Screenshots of the
// display's states at tablet size go to docs/counter-display/.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/csp";
import { e2eBaseUrl, e2eDataDir } from "../playwright.config";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { addOperator, adminStorageState, pageSignedInAs, stepUpIfAsked } from "./support/operators";
import { callServerAction } from "./support/server-actions";

const cashier = { name: "Carla Caixa", email: "carla.caixa@example.com", password: "cashier password 123", role: "finance" };
const screenshots = "docs/counter-display";
const landscape = { width: 1280, height: 800 };
const portrait = { width: 800, height: 1280 };

async function newDisplay(browser: Browser): Promise<{ context: BrowserContext; display: Page }> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: landscape });
  const display = await context.newPage();
  return { context, display };
}

async function showPairingCode(admin: Page): Promise<string> {
  await admin.goto("/counters");
  await admin.getByRole("button", { name: "Pair a display: Caixa 1" }).click();
  // Pairing asks for a step-up when the admin's last one is older than 5 minutes (so it depends on
  // what ran before on this server): answer it here, as addOperator does. Reading the code alone
  // (textContent) waited forever: it does not trigger the automatic answer's locator handler.
  const codeShown = admin.getByTestId("pairing-code");
  await expect(codeShown.or(admin.getByRole("dialog", { name: "Confirm it is you" })).first()).toBeVisible();
  await stepUpIfAsked(admin, { timeout: 0 });
  const code = (await codeShown.textContent())?.trim() ?? "";
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/); // typed as shown: the dashes are ignored
  return code;
}

async function walletIdOf(page: Page, transactionId: string): Promise<string> {
  await page.goto(`/transactions/${transactionId}`);
  const walletId = await page.locator("dd span.font-mono").nth(1).textContent();
  return walletId!.trim();
}

test.describe
  .serial("counter display", () => {
    let admin: Page;
    let cashierPage: Page;
    let displayContext: BrowserContext;
    let display: Page;

    test.beforeAll(async ({ browser }) => {
      mkdirSync(screenshots, { recursive: true });
      admin = await (await browser.newContext({ storageState: adminStorageState })).newPage();
      await addOperator(admin, cashier);
      cashierPage = await pageSignedInAs(browser, cashier.email, cashier.password);
      ({ context: displayContext, display } = await newDisplay(browser));
    });

    test.afterAll(async () => {
      await displayContext?.close();
    });

    test("an admin adds a counter with the quick-charge payer", async () => {
      await admin.goto("/counters");
      await expect(admin.getByText("No counter yet.")).toBeVisible();
      const form = admin.getByRole("form", { name: "Add a counter" });
      await form.getByLabel("Counter name").fill("Caixa 1");
      await form.getByRole("button", { name: "Add counter" }).click();
      await expect(form.getByText("Enter the payer name quick charges use.")).toBeVisible();
      await form.getByLabel("Payer name").fill("Consumidor Final");
      await form.getByLabel("Payer e-mail").fill("caixa1@loja.example");
      await form.getByLabel("Payer CPF or CNPJ").fill("11.222.333/0001-81");
      await form.getByRole("button", { name: "Add counter" }).click();
      await expect(admin.getByRole("heading", { name: "Caixa 1" })).toBeVisible();
      await expectNoAccessibilityViolations(admin);
    });

    test("a screen pairs with a one-time code, in Portuguese, and shows the idle screen", async () => {
      // Pairing steps up with the admin's authenticator, which may wait for a fresh 30-second step
      // (shared with the other specs on this server), beside two other e2e groups on two cores.
      test.setTimeout(150_000);
      await display.goto("/display");
      await expect(display.getByRole("heading", { name: "Parear esta tela" })).toBeVisible();
      await expectNoAccessibilityViolations(display);
      await display.getByLabel("Código de pareamento").fill("WRONG234");
      await display.getByRole("button", { name: "Parear" }).click();
      await expect(display.locator("#pairing-error")).toHaveText(
        "Este código está errado, já foi usado ou expirou. Peça um novo a um administrador.",
      );
      await display.screenshot({ path: `${screenshots}/pairing.png` });

      const code = await showPairingCode(admin);
      await display.getByLabel("Código de pareamento").fill(code.toLowerCase());
      await display.getByRole("button", { name: "Parear" }).click();
      await expect(display.getByText("Aguardando a próxima cobrança")).toBeVisible();
      await expectNoAccessibilityViolations(display);
      await display.screenshot({ path: `${screenshots}/idle.png` });

      // The code works once.
      const other = await newDisplay(admin.context().browser()!);
      await other.display.goto("/display");
      await other.display.getByLabel("Código de pareamento").fill(code);
      await other.display.getByRole("button", { name: "Parear" }).click();
      await expect(other.display.locator("#pairing-error")).toBeVisible();
      await other.context.close();

      await admin.reload();
      await expect(admin.getByTestId("paired-device")).toHaveCount(1);
    });

    test("a display session is refused by every dashboard page and action", async () => {
      const request = displayContext.request;
      for (const pagePath of ["/", "/cash-in", "/quick-charge", "/transactions", "/counters", "/operators", "/audit-log", "/sandbox"]) {
        const response = await request.get(pagePath, { maxRedirects: 0 });
        expect([302, 303, 307, 308], pagePath).toContain(response.status());
        expect(response.headers().location, pagePath).toMatch(/\/sign-in$/);
      }
      expect((await request.get("/api/transactions/00000000-0000-4000-8000-000000000000/status")).status()).toBe(401);
      expect((await request.get("/api/transactions/export")).status()).toBe(401);
      for (const [action, input] of [
        [
          "createCashInAction",
          {
            idempotencyKey: crypto.randomUUID(),
            amount: "10,00",
            payerName: "X",
            payerEmail: "x@example.com",
            payerDocument: "52998224725",
            expiry: "30",
            metadata: [],
          },
        ],
        ["createQuickChargeAction", { idempotencyKey: crypto.randomUUID(), counterId: crypto.randomUUID(), amount: "10,00" }],
        ["createPairingCodeAction", { counterId: crypto.randomUUID() }],
        [
          "createCounterAction",
          { name: "Evil", defaultPayerName: "X", defaultPayerEmail: "x@example.com", defaultPayerDocument: "52998224725" },
        ],
      ] as const) {
        expect(await callServerAction(request, action, [input]), action).toContain("UNAUTHENTICATED");
      }
    });

    test("a charge from the cash-in form appears on the display without a reload; paying it turns the display, the result page and the payer page to Pago", async ({
      browser,
    }) => {
      await display.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await cashierPage.goto("/cash-in");
      await cashierPage.getByLabel("Amount (R$)").fill("87,50");
      await cashierPage.getByLabel("Payer name").fill("Paula Pagadora");
      await cashierPage.getByLabel("Payer e-mail").fill("paula@example.com");
      await cashierPage.getByLabel("Payer CPF or CNPJ").fill("529.982.247-25");
      await cashierPage.getByLabel("Show on counter").selectOption({ label: "Caixa 1" });
      await cashierPage.getByRole("button", { name: "Create charge" }).click();
      await expect(cashierPage).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);

      await expect(display.getByTestId("display-amount")).toHaveText(/87,50/);
      expect(await display.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await expect(display.getByRole("img", { name: /QR code Pix para pagar R\$\s87,50/ })).toBeVisible();
      const box = await display.getByRole("img", { name: /QR code Pix/ }).boundingBox();
      expect(box!.height).toBeGreaterThan(landscape.height * 0.6);
      await expect(display.locator("summary", { hasText: "Pix Copia e Cola" })).toBeVisible();
      await expect(display.getByText("Aguardando pagamento")).toBeVisible();
      await expect(display.getByText("paula@example.com")).toHaveCount(0);
      await expectNoAccessibilityViolations(display);
      await display.screenshot({ path: `${screenshots}/charge-landscape.png` });

      // The copy-and-paste code on the display is the charge's.
      const code = await cashierPage.getByLabel("Pix Copia e Cola").inputValue();
      await display.locator("summary", { hasText: "Pix Copia e Cola" }).click();
      await expect(display.getByLabel("Pix Copia e Cola")).toHaveValue(code);

      const payerPath = await cashierPage.getByRole("link", { name: "Open payer display" }).getAttribute("href");
      const payerContext = await browser.newContext({
        storageState: { cookies: [], origins: [] },
        viewport: { width: 390, height: 844 },
        isMobile: true,
      });
      const payer = await payerContext.newPage();
      await payer.goto(payerPath!);
      // Phone first: the copy button comes before the QR code.
      const copyBox = await payer.getByRole("button", { name: "Copiar código PIX" }).boundingBox();
      const qrBox = await payer.getByRole("img", { name: /QR code PIX/ }).boundingBox();
      expect(copyBox!.y).toBeLessThan(qrBox!.y);
      await expectNoAccessibilityViolations(payer);

      await cashierPage.getByRole("button", { name: "Simulate payment" }).click();
      await expect(display.getByRole("heading", { name: "Pago" })).toBeVisible({ timeout: 10_000 });
      await display.screenshot({ path: `${screenshots}/paid.png` });
      await expect(cashierPage.getByTestId("live-status")).toHaveText("Paid", { timeout: 10_000 });
      await expect(payer.getByRole("heading", { name: "Pago" })).toBeVisible({ timeout: 10_000 });
      await payerContext.close();

      // Back to idle after a few seconds.
      await expect(display.getByText("Aguardando a próxima cobrança")).toBeVisible({ timeout: 15_000 });
    });

    test("a quick charge appears on the display (portrait); when it expires the display says so and returns to idle", async () => {
      await display.setViewportSize(portrait);
      await cashierPage.goto("/quick-charge");
      await expect(cashierPage.getByLabel("Counter")).toHaveValue(/[0-9a-f-]{36}/);
      await expectNoAccessibilityViolations(cashierPage);
      await cashierPage.getByLabel("Amount (R$)").fill("25,00");
      await cashierPage.getByRole("button", { name: "Charge", exact: true }).click();
      await expect(cashierPage).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
      const firstId = cashierPage.url().split("/").pop()!;

      await expect(display.getByTestId("display-amount")).toHaveText(/25,00/);
      const box = await display.getByRole("img", { name: /QR code Pix/ }).boundingBox();
      expect(box!.width).toBeGreaterThan(portrait.width * 0.6);
      await display.screenshot({ path: `${screenshots}/charge-portrait.png` });

      // Back to the form (the router's copy of the page, with the key the first charge spent): the
      // next charge is a new one, not the first one again, and it replaces the first on the display.
      await cashierPage.goBack();
      await expect(cashierPage).toHaveURL(/\/quick-charge$/);
      await cashierPage.getByLabel("Amount (R$)").fill("26,00");
      await cashierPage.getByRole("button", { name: "Charge", exact: true }).click();
      await expect(cashierPage).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
      const transactionId = cashierPage.url().split("/").pop()!;
      expect(transactionId).not.toBe(firstId);
      await expect(display.getByTestId("display-amount")).toHaveText(/26,00/);

      // The sandbox wallet expires it now and sends the CANCELED callback.
      const walletId = await walletIdOf(cashierPage, transactionId);
      const token = JSON.parse(readFileSync(path.join(e2eDataDir, "secrets.json"), "utf8")).walletToken as string;
      const expired = await cashierPage.request.post(`${e2eBaseUrl}/sandbox/control/cash-ins/${walletId}/expire`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(expired.status()).toBe(200);
      await expect(display.getByRole("heading", { name: "Cancelada" })).toBeVisible({ timeout: 10_000 });
      await display.screenshot({ path: `${screenshots}/canceled.png` });
      await expect(display.getByText("Aguardando a próxima cobrança")).toBeVisible({ timeout: 15_000 });
      await display.setViewportSize(landscape);
    });

    test("revoking the display signs it out at once", async () => {
      await admin.goto("/counters");
      await admin.getByRole("button", { name: /Revoke display paired/ }).click();
      // A confirmation first (Radix dialog): Cancel leaves the display paired.
      const confirm = admin.getByRole("dialog", { name: "Revoke this display?" });
      await expect(confirm).toBeVisible();
      await expectNoAccessibilityViolations(admin);
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toHaveCount(0);
      await expect(admin.getByTestId("paired-device")).toHaveCount(1);
      await admin.getByRole("button", { name: /Revoke display paired/ }).click();
      await admin.getByRole("dialog", { name: "Revoke this display?" }).getByRole("button", { name: "Revoke display" }).click();
      await expect(admin.getByTestId("toasts-success")).toContainText("Display revoked.");
      await expect(admin.getByTestId("paired-device")).toHaveCount(0);
      await expect(display.getByRole("heading", { name: "Parear esta tela" })).toBeVisible({ timeout: 10_000 });
      const state = await displayContext.request.get("/api/display/state");
      expect(state.status()).toBe(401);
    });
  });
