// A payment link on phones, in Portuguese (issue #48): an admin creates a link where the payer
// chooses the amount, limited to 2 paid charges; a signed-out phone opens /l/<slug>, fills it in,
// lands on the charge's payer page, and the page turns to "Pago" once the sandbox pays it; the
// link's dashboard page counts it; a second payer gets a charge of their own (another transaction);
// with the limit reached, the public page says the link is closed, in its words. Texts come from
// the dictionaries, so a missing or untranslated key fails here.
import type { Browser, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { formatBRL } from "../lib/format";
import { dictionaries, fill } from "../lib/i18n/messages";
import { expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { adminStorageState } from "./support/operators";
import { callServerAction } from "./support/server-actions";

const t = dictionaries["pt-BR"];
const phone = { width: 390, height: 844 };

test.use({ storageState: adminStorageState, viewport: phone });

/** The link's charges as the ledger lists them (its `link` filter), newest first: their transaction ids. */
async function chargesOfLink(admin: Page, linkId: string): Promise<string[]> {
  await admin.goto(`/transactions?link=${linkId}`);
  const ids = await admin
    .getByTestId("ledger-status")
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-transaction-id") ?? ""));
  return [...new Set(ids)];
}

/** A payer on their own phone, signed out, from an address of their own: opens the link, fills it in, reaches the payer page. */
async function payerSubmits(
  browser: Browser,
  publicPath: string,
  payer: { name: string; document: string; email: string; amount: string; address: string },
) {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: phone,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { "x-forwarded-for": payer.address },
  });
  const page = await context.newPage();
  await page.goto(publicPath);
  // A Brazilian phone, signed out: the page speaks Portuguese (its default, whatever the browser asks).
  await expect(page.getByRole("main").locator("xpath=ancestor::div[@lang][1]")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByTestId("payment-link-amount")).toHaveText(
    fill(t["paymentLinks.public.amountRange"], { min: formatBRL(500), max: formatBRL(50_000) }),
  );
  await page.getByLabel(t["paymentLinks.public.name"]).fill(payer.name);
  await page.getByLabel(t["paymentLinks.public.document"]).fill(payer.document);
  await page.getByLabel(t["paymentLinks.public.email"]).fill(payer.email);
  await page.getByLabel(t["paymentLinks.public.amount"]).fill(payer.amount);
  await page.getByRole("button", { name: t["paymentLinks.public.submit"] }).click();
  await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole("img", { name: /QR code PIX/ })).toBeVisible();
  return { context, page };
}

test("a link where the payer chooses the amount: paid through the sandbox, counted, one charge per payer, closed at its limit", async ({
  page: admin,
  browser,
  baseURL,
}) => {
  await admin.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
  const name = `Gorjetas ${randomUUID().slice(0, 6)}`;
  await admin.goto("/payment-links");
  const editor = admin.getByTestId("payment-link-editor");
  await editor.getByLabel(t["paymentLinks.form.name"], { exact: true }).fill(name);
  await editor.getByLabel(t["paymentLinks.form.description"]).fill("Gorjeta para a equipe");
  await editor.getByLabel(t["paymentLinks.form.amountPayer"]).check();
  await editor.getByLabel(t["paymentLinks.form.minAmount"]).fill("5,00");
  await editor.getByLabel(t["paymentLinks.form.maxAmount"]).fill("500,00");
  await editor.getByLabel(t["paymentLinks.form.maxPaidCharges"]).fill("2");
  await editor.getByRole("button", { name: t["paymentLinks.form.create"] }).click();
  await expect(admin).toHaveURL(/\/payment-links\/[0-9a-f-]{36}$/);
  const linkPath = new URL(admin.url()).pathname;
  const linkId = linkPath.split("/").pop()!;
  const publicPath = new URL((await admin.getByTestId("payment-link-url").getByRole("link").getAttribute("href"))!).pathname;
  expect(publicPath).toMatch(/^\/l\/[A-Za-z0-9]{8}$/);
  // The poster to print at the till, from its button (its contents: lib/payment-links/link-poster.integration.test.ts).
  const poster = await admin.request.get((await admin.getByTestId("payment-link-poster-pt-BR").getAttribute("href"))!);
  expect(poster.status()).toBe(200);
  expect(poster.headers()["content-type"]).toBe("application/pdf");

  // The first payer: the form, the charge's payer page, paid by the sandbox, "Pago" by itself.
  const first = await payerSubmits(browser, publicPath, {
    name: "Maria Pagadora",
    document: "529.982.247-25",
    email: "maria@example.com",
    amount: "12,34",
    address: "198.51.100.48",
  });
  await expectNoAccessibilityViolations(first.page);
  const [firstCharge, ...others] = await chargesOfLink(admin, linkId);
  expect(others).toHaveLength(0);
  expect(await callServerAction(admin.request, "simulatePaymentAction", [{ transactionId: firstCharge }])).not.toContain("FAILED");
  await expect(first.page.getByRole("heading", { name: t["payer.paidTitle"] })).toBeVisible({ timeout: 30_000 });
  await expect(first.page.getByText(fill(t["payer.paidBody"], { amount: formatBRL(1234) }))).toBeVisible();
  await first.context.close();

  // The link's page counts the charge and the payment.
  await admin.goto(linkPath);
  await expect(admin.getByTestId("payment-link-charges")).toHaveText("1");
  await expect(admin.getByTestId("payment-link-paid")).toHaveText("1");
  await expect(admin.getByTestId("payment-link-received")).toHaveText(formatBRL(1234));

  // A second payer gets a charge of their own, which takes the link to its limit once paid.
  const second = await payerSubmits(browser, publicPath, {
    name: "João Pagador",
    document: "111.444.777-35",
    email: "joao@example.com",
    amount: "20,00",
    address: "198.51.100.49",
  });
  const charges = await chargesOfLink(admin, linkId);
  expect(charges).toHaveLength(2);
  const secondCharge = charges.find((id) => id !== firstCharge)!;
  expect(secondCharge).toBeDefined();
  expect(await callServerAction(admin.request, "simulatePaymentAction", [{ transactionId: secondCharge }])).not.toContain("FAILED");
  await expect(second.page.getByRole("heading", { name: t["payer.paidTitle"] })).toBeVisible({ timeout: 30_000 });
  await second.context.close();

  // The limit of paid charges reached: the public page says so instead of the form.
  const latecomer = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: phone,
    isMobile: true,
    extraHTTPHeaders: { "x-forwarded-for": "198.51.100.50" },
  });
  const closed = await latecomer.newPage();
  await closed.goto(publicPath);
  await expect(closed.getByTestId("payment-link-closed")).toHaveText(t["errors.paymentLinks.limitReached"]);
  await expect(closed.getByTestId("payment-link-form")).toHaveCount(0);
  await expectNoAccessibilityViolations(closed);
  await latecomer.close();
  await admin.goto(linkPath);
  await expect(admin.getByTestId("payment-link-paid")).toHaveText("2");
  await expect(admin.getByTestId("payment-link-state")).toHaveText(t["paymentLinks.state.limit_reached"]);
});

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the links sort by name both ways from the header, announced with aria-sort, axe clean in both themes", async ({
    page: admin,
    baseURL,
  }) => {
    await admin.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
    await admin.goto("/payment-links");
    // Two links of our own, so the list has something to order whatever ran before.
    for (const name of [`Alfa ${randomUUID().slice(0, 6)}`, `Zulu ${randomUUID().slice(0, 6)}`]) {
      const editor = admin.getByTestId("payment-link-editor");
      await editor.getByLabel(t["paymentLinks.form.name"], { exact: true }).fill(name);
      await editor.getByLabel(t["paymentLinks.form.amountPayer"]).check();
      await editor.getByLabel(t["paymentLinks.form.minAmount"]).fill("5,00");
      await editor.getByLabel(t["paymentLinks.form.maxAmount"]).fill("50,00");
      await editor.getByRole("button", { name: t["paymentLinks.form.create"] }).click();
      await expect(admin).toHaveURL(/\/payment-links\/[0-9a-f-]{36}$/);
      await admin.goto("/payment-links");
    }
    const column = t["paymentLinks.column.name"];
    const header = admin.getByRole("columnheader", { name: new RegExp(column) });
    const names = () => admin.getByTestId("payment-link-row").getByRole("link").allTextContents();
    await admin.getByRole("link", { name: fill(t["table.sortColumn"], { column, order: t["table.sort.descending"] }) }).click();
    await expect(admin).toHaveURL(/[?&]sort=-name/);
    await expect(header).toHaveAttribute("aria-sort", "descending");
    const descending = await names();
    expect(descending.length).toBeGreaterThanOrEqual(2);
    expect(descending.length).toBeLessThan(50);
    await expectNoAccessibilityViolations(admin);
    await admin.emulateMedia({ colorScheme: "dark" });
    await expectNoAccessibilityViolations(admin);
    await admin.emulateMedia({ colorScheme: "light" });

    await admin.getByRole("link", { name: fill(t["table.sortColumn"], { column, order: t["table.sort.ascending"] }) }).click();
    await expect(admin).toHaveURL(/[?&]sort=name/);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    // One page, ties broken by id both ways: ascending is descending turned round.
    expect(await names()).toEqual([...descending].reverse());
  });
});
