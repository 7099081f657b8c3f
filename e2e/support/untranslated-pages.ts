// Words that escaped translation on the pages the suite loads (#46): the visible text of a page, its
// accessible names outside text (aria-label, title, placeholder) included, and code blocks, selects
// and values marked translate="no" (ids, JSON, people's names, an event type's code) left out, read
// by the one scanner (lib/i18n/untranslated-text.ts) that also reads the dictionaries and the
// statement and receipt files. Used by the walk of every page in both languages
// (e2e/phone-and-language.spec.ts) and by the fixture in e2e/support/csp.ts, which scans every page
// any spec loads in Portuguese.
import type { Page } from "@playwright/test";
import { untranslatedIn } from "../../lib/i18n/untranslated-text";

/** The page's visible words outside code blocks and values marked translate="no". */
export function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest('pre, code, script, style, select, template, [hidden], [translate="no"]')
          ? NodeFilter.FILTER_REJECT
          : NodeFilter.FILTER_ACCEPT,
    });
    while (walker.nextNode()) parts.push(walker.currentNode.textContent ?? "");
    // Accessible names that are not text (icon buttons) count too.
    for (const element of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
      if (element.closest('[translate="no"]')) continue;
      parts.push(element.getAttribute("aria-label") ?? "", element.getAttribute("title") ?? "", element.getAttribute("placeholder") ?? "");
    }
    // Text nodes are joined with a line break: two cells never run into one word.
    return parts.join("\n");
  });
}

/** What escaped translation on the page as it is now, for a reader of its language (html lang). */
export async function untranslatedOnPage(page: Page, locale?: "en" | "pt-BR"): Promise<string[]> {
  const language = locale ?? ((await page.locator("html").getAttribute("lang")) === "pt-BR" ? "pt-BR" : "en");
  return untranslatedIn(await pageWords(page), language);
}

/**
 * Scans every page of `context`'s pages as each finishes loading, when it is in Portuguese, and
 * collects what it finds as "<path>: <finding>". Returns the findings so far and a function that
 * waits for the scans still running (call it before reading the findings at the end).
 */
export function watchPortuguesePages(watched: { pages(): Page[]; on(event: "page", listener: (page: Page) => void): unknown }): {
  findings: string[];
  settled: () => Promise<void>;
} {
  const findings: string[] = [];
  const running = new Set<Promise<void>>();
  const scan = async (page: Page) => {
    try {
      if ((await page.locator("html").getAttribute("lang", { timeout: 1_000 })) !== "pt-BR") return;
      const path = new URL(page.url()).pathname;
      for (const found of await untranslatedOnPage(page, "pt-BR")) {
        const finding = `${path}: ${found}`;
        if (!findings.includes(finding)) findings.push(finding);
      }
    } catch {
      // The page navigated on or closed while it was read: its next load is scanned instead.
    }
  };
  const follow = (page: Page) =>
    page.on("load", () => {
      const scanning = scan(page).finally(() => running.delete(scanning));
      running.add(scanning);
    });
  for (const page of watched.pages()) follow(page);
  watched.on("page", follow);
  return {
    findings,
    settled: async () => {
      await Promise.all([...running]);
    },
  };
}
