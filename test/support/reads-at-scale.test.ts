// The repeated-reads rule the pages', routes' and jobs' read tests apply (repeatedReads): what it
// lets through (full batches, two ranges of one read) and what it names (the same rows twice, a row
// at a time).
import { describe, expect, it } from "vitest";
import type { SentStatement } from "@/lib/db/statement-spans";
import { repeatedReads, rowsPerRepeatedRead } from "@/test/support/reads-at-scale";

const read = (values: unknown[], rows: number, text = 'select "id" from "transactions" where "id" = $1'): SentStatement => ({
  text,
  values,
  rows,
});

describe("repeatedReads", () => {
  it("lets through a read sent once, and keyset batches full but the last (a download, a job's queue)", () => {
    expect(repeatedReads("page", [read(["a"], 1)])).toEqual([]);
    const batches = [read([0], rowsPerRepeatedRead), read([100], rowsPerRepeatedRead), read([200], 7)];
    expect(repeatedReads("download", batches)).toEqual([]);
    // A queue taken batch by batch sends the very same statement each time: its batches are full.
    expect(repeatedReads("job", [read(["cutoff"], 200), read(["cutoff"], 200), read(["cutoff"], 3)])).toEqual([]);
  });

  it("lets through one read for two ranges (an opening and a closing balance)", () => {
    expect(repeatedReads("statement", [read(["2026-10-01"], 1), read(["2026-11-01"], 1)])).toEqual([]);
  });

  it("names the same rows read twice in one piece of work", () => {
    const found = repeatedReads("/approvals/[id]", [read(["request"], 1), read(["request"], 1)]);
    expect(found).toEqual([expect.stringMatching(/^\/approvals\/\[id\]: read twice with the same values — select "id"/)]);
  });

  it("names a read sent a row at a time, however few rows each run reads", () => {
    const found = repeatedReads("/transactions", [read(["a"], 1), read(["b"], 1), read(["c"], 0)]);
    expect(found).toEqual([expect.stringMatching(/^\/transactions: read 3 times, 2 of them for fewer than 100 rows/)]);
  });

  it("counts reads only: a write sent again and again is not a read", () => {
    const write = 'update "transactions" set "status" = $2 where "id" = $1';
    const cte = 'with moved as (update "transactions" set "status" = $1 returning "id") select count(*) from moved';
    expect(repeatedReads("job", [read(["a"], 1, write), read(["a"], 1, write), read(["x"], 1, cte), read(["x"], 1, cte)])).toEqual([]);
  });
});
