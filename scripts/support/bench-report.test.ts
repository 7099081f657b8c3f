// The writer behind docs/benchmarks.md: it replaces only the generated section, keeps the text
// around it, refuses a document without its markers, keeps a figure from breaking the table, and
// merges a run into the rows earlier runs left (each row naming its run), also once a formatter
// has padded the table.
import { describe, expect, it } from "vitest";
import {
  type BenchRun,
  beginMarker,
  endMarker,
  mergeRun,
  parseGeneratedSection,
  renderBenchSection,
  replaceGeneratedSection,
} from "./bench-report";

const run: BenchRun = {
  date: new Date("2026-11-25T21:30:05Z"),
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
const empty = { runs: [], rows: [] };

describe("the benchmarks document writer", () => {
  it("writes the date, command, commit, load, databases and each row with its baseline and run", () => {
    const section = renderBenchSection(mergeRun(empty, run));
    expect(section.startsWith(beginMarker)).toBe(true);
    expect(section.endsWith(endMarker)).toBe(true);
    expect(section).toContain(
      "- **2026-11-25 21:30:05 UTC**: `npm run bench -- --only stored-bytes` at commit `abc1234`, 0.9 min; 2 CPUs, load average 1.50 at the start and 2.25 at the end; Node 20.20.2; databases: embedded PGlite 0.5.16; PostgreSQL 15.18; 1 row measured (only those named by `--only`).",
    );
    expect(section).toContain("| stored bytes \\| pglite | 820 B | the whole body kept 3595 B | goal ≤ 1 KB | 2026-11-25 21:30:05 UTC |");
  });

  it("says when a run stopped on an error, beside the rows it measured", () => {
    const section = renderBenchSection(mergeRun(empty, { ...run, stoppedBy: 'database "bench_x" does not exist' }));
    expect(section).toContain('Stopped by an error before its last row: database "bench_x" does not exist');
    expect(section).toContain("| 820 B |");
  });

  it("reads its rows back, escaped pipes and a formatter's padding included", () => {
    const section = renderBenchSection(mergeRun(empty, run));
    const padded = section.replace("| 820 B |", "|   820 B      |").replace("| --- | --- |", "| ------ | :---: |");
    for (const text of [section, padded]) {
      const read = parseGeneratedSection(`# Benchmarks\n\n${text}\n`);
      expect(read.rows).toEqual([{ ...run.rows[0], run: "2026-11-25 21:30:05 UTC" }]);
      expect(read.runs.map((listed) => listed.label)).toEqual(["2026-11-25 21:30:05 UTC"]);
    }
  });

  it("keeps the rows a later run did not measure with their own run, replaces the ones it did, and lists only runs with rows", () => {
    const first = mergeRun(empty, {
      ...run,
      args: [],
      rows: [
        { measure: "a", figure: "1", baseline: "b1", ratio: "" },
        { measure: "b", figure: "2", baseline: "b2", ratio: "" },
      ],
    });
    const later = { ...run, date: new Date("2026-11-26T10:00:00Z"), rows: [{ measure: "b", figure: "3", baseline: "b3", ratio: "" }] };
    const second = mergeRun(parseGeneratedSection(renderBenchSection(first)), later);
    expect(second.rows.map((row) => [row.measure, row.figure, row.run])).toEqual([
      ["a", "1", "2026-11-25 21:30:05 UTC"],
      ["b", "3", "2026-11-26 10:00:00 UTC"],
    ]);
    expect(second.runs.map((listed) => listed.label)).toEqual(["2026-11-25 21:30:05 UTC", "2026-11-26 10:00:00 UTC"]);
    // Once every row of the first run is measured again, the first run leaves the list.
    const third = mergeRun(second, {
      ...later,
      date: new Date("2026-11-26T11:00:00Z"),
      rows: [{ measure: "a", figure: "4", baseline: "", ratio: "" }],
    });
    expect(third.runs.map((listed) => listed.label)).toEqual(["2026-11-26 10:00:00 UTC", "2026-11-26 11:00:00 UTC"]);
    // A fresh table starts from this run's rows alone.
    expect(mergeRun(second, later, { fresh: true }).rows.map((row) => row.measure)).toEqual(["b"]);
  });

  it("replaces only what is between the markers, again and again", () => {
    const document = `# Benchmarks\n\nWhat each row means.\n\n${beginMarker}\n\nold figures\n\n${endMarker}\n\nA footer.\n`;
    const once = replaceGeneratedSection(document, renderBenchSection(mergeRun(parseGeneratedSection(document), run)));
    expect(once.startsWith("# Benchmarks\n\nWhat each row means.\n\n")).toBe(true);
    expect(once.endsWith("\n\nA footer.\n")).toBe(true);
    expect(once).not.toContain("old figures");
    const twice = replaceGeneratedSection(once, renderBenchSection(empty));
    expect(twice).toContain("No rows were measured.");
    expect(twice).not.toContain("820 B");
    expect(twice.split(beginMarker)).toHaveLength(2);
  });

  it("refuses a document whose markers are missing or out of order", () => {
    expect(() => replaceGeneratedSection("# Benchmarks\n", "x")).toThrow(/no generated section/);
    expect(() => replaceGeneratedSection(`${endMarker}\n${beginMarker}\n`, "x")).toThrow(/no generated section/);
  });
});
