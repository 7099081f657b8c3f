// Prints one closing line for the whole suite, "N passed, N failed", from the JSON reports that
// Vitest and Playwright wrote during `npm test`.
import { existsSync, readdirSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync("test-results/vitest.json")) {
  const vitest = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
// One Playwright report per e2e group (scripts/e2e.sh writes test-results/playwright-<port>.json).
const playwrightReports = existsSync("test-results") ? readdirSync("test-results").filter((name) => /^playwright.*\.json$/.test(name)) : [];
for (const report of playwrightReports) {
  const stats = JSON.parse(readFileSync(`test-results/${report}`, "utf8")).stats;
  passed += stats.expected + (stats.flaky ?? 0);
  failed += stats.unexpected;
  skipped += stats.skipped ?? 0;
}
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
