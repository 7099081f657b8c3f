// Every dashboard page on a phone and a laptop, in both languages and both colour schemes (#37): no
// sideways scroll at 360, 390 and 1280 px, the heading within the first third of a phone's first
// screen, axe clean (contrast in the dark theme too), nothing that escaped translation (a word of the
// other language, a raw code, an ISO date: e2e/support/untranslated-pages.ts); and the phone
// menu by keyboard and roles. One signed-in context for everything: each page is loaded once per
// language and then resized and re-coloured in place (a layout follows the viewport without a
// reload), which keeps the walk near a minute instead of one load per combination. The first
// (English) load of each page also records the JS Chromium loaded for it, for CI's budget check as
// loaded (e2e/support/loaded-js.ts, issue #32): the walk loads every page anyway.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/csp";
import { axeViolations } from "./support/accessibility";
import { recordLoadedJs, watchNetwork } from "./support/loaded-js";
import { adminStorageState } from "./support/operators";
import { callServerAction } from "./support/server-actions";
import { untranslatedOnPage } from "./support/untranslated-pages";

const viewports = [
  { name: "phone 360", width: 360, height: 740, phone: true },
  { name: "phone 390", width: 390, height: 844, phone: true },
  { name: "laptop", width: 1280, height: 800, phone: false },
] as const;
const languages = ["en", "pt-BR"] as const;

const staticPages = [
  "/",
  "/cash-in",
  "/quick-charge",
  "/cash-out",
  "/cash-out/bulk",
  "/approvals",
  "/transactions",
  "/customers",
  "/payment-links",
  "/callback-logs",
  "/reconciliation",
  "/audit-log",
  "/sandbox",
  "/operators",
  "/counters",
  "/notifications",
  "/settings/security",
  "/settings/merchant",
  "/settings/alerts",
  "/settings/approvals",
  "/settings/events",
  "/statements",
  "/personal-data",
  "/account",
];

async function layoutProblems(page: Page, phone: boolean): Promise<string[]> {
  return page.evaluate((phone) => {
    const problems: string[] = [];
    const scroller = document.scrollingElement!;
    if (scroller.scrollWidth > scroller.clientWidth) {
      // Name the widest element that sticks out, so the failure says where to look.
      let widest = "";
      let widestRight = scroller.clientWidth;
      for (const element of document.querySelectorAll("body *")) {
        const right = element.getBoundingClientRect().right;
        if (right > widestRight) {
          widestRight = right;
          const nameOf = (node: Element | null) =>
            node
              ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}.${String(node.className).split(" ").slice(0, 3).join(".")}`
              : "";
          widest = `${nameOf(element.parentElement)} > ${nameOf(element)}`;
        }
      }
      problems.push(`scrolls sideways by ${scroller.scrollWidth - scroller.clientWidth}px (widest: ${widest})`);
    }
    const heading = document.querySelector("h1");
    if (!heading) problems.push("no h1");
    else if (phone && heading.getBoundingClientRect().top + window.scrollY > window.innerHeight / 3)
      problems.push(`h1 at ${Math.round(heading.getBoundingClientRect().top)}px, below the first third of ${window.innerHeight}px`);
    return problems;
  }, phone);
}

test.describe("every page on phones and laptops, in both languages and colour schemes", () => {
  test.use({ storageState: adminStorageState });

  test("no sideways scroll, heading on the first screen, axe clean, one language per page", async ({ page, baseURL }) => {
    // About 2 minutes on a quiet machine (21 pages × 2 languages, three sizes, two themes); the
    // CPU it needs (layout, axe) is shared with four other e2e groups in CI.
    test.setTimeout(480_000);
    const started = Date.now();
    const network = watchNetwork(page);
    // A paid charge gives the detail pages something to show: the charge, its ledger entry and its callback log.
    await page.context().addCookies([{ name: "locale", value: "en", url: baseURL! }]);
    await page.goto("/cash-in");
    await page.getByLabel("Amount (R$)").fill("12,34");
    await page.getByLabel("Payer name").fill("Paula Pagadora");
    await page.getByLabel("Payer e-mail").fill("paula.pagadora@example.com");
    await page.getByLabel("Payer CPF or CNPJ").fill("52998224725");
    // One long unbroken word, as a pasted reference can be: it must wrap, not push the page sideways.
    await page.getByLabel("Description (optional)").fill(`REF-${"0123456789".repeat(8)}`);
    await page.getByRole("button", { name: "Create charge" }).click();
    await expect(page).toHaveURL(/\/cash-in\/[0-9a-f-]{36}$/);
    const transactionId = page.url().split("/").pop()!;
    // The payer page as loaded, while the charge is pending (its QR code, countdown and live status):
    // its budget is the tightest; the walk's checks below are for operators' pages.
    const payerPath = (await page.getByRole("link", { name: "Open payer display" }).getAttribute("href"))!;
    await page.goto(payerPath);
    await recordLoadedJs(page, network, "/pay/[token]");
    expect(await callServerAction(page.request, "simulatePaymentAction", [{ transactionId }])).not.toContain("FAILED");
    await page.goto(`/transactions/${transactionId}`);
    const logLink = page.getByTestId("callback-timeline").getByRole("link").first();
    await expect(logLink).toBeVisible({ timeout: 30_000 });
    const callbackLogPath = (await logLink.getAttribute("href"))!;
    // A payment link: its dashboard page and its public page (/l/<slug>, signed out or not alike).
    await page.goto("/payment-links");
    await page.getByLabel("Name", { exact: true }).fill("Feira de domingo");
    await page.getByLabel("Amount (R$)").fill("25,00");
    await page.getByRole("button", { name: "Create link" }).click();
    await expect(page).toHaveURL(/\/payment-links\/[0-9a-f-]{36}$/);
    const linkPath = new URL(page.url()).pathname;
    const publicLinkPath = new URL((await page.getByTestId("payment-link-url").getByRole("link").getAttribute("href"))!).pathname;
    // The charge's payer in the customers directory, found by the CPF.
    await page.goto("/customers?q=529.982.247-25");
    await page.getByTestId("customer-row").getByRole("link").click();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    const customerPath = new URL(page.url()).pathname;
    const pages = [
      ...staticPages,
      `/cash-in/${transactionId}`,
      `/transactions/${transactionId}`,
      callbackLogPath,
      linkPath,
      publicLinkPath,
      customerPath,
    ];
    // The routes' names as the budgets and the build know them.
    const routeOf = (path: string) =>
      path
        .replace(transactionId, "[id]")
        .replace(/^\/callback-logs\/[^/]+$/, "/callback-logs/[id]")
        .replace(/^\/(payment-links|customers)\/[0-9a-f-]{36}$/, "/$1/[id]")
        .replace(/^\/l\/[^/]+$/, "/l/[slug]");

    const problems: string[] = [];
    let focusRingChecked = false;
    // Said as found too, so a run cut short by its timeout still tells what it saw.
    const report = (problem: string) => {
      problems.push(problem);
      console.log(problem);
    };
    for (const language of languages) {
      await page.context().addCookies([{ name: "locale", value: language, url: baseURL! }]);
      for (const path of pages) {
        await page.emulateMedia({ colorScheme: "light" });
        await page.setViewportSize(viewports[1]);
        await page.goto(path);
        await expect(page.locator("h1")).toBeVisible();
        expect(await page.locator("html").getAttribute("lang")).toBe(language);
        const where = (what: string) => `${path} ${language}: ${what}`;
        for (const viewport of viewports) {
          await page.setViewportSize(viewport);
          for (const problem of await layoutProblems(page, viewport.phone)) report(where(`${viewport.name}: ${problem}`));
        }
        // Every rule once per page (in pt-BR, light, on a phone); contrast in the dark scheme once
        // per page too (in English): the languages share the markup and the colours.
        if (language === "pt-BR") {
          await page.setViewportSize(viewports[1]);
          for (const violation of await axeViolations(page)) report(where(`light: ${violation}`));
        } else {
          await page.emulateMedia({ colorScheme: "dark" });
          for (const violation of await axeViolations(page, ["color-contrast"])) report(where(`dark: ${violation}`));
          // The keyboard focus ring keeps 3:1 against the surface it is drawn on in the dark scheme
          // (WCAG 1.4.11; axe does not check outlines): a control inside the page's content, the
          // ring against its nearest painted background. Once: the ring is one rule for every page.
          if (!focusRingChecked) {
            focusRingChecked = true;
            for (let step = 0; step < 30; step++) {
              await page.keyboard.press("Tab");
              if (await page.evaluate(() => Boolean(document.activeElement?.closest("main")))) break;
            }
            const ring = await page.evaluate(() => {
              const focused = document.activeElement as HTMLElement;
              // Any CSS colour (Tailwind's are oklch) as sRGB bytes, through a canvas pixel.
              const context = document.createElement("canvas").getContext("2d")!;
              const rgba = (color: string) => {
                context.clearRect(0, 0, 1, 1);
                context.fillStyle = color;
                context.fillRect(0, 0, 1, 1);
                return [...context.getImageData(0, 0, 1, 1).data];
              };
              const luminance = (color: string) => {
                const [r, g, b] = rgba(color).map((part) => part / 255);
                const linear = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
                return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
              };
              let surface = focused.parentElement;
              while (surface && surface !== document.body && rgba(getComputedStyle(surface).backgroundColor)[3] === 0)
                surface = surface.parentElement;
              const outline = getComputedStyle(focused).outlineColor;
              const background = getComputedStyle(surface ?? document.body).backgroundColor;
              const [light, dark] = [luminance(outline), luminance(background)].sort((a, b) => b - a);
              return { inMain: Boolean(focused.closest("main")), outline, background, contrast: (light! + 0.05) / (dark! + 0.05) };
            });
            if (!ring.inMain) report(where("dark: no control inside <main> reached by Tab to check the focus ring on"));
            if (ring.contrast < 3)
              report(where(`dark: focus ring ${ring.outline} on ${ring.background} has contrast ${ring.contrast.toFixed(2)} (< 3)`));
          }
        }
        // Words of the other language, "saque", raw codes, ISO dates (#46): the one scanner, as the fixture uses on every pt-BR page.
        for (const found of await untranslatedOnPage(page, language)) report(where(found));
        if (language === "en") await recordLoadedJs(page, network, routeOf(path));
      }
    }
    console.log(
      `phone-and-language walk: ${pages.length} pages × ${languages.length} languages in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(problems).toEqual([]);
  });

  test("the phone menu works by keyboard: focus moves in and stays, Escape and the buttons close it", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "locale", value: "en", url: baseURL! }]);
    await page.setViewportSize(viewports[1]);
    await page.goto("/transactions");
    // The sidebar is not there on a phone; the menu button is.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    // includeHidden: while the modal is open the rest of the page, the button included, is aria-hidden.
    const menuButton = page.getByRole("button", { name: "Menu", exact: true, includeHidden: true });
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await menuButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Navigation" });
    await expect(dialog).toBeVisible();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const nav = dialog.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("list", { name: "Follow" }).getByRole("link", { name: "Transactions" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("list", { name: "Receive" }).getByRole("link", { name: "Cash in" })).not.toHaveAttribute("aria-current");
    // Focus moved in, and Tab (forwards and back) keeps it inside.
    await expect(dialog.locator(":focus")).toHaveCount(1);
    const stops = await dialog.locator("a, button, select").count();
    for (let step = 0; step < stops + 2; step++) {
      await page.keyboard.press("Tab");
      await expect(dialog.locator(":focus")).toHaveCount(1);
    }
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    // The close button closes it too, and a link followed from the menu closes it on the new page.
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Close menu" }).press("Enter");
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await dialog.getByRole("link", { name: "Cash in" }).press("Enter");
    await expect(page).toHaveURL(/\/cash-in$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    // Wide screens keep the sidebar and no menu button.
    await page.setViewportSize(viewports[2]);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(menuButton).toBeHidden();
  });

  test("keyboard shortcuts: ? shows their help (a modal dialog Escape closes), n, / and g then t go where they say, not from a text field", async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
    await page.goto("/");
    await expect(page.locator("h1")).toBeVisible();
    const help = page.getByRole("dialog", { name: "Atalhos de teclado" });
    // The heading is there before the page is hydrated and the shortcuts listen (a press that early
    // does nothing, as for a person): press again until the help opens. While it is open, keys are
    // not shortcuts, so a second press cannot close it.
    await expect(async () => {
      await page.keyboard.press("?");
      await expect(help).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(help.getByTestId("keyboard-shortcuts")).toContainText("Nova cobrança");
    await expect(help.getByTestId("keyboard-shortcuts")).toContainText("Ir para as transações");
    // Modal: focus is inside, and keys are not shortcuts while it is open.
    await expect(help.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("n");
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();
    await page.keyboard.press("?");
    await help.getByRole("button", { name: "Fechar" }).click();
    await expect(help).toBeHidden();

    await page.keyboard.press("n");
    await expect(page).toHaveURL(/\/cash-in$/);
    // Typed into a field, the same keys are just text.
    const amount = page.getByLabel("Valor (R$)");
    await amount.focus();
    await page.keyboard.type("g");
    await page.keyboard.type("t");
    await expect(page).toHaveURL(/\/cash-in$/);
    await amount.blur();
    await page.keyboard.press("g");
    await page.keyboard.press("t");
    await expect(page).toHaveURL(/\/transactions$/);
    // A fresh load again: press until the shortcuts listen (as for "?" above).
    await page.goto("/");
    await expect(async () => {
      await page.keyboard.press("/");
      await expect(page).toHaveURL(/\/transactions$/, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole("searchbox", { name: "Buscar" })).toBeFocused();
  });
});
