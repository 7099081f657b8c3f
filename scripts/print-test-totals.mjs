// Prints one closing line for the whole suite, "N passed, N failed", from the JSON reports that
// Vitest and Playwright wrote during `npm test`, after the ten slowest tests across both.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

let passed = 0;
let failed = 0;
let skipped = 0;
/** Every test that ran: { name, file, durationMs }. */
const timings = [];
/** Every test that failed: { name, file, error } (the error's first line), printed last so a log's tail names them. */
const failures = [];
if (existsSync("test-results/vitest.json")) {
  const vitest = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const name = [...(test.ancestorTitles ?? []), test.title].join(" > ");
      if (test.status === "failed")
        failures.push({ name, file: path.relative(".", file.name), error: firstLine(test.failureMessages?.[0]) });
      if (typeof test.duration !== "number") continue; // skipped
      timings.push({ name, file: path.relative(".", file.name), durationMs: test.duration });
    }
  }
}
// One Playwright report per e2e group (scripts/e2e.sh writes test-results/playwright-<port>.json).
const playwrightReports = existsSync("test-results") ? readdirSync("test-results").filter((name) => /^playwright.*\.json$/.test(name)) : [];
for (const report of playwrightReports) {
  const playwright = JSON.parse(readFileSync(`test-results/${report}`, "utf8"));
  const stats = playwright.stats;
  passed += stats.expected + (stats.flaky ?? 0);
  failed += stats.unexpected;
  skipped += stats.skipped ?? 0;
  collectPlaywright(playwright.suites ?? [], [], playwright.config?.rootDir ?? "e2e");
}

/** Specs sit in nested suites (file, then describe blocks); a test's time is all its attempts (retries included). */
function collectPlaywright(suites, titles, rootDir) {
  for (const suite of suites) {
    // The outermost suite is the file: its title is the file name, not part of the test's name.
    const suiteTitles = titles.length === 0 && suite.title === suite.file ? [] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const durationMs = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        if ((test.results ?? []).length === 0) continue; // skipped without running
        const name = [...suiteTitles, spec.title].join(" > ");
        const file = path.relative(".", path.resolve(rootDir, spec.file));
        timings.push({ name, file, durationMs });
        if (test.status === "unexpected") {
          const failed = test.results.find((result) => result.status !== "passed" && result.status !== "skipped");
          failures.push({ name, file, error: firstLine(failed?.error?.message ?? failed?.status) });
        }
      }
    }
    collectPlaywright(suite.suites ?? [], suiteTitles, rootDir);
  }
}

if (timings.length > 0) {
  console.log("Slowest tests:");
  for (const { name, file, durationMs } of timings.sort((a, b) => b.durationMs - a.durationMs).slice(0, 10)) {
    console.log(`${`${(durationMs / 1000).toFixed(1)} s`.padStart(9)}  ${name}  (${file})`);
  }
}
if (failures.length > 0) {
  console.log("Failed tests:");
  for (const { name, file, error } of failures) console.log(`  ✘ ${name}  (${file})\n      ${error}`);
}
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);

/** The first non-empty line of an error message, without terminal colours. */
function firstLine(message) {
  const plain = stripVTControlCharacters(String(message ?? ""));
  return (
    plain
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim() ?? "(no message)"
  );
}
