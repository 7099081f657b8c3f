// Screenshots of the main pages for docs/screenshots.md: English and Brazilian Portuguese, at a
// laptop (1280×800) and a phone (390×844) size, the first screen of each page as a person sees it.
// Each shot waits for the page's heading, so a broken page fails here instead of being pictured.
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/csp";
import { adminStorageState } from "./support/operators";

const directory = "docs/screenshots";
const sizes = { laptop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const languages = ["en", "pt-BR"] as const;

async function shoot(page: Page, name: string, language: string) {
  for (const [sizeName, size] of Object.entries(sizes)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${directory}/${name}-${language}-${sizeName}.png`, animations: "disabled" });
  }
}

test.describe("screenshots of the main pages", () => {
  test.use({ storageState: adminStorageState });
  test.beforeAll(() => mkdirSync(directory, { recursive: true }));

  for (const language of languages) {
    test(`signed-in pages in ${language}`, async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: "locale", value: language, url: baseURL! }]);
      const heading = (name: RegExp) => expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

      await page.goto("/cash-in");
      await heading(/Cash in|Cobrança/);
      await shoot(page, "cash-in-form", language);
      // A charge to picture: the form's own fields, found by their names in either language.
      await page.setViewportSize(sizes.laptop);
      await page.locator('input[name="amount"]').fill("123,45");
      await page.locator('input[name="payerName"]').fill("Paula Pagadora");
      await page.locator('input[name="payerEmail"]').fill("paula.pagadora@example.com");
      await page.locator('input[name="payerDocument"]').fill("529.982.247-25");
      await page.locator('form:has(input[name="amount"]) button[type="submit"]').click();
      await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("img", { name: /QR/ })).toBeVisible();
      await shoot(page, "charge", language);

      for (const [path, name, title] of [
        ["/", "overview", /Overview|Visão geral/],
        ["/cash-out", "cash-out-form", /Cash out|Envio PIX/],
        ["/transactions", "transactions", /Transactions|Transações/],
        ["/callback-logs", "callback-logs", /Callback logs|Registros de avisos/],
      ] as const) {
        await page.setViewportSize(sizes.laptop);
        await page.goto(path);
        await heading(title);
        await shoot(page, name, language);
      }

      // The phone menu open, and the dark theme (the system's setting) of the Overview.
      await page.setViewportSize(sizes.phone);
      await page.goto("/transactions");
      await heading(/Transactions|Transações/);
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.screenshot({ path: `${directory}/menu-${language}-phone.png`, animations: "disabled" });
      await page.keyboard.press("Escape");
      await page.emulateMedia({ colorScheme: "dark" });
      await page.setViewportSize(sizes.laptop);
      await page.goto("/");
      await heading(/Overview|Visão geral/);
      await shoot(page, "overview-dark", language);
      await page.emulateMedia({ colorScheme: "light" });
    });

    test(`sign-in in ${language}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      await context.addCookies([{ name: "locale", value: language, url: baseURL! }]);
      const page = await context.newPage();
      await page.goto("/sign-in");
      await expect(page.getByRole("heading", { level: 1, name: /Sign in|Entrar/ })).toBeVisible();
      await shoot(page, "sign-in", language);
      await context.close();
    });
  }
});
