// Writes test/support/test-file-durations.json from the last run's test-results/vitest.json: each
// test file's longest time (an integration file runs on PGlite and on PostgreSQL), in seconds.
// test/support/longest-first-sequencer.ts starts the longest files first. Run after `npm test`
// (or `npx vitest run --reporter=json --outputFile=test-results/vitest.json`) when files were
// added or became much slower; a stale entry only changes the order, never a result.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file's path in this repository (a report written by a clone elsewhere names its own root). */
function repositoryPath(absolute) {
  const parts = absolute.split(path.sep);
  for (let start = 1; start < parts.length; start++) {
    const candidate = parts.slice(start).join("/");
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

const report = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
const seconds = {};
for (const file of report.testResults ?? []) {
  const name = repositoryPath(file.name);
  if (!name) continue; // a file since removed
  const duration = Math.round((file.endTime - file.startTime) / 100) / 10;
  seconds[name] = Math.max(seconds[name] ?? 0, duration);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync("test/support/test-file-durations.json", `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`test/support/test-file-durations.json: ${Object.keys(sorted).length} files`);
