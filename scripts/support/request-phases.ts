// Medians of a page request's phases from a timeline written by request-timeline.cjs:
//   npx tsx scripts/support/request-phases.ts /tmp/timeline-<pid>.json /transactions
// Each request of that path (query string included, matched exactly) is cut at the moments Next's
// spans mark: the proxy done, the route's render started, React's shell ready, the first byte
// written; and each `pg` statement inside it is listed with its wall time.
import { readFileSync } from "node:fs";
import { percentile } from "./bench";

type Entry = [start: number, end: number, name: string];

const [file, path = "/transactions"] = process.argv.slice(2);
if (!file) {
  console.error("usage: npx tsx scripts/support/request-phases.ts <timeline.json> [path]");
  process.exit(2);
}
const timeline = (JSON.parse(readFileSync(file, "utf8")) as Entry[]).sort((a, b) => a[0] - b[0]);
const median = (values: number[]) => (values.length ? percentile(values, 50) : Number.NaN);

const phases: Record<"proxy done" | "render started" | "shell ready" | "first byte", number[]> = {
  "proxy done": [],
  "render started": [],
  "shell ready": [],
  "first byte": [],
};
const statements = new Map<string, { start: number[]; wall: number[] }>();
let requests = 0;
for (const [start, firstByte, name] of timeline) {
  if (name !== `first byte GET ${path}`) continue;
  const inside = timeline.filter(([begin]) => begin >= start && begin <= firstByte);
  const proxy = inside.find(([, , span]) => span === "middleware GET");
  const render = inside.find(([, , span]) => span.startsWith("render route"));
  const shell = inside.find(([, , span]) => span === "AppRender.waitShellReady");
  if (!render || !shell) continue;
  requests++;
  if (proxy) phases["proxy done"].push(proxy[1] - start);
  phases["render started"].push(render[0] - start);
  phases["shell ready"].push(shell[1] - start);
  phases["first byte"].push(firstByte - start);
  for (const [begin, end, span] of inside.filter(([, , span]) => span.startsWith("pg "))) {
    const entry = statements.get(span) ?? { start: [], wall: [] };
    entry.start.push(begin - start);
    entry.wall.push(end - begin);
    statements.set(span, entry);
  }
}
console.log(`${requests} requests of ${path}; milliseconds after the request arrived (medians):`);
for (const [phase, values] of Object.entries(phases)) console.log(`  ${phase.padEnd(16)} ${median(values).toFixed(2)}`);
for (const [statement, entry] of statements)
  console.log(
    `  ${statement}: starts at ${median(entry.start).toFixed(2)}, takes ${median(entry.wall).toFixed(2)} (${entry.wall.length}×)`,
  );
