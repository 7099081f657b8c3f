// Writes `npm run bench`'s results into docs/benchmarks.md between two generated markers, so the
// figures there always come from a run (never typed by hand) and the hand-written intro above the
// markers, which says what each row means, is kept as it is. Each row names the run that measured
// it: a run with `--only` replaces the rows it measured and keeps the others with their own run
// (a full run at 1M rows on both databases takes longer than one sitting on a 2-core machine).
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
  /** The error that stopped the run before its last row, when one did (its rows so far are written). */
  stoppedBy?: string;
};

/** A run as the section lists it: its label (which each of its rows repeats) and its line. */
type ListedRun = { label: string; line: string };
/** A row as the section holds it: with the label of the run that measured it. */
type ListedRow = BenchRow & { run: string };
/** What the generated section holds: the runs its rows come from, and the rows. */
export type BenchSection = { runs: ListedRun[]; rows: ListedRow[] };

const columns = ["measure", "now", "baseline (same run)", "ratio / goal", "run"];

/** A table cell: pipes escaped and line breaks flattened, so a figure cannot break the table. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll(/\s*\n\s*/g, " ");
}

/** A table line's cells, unescaped (the inverse of `cell`, whatever padding a formatter added). */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/)
    .map((text) => text.trim().replaceAll("\\|", "|"));
}

/** The run's label (its end, to the second, UTC) and its line in the list of runs. */
export function listedRun(run: BenchRun): ListedRun {
  const label = `${run.date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
  const command = ["npm run bench", ...(run.args.length > 0 ? ["--", ...run.args] : [])].join(" ");
  const line = [
    `- **${label}**: \`${command}\`${run.commit ? ` at commit \`${run.commit}\`` : ""}, ${run.minutes.toFixed(1)} min;`,
    `${run.cpus} CPUs, load average ${run.loadBefore.toFixed(2)} at the start and ${run.loadAfter.toFixed(2)} at the end; Node ${run.nodeVersion};`,
    `databases: ${run.databases.length > 0 ? run.databases.join("; ") : "none"}; ${run.rows.length} ${run.rows.length === 1 ? "row" : "rows"} measured${run.args.includes("--only") ? " (only those named by `--only`)" : ""}.`,
    ...(run.stoppedBy ? [`Stopped by an error before its last row: ${run.stoppedBy}`] : []),
  ].join(" ");
  return { label, line };
}

/** The generated section's runs and rows, read back from its Markdown (empty when it holds none in this form). */
export function parseGeneratedSection(document: string): BenchSection {
  const begin = document.indexOf(beginMarker);
  const end = document.indexOf(endMarker);
  if (begin < 0 || end < begin) return { runs: [], rows: [] };
  const runs: ListedRun[] = [];
  const rows: ListedRow[] = [];
  let inTable = false;
  for (const line of document.slice(begin + beginMarker.length, end).split("\n")) {
    const run = /^- \*\*(.+?)\*\*: /.exec(line);
    if (run) runs.push({ label: run[1]!, line });
    if (!line.trimStart().startsWith("|")) {
      inTable = false;
      continue;
    }
    const cells = cellsOf(line);
    if (cells.join("|") === columns.join("|")) inTable = true;
    else if (inTable && !cells.every((text) => /^:?-+:?$/.test(text)) && cells.length === columns.length) {
      const [measure, figure, baseline, ratio, label] = cells as [string, string, string, string, string];
      rows.push({ measure, figure, baseline, ratio, run: label });
    }
  }
  return { runs, rows };
}

/**
 * The section after this run: its rows replace the rows of the same measure (in place; new ones
 * at the end), the others stay with their run (none with `fresh`), and the list keeps only runs
 * that still have a row.
 */
export function mergeRun(previous: BenchSection, run: BenchRun, options: { fresh?: boolean } = {}): BenchSection {
  const listed = listedRun(run);
  const measured = new Map(run.rows.map((row) => [row.measure, { ...row, run: listed.label }]));
  const rows = (options.fresh ? [] : previous.rows).map((row) => {
    const replacement = measured.get(row.measure);
    if (!replacement) return row;
    measured.delete(row.measure);
    return replacement;
  });
  rows.push(...measured.values());
  const labels = new Set(rows.map((row) => row.run));
  return { runs: [...previous.runs.filter((earlier) => earlier.label !== listed.label && labels.has(earlier.label)), listed], rows };
}

/** The generated section's Markdown, markers included. */
export function renderBenchSection(section: BenchSection): string {
  const table = [
    `| ${columns.join(" | ")} |`,
    `| ${columns.map(() => "---").join(" | ")} |`,
    ...section.rows.map((row) => `| ${[row.measure, row.figure, row.baseline, row.ratio, row.run].map(cell).join(" | ")} |`),
  ];
  return [
    beginMarker,
    "",
    "Each row gives the run that measured it (its last column); read a row against its own baseline, from that same run. The runs:",
    "",
    ...section.runs.map((run) => run.line),
    "",
    ...(section.rows.length > 0 ? table : ["No rows were measured."]),
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

/** Merges this run's results into the generated section of the Markdown file at `file` (`fresh`: drop earlier runs' rows). */
export function writeBenchReport(file: string, run: BenchRun, options: { fresh?: boolean } = {}): void {
  const document = readFileSync(file, "utf8");
  writeFileSync(file, replaceGeneratedSection(document, renderBenchSection(mergeRun(parseGeneratedSection(document), run, options))));
}
