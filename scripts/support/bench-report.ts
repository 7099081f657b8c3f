// Writes `npm run bench`'s results into docs/benchmarks.md between two generated markers, so the
// figures there always come from a run (never typed by hand) and the hand-written intro above the
// markers, which says what each row means, is kept as it is.
import { readFileSync, writeFileSync } from "node:fs";

export const beginMarker = "<!-- bench:begin — written by `npm run bench`; edits between these markers are overwritten -->";
export const endMarker = "<!-- bench:end -->";

/** One row of the results: the figure, its baseline from the same run, and the ratio or goal. */
export type BenchRow = { measure: string; figure: string; baseline: string; ratio: string };

/** What the generated section says about the run, besides its rows. */
export type BenchRun = {
  /** When the run ended. */
  date: Date;
  /** The arguments given to `npm run bench` (says when a run measured only some rows). */
  args: string[];
  cpus: number;
  /** The machine's one-minute load average when the run started and when it ended. */
  loadBefore: number;
  loadAfter: number;
  /** Each database measured, with its version (e.g. "PGlite 0.5.16 in its worker thread"). */
  databases: string[];
  minutes: number;
  commit?: string;
  nodeVersion: string;
  rows: BenchRow[];
};

/** A table cell: pipes escaped and line breaks flattened, so a figure cannot break the table. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll(/\s*\n\s*/g, " ");
}

/** The generated section's Markdown, markers included. */
export function renderBenchSection(run: BenchRun): string {
  const when = `${run.date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const command = ["npm run bench", ...(run.args.length > 0 ? ["--", ...run.args] : [])].join(" ");
  const table = [
    "| measure | now | baseline (same run) | ratio / goal |",
    "| --- | --- | --- | --- |",
    ...run.rows.map((row) => `| ${[row.measure, row.figure, row.baseline, row.ratio].map(cell).join(" | ")} |`),
  ];
  return [
    beginMarker,
    "",
    `Run of ${when}: \`${command}\`${run.commit ? ` at commit \`${run.commit}\`` : ""}, ${run.minutes.toFixed(1)} min.`,
    "",
    `- Machine: ${run.cpus} CPUs, load average ${run.loadBefore.toFixed(2)} at the start and ${run.loadAfter.toFixed(2)} at the end; Node ${run.nodeVersion}.`,
    `- Databases: ${run.databases.length > 0 ? run.databases.join("; ") : "none"}.`,
    `- Rows measured: ${run.rows.length}${run.args.includes("--only") ? " (only those named by `--only`)" : ""}.`,
    "",
    ...(run.rows.length > 0 ? table : ["No rows were measured in this run."]),
    "",
    endMarker,
  ].join("\n");
}

/** `document` with the text between the markers replaced by `section`; throws when the markers are missing or out of order. */
export function replaceGeneratedSection(document: string, section: string): string {
  const begin = document.indexOf(beginMarker);
  const end = document.indexOf(endMarker);
  if (begin < 0 || end < begin)
    throw new Error(`the benchmarks document has no generated section: it needs "${beginMarker}" and then "${endMarker}"`);
  return `${document.slice(0, begin)}${section}${document.slice(end + endMarker.length)}`;
}

/** Rewrites the generated section of the Markdown file at `file` with this run's results. */
export function writeBenchReport(file: string, run: BenchRun): void {
  writeFileSync(file, replaceGeneratedSection(readFileSync(file, "utf8"), renderBenchSection(run)));
}
