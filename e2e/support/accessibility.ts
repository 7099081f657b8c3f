// axe-core accessibility checks, run inside the page. @axe-core/playwright's AxeBuilder injected
// axe's 500 KB source on every call and opened a blank page to merge frames' results (a new
// renderer each time); these pages have no frames, so axe is evaluated into the page once (a
// DevTools evaluation, which the page's CSP does not govern, as AxeBuilder's own injection) and run
// there. Same axe-core, same rules.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import type axe from "axe-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** axe's violations on the page as it is now (the rules named, or all): "rule: help (targets)". */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource);
  return page.evaluate(async (rules) => {
    const results = await window.axe.run(document, rules ? { runOnly: { type: "rule", values: rules } } : {});
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  }, rules);
}

export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  // A route refreshed after an action can be between its old and new <title> for a moment (axe's
  // document-title once failed a CI run there): wait until it has one, which a page that never
  // gets a title still fails.
  await expect(page).toHaveTitle(/\S/);
  expect(await axeViolations(page)).toEqual([]);
}
