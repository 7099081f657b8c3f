// Each navigation line says what its page's own guard says: a page guarded `wholeMerchant` (the
// merchant's, closed to operators of some stores) is not offered to them, and a page that reads per
// store is. Read from the page's source, so a guard changed without its line (or the reverse) fails.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { navigation } from "@/components/shell/dashboard-navigation";

const dashboardDir = path.resolve(import.meta.dirname, "../../app/(dashboard)");

function pageGuard(href: string): string {
  const source = readFileSync(path.join(dashboardDir, href === "/" ? "" : href, "page.tsx"), "utf8");
  const guard = /requirePageOperator\(([^)]*)\)/.exec(source);
  if (!guard) throw new Error(`${href}: its page calls no requirePageOperator`);
  return guard[1]!;
}

describe("the dashboard's navigation", () => {
  it.each(navigation.map((item) => [item.href, item] as const))("%s says what its page's guard says", (href, item) => {
    const guard = pageGuard(href);
    expect(guard.includes("wholeMerchant: true"), `${href}: wholeMerchant in the page's guard`).toBe(item.wholeMerchant === true);
    // No capability named: any signed-in operator, which is what "read" (every role) means in the nav.
    const asked = guard.trim() === "" ? '"read"' : guard;
    expect(asked.startsWith(`"${item.capability}"`), `${href}: the page asks for ${item.capability}`).toBe(true);
  });
});
