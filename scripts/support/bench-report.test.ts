// The writer behind docs/benchmarks.md: it replaces only the generated section, keeps the text
// around it, refuses a document without its markers, and keeps a figure from breaking the table.
import { describe, expect, it } from "vitest";
import { type BenchRun, beginMarker, endMarker, renderBenchSection, replaceGeneratedSection } from "./bench-report";

const run: BenchRun = {
  date: new Date("2026-11-25T21:30:00Z"),
  args: ["--only", "stored-bytes"],
  cpus: 2,
  loadBefore: 1.5,
  loadAfter: 2.25,
  databases: ["embedded PGlite 0.5.16", "PostgreSQL 15.18"],
  minutes: 0.9,
  commit: "abc1234",
  nodeVersion: "20.20.2",
  rows: [{ measure: "stored bytes | pglite", figure: "820 B", baseline: "the whole body kept 3595 B", ratio: "goal ≤ 1 KB" }],
};

describe("the benchmarks document writer", () => {
  it("writes the date, command, commit, load, databases and each row with its baseline", () => {
    const section = renderBenchSection(run);
    expect(section.startsWith(beginMarker)).toBe(true);
    expect(section.endsWith(endMarker)).toBe(true);
    expect(section).toContain("Run of 2026-11-25 21:30 UTC: `npm run bench -- --only stored-bytes` at commit `abc1234`, 0.9 min.");
    expect(section).toContain("load average 1.50 at the start and 2.25 at the end");
    expect(section).toContain("- Databases: embedded PGlite 0.5.16; PostgreSQL 15.18.");
    expect(section).toContain("(only those named by `--only`)");
    expect(section).toContain("| stored bytes \\| pglite | 820 B | the whole body kept 3595 B | goal ≤ 1 KB |");
  });

  it("replaces only what is between the markers, again and again", () => {
    const document = `# Benchmarks\n\nWhat each row means.\n\n${beginMarker}\n\nold figures\n\n${endMarker}\n\nA footer.\n`;
    const once = replaceGeneratedSection(document, renderBenchSection(run));
    expect(once.startsWith("# Benchmarks\n\nWhat each row means.\n\n")).toBe(true);
    expect(once.endsWith("\n\nA footer.\n")).toBe(true);
    expect(once).not.toContain("old figures");
    const later = renderBenchSection({ ...run, rows: [], args: [] });
    const twice = replaceGeneratedSection(once, later);
    expect(twice).toContain("No rows were measured in this run.");
    expect(twice).not.toContain("820 B");
    expect(twice.split(beginMarker)).toHaveLength(2);
  });

  it("refuses a document whose markers are missing or out of order", () => {
    expect(() => replaceGeneratedSection("# Benchmarks\n", "x")).toThrow(/no generated section/);
    expect(() => replaceGeneratedSection(`${endMarker}\n${beginMarker}\n`, "x")).toThrow(/no generated section/);
  });
});
