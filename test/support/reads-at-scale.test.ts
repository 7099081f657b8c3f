// The repeated-statements rule the pages', routes' and jobs' read tests apply (repeatedStatements):
// what it lets through (full batches, two ranges of one read, a write per setting) and what it names
// (the same rows read twice, a row read or written at a time).
import { describe, expect, it } from "vitest";
import type { SentStatement } from "@/lib/db/statement-spans";
import { repeatedStatements, rowsPerRepeatedStatement, timesWrittenRowByRow } from "@/test/support/reads-at-scale";

const read = (values: unknown[], rows: number, text = 'select "id" from "transactions" where "id" = $1'): SentStatement => ({
  text,
  values,
  rows,
});

describe("repeatedStatements", () => {
  it("lets through a read sent once, and keyset batches full but the last (a download, a job's queue)", () => {
    expect(repeatedStatements("page", [read(["a"], 1)])).toEqual([]);
    const batches = [read([0], rowsPerRepeatedStatement), read([100], rowsPerRepeatedStatement), read([200], 7)];
    expect(repeatedStatements("download", batches)).toEqual([]);
    // A queue taken batch by batch sends the very same statement each time: its batches are full.
    expect(repeatedStatements("job", [read(["cutoff"], 200), read(["cutoff"], 200), read(["cutoff"], 3)])).toEqual([]);
  });

  it("lets through one read for two ranges (an opening and a closing balance)", () => {
    expect(repeatedStatements("statement", [read(["2026-10-01"], 1), read(["2026-11-01"], 1)])).toEqual([]);
  });

  it("names the same rows read twice in one piece of work", () => {
    const found = repeatedStatements("/approvals/[id]", [read(["request"], 1), read(["request"], 1)]);
    expect(found).toEqual([expect.stringMatching(/^\/approvals\/\[id\]: read twice with the same values — select "id"/)]);
  });

  it("names a read sent a row at a time, however few rows each run reads", () => {
    const found = repeatedStatements("/transactions", [read(["a"], 1), read(["b"], 1), read(["c"], 0)]);
    expect(found).toEqual([expect.stringMatching(/^\/transactions: read 3 times, 2 of them for fewer than 100 rows/)]);
  });

  it("names a write sent a row at a time, and lets through a write per setting or per full batch", () => {
    const write = 'update "transactions" set "status" = $2 where "id" = $1';
    const perRow = Array.from({ length: timesWrittenRowByRow }, (_, index) => read([`row-${index}`, "x"], 1, write));
    expect(repeatedStatements("retention", perRow)).toEqual([expect.stringMatching(/^retention: written 20 times, 19 of them/)]);
    // The alert job writes an incident per rule and store firing: a handful, not a batch's rows.
    expect(repeatedStatements("alert job", perRow.slice(0, 6))).toEqual([]);
    const batches = Array.from({ length: timesWrittenRowByRow }, (_, index) => read([index], rowsPerRepeatedStatement, write));
    expect(repeatedStatements("backfill", batches)).toEqual([]);
  });

  it("reads a `with` that writes as a write", () => {
    const cte = 'with moved as (update "transactions" set "status" = $1 returning "id") select count(*) from moved';
    expect(repeatedStatements("job", [read(["x"], 1, cte), read(["x"], 1, cte)])).toEqual([]);
  });
});
