// The payer page at its deadline (#16 item 8): at 00:00 the QR code and "Aguardando pagamento…"
// give way to "Expirada" at once, without waiting for the server to mark the charge cancelled
// (its sweep or the wallet's callback comes seconds later). The payer's browser runs on a fake
// clock, so the deadline comes in a second while the server still says PENDING. And the page
// without JavaScript (issue #54): what a payer needs is in the server's HTML.
import type { Browser } from "@playwright/test";
import { expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { savedAdminPage } from "./support/operators";

function parseTimeLeft(text: string): number {
  const parts = text.trim().split(":").map(Number);
  if (parts.length < 2 || parts.some(Number.isNaN)) throw new Error(`Not a time left: ${text}`);
  return parts.reduce((total, part) => total * 60 + part, 0) * 1000;
}

/** A charge of R$ 12,34 created from the cash-in form; its payer page's path and the operator's page. */
async function newCharge(browser: Browser) {
  const operatorPage = await savedAdminPage(browser);
  await operatorPage.goto("/cash-in");
  await operatorPage.getByLabel("Amount (R$)").fill("12,34");
  await operatorPage.getByLabel("Payer name").fill("Paula Prazo");
  await operatorPage.getByLabel("Payer e-mail").fill("paula@example.com");
  await operatorPage.getByLabel("Payer CPF or CNPJ").fill("529.982.247-25");
  await operatorPage.getByRole("button", { name: "Create charge" }).click();
  await expect(operatorPage).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
  const payerPath = await operatorPage.getByRole("link", { name: "Open payer display" }).getAttribute("href");
  expect(payerPath).toMatch(/^\/pay\//);
  return { operatorPage, payerPath: payerPath! };
}

test("the payer page turns to expired at 00:00 while the server still says pending", async ({ browser }) => {
  const { operatorPage, payerPath } = await newCharge(browser);

  const payerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const payerPage = await payerContext.newPage();
  await payerPage.clock.install();
  await payerPage.goto(payerPath);
  const qr = payerPage.getByRole("img", { name: /QR code PIX/ });
  const timer = payerPage.getByRole("timer");
  await expect(qr).toBeVisible();
  await expect(payerPage.getByText("Aguardando pagamento…")).toBeVisible();

  // Two seconds before the deadline: still payable, and never shown as 00:00.
  const remaining = parseTimeLeft((await timer.textContent()) ?? "");
  expect(remaining).toBeGreaterThan(60_000);
  await payerPage.clock.fastForward(remaining - 2_000);
  await expect(timer).toHaveText(/^00:0[1-3]$/);
  await expect(qr).toBeVisible();

  // The deadline: "expired" at once (the server is not asked; it would still say PENDING).
  await payerPage.clock.fastForward(2_500);
  await expect(payerPage.getByRole("heading", { name: "Expirada" })).toBeVisible({ timeout: 2_000 });
  await expect(qr).toHaveCount(0);
  await expect(payerPage.getByText("Aguardando pagamento…")).toHaveCount(0);
  await expect(payerPage.getByRole("button", { name: "Copiar código PIX" })).toHaveCount(0);
  const status = await payerPage.request.get(`${payerPath}/status`);
  expect((await status.json()).status).toBe("PENDING");
  await expectNoAccessibilityViolations(payerPage);

  await payerContext.close();
  await operatorPage.context().close();
});

test("with JavaScript off, the payer page still shows the QR code, the amount, the code and the deadline", async ({ browser }) => {
  const { operatorPage, payerPath } = await newCharge(browser);
  const code = await operatorPage.getByLabel("Pix Copia e Cola").inputValue();
  const payerContext = await browser.newContext({ storageState: { cookies: [], origins: [] }, javaScriptEnabled: false });
  const payerPage = await payerContext.newPage();
  await payerPage.goto(payerPath);
  await expect(payerPage.getByTestId("payer-amount")).toHaveText(/^R\$\s12,34$/);
  // No language chosen and an English browser: the payer page is in Portuguese, and so is its <html>.
  await expect(payerPage.locator("html")).toHaveAttribute("lang", "pt-BR");
  // The QR code is drawn inline (SVG in the HTML): no image to load, no script to draw it.
  const qr = payerPage.getByRole("img", { name: /QR code PIX para pagar R\$\s12,34/ });
  await expect(qr).toBeVisible();
  await expect(qr.locator("svg")).toHaveAttribute("viewBox", /^0 0 \d+ \d+$/);
  expect((await qr.boundingBox())?.width).toBeGreaterThan(200);
  await expect(payerPage.getByRole("img", { name: "Pix", exact: true })).toBeVisible();
  await expect(payerPage.getByLabel("Pix Copia e Cola")).toHaveValue(code);
  await expect(payerPage.getByRole("timer")).toHaveText(/^\d{2}:\d{2}$/);
  await expect(payerPage.getByTestId("payer-pay-by")).toHaveText(/^Pague até \d{2}:\d{2} \(horário de Brasília\)$/);
  await payerContext.close();
  await operatorPage.context().close();
});
