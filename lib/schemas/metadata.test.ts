import { describe, expect, it } from "vitest";
import { maxMetadataRows, metadataErrorMessages, metadataRowsSchema, metadataToRows } from "@/lib/schemas/metadata";

function issuesOf(rows: unknown) {
  return metadataRowsSchema.safeParse(rows).error?.issues.map(({ path, message }) => ({ path, message }));
}

describe("metadataRowsSchema", () => {
  it("turns rows into an object of strings", () => {
    expect(
      metadataRowsSchema.parse([
        { key: "order_id", value: "A-1001" },
        { key: " store.branch-2 ", value: "Centro" },
      ]),
    ).toEqual({ order_id: "A-1001", "store.branch-2": "Centro" });
  });

  it("ignores blank rows and accepts no rows at all", () => {
    expect(
      metadataRowsSchema.parse([
        { key: "", value: "" },
        { key: "a", value: "1" },
        { key: " ", value: " " },
      ]),
    ).toEqual({ a: "1" });
    expect(metadataRowsSchema.parse([])).toEqual({});
    expect(metadataRowsSchema.parse(undefined)).toEqual({});
  });

  it("accepts an empty value for a key", () => {
    expect(metadataRowsSchema.parse([{ key: "note", value: "" }])).toEqual({ note: "" });
  });

  it("reports each problem on its own row and field", () => {
    expect(
      issuesOf([
        { key: "ok", value: "1" },
        { key: "", value: "orphan value" },
        { key: "has space", value: "x" },
        { key: "k".repeat(41), value: "x" },
        { key: "ok", value: "again" },
        { key: "long", value: "v".repeat(501) },
        { key: "__proto__", value: "x" },
      ]),
    ).toEqual([
      { path: [1, "key"], message: metadataErrorMessages.keyMissing },
      { path: [2, "key"], message: metadataErrorMessages.keyCharacters },
      { path: [3, "key"], message: metadataErrorMessages.keyTooLong },
      { path: [4, "key"], message: metadataErrorMessages.keyDuplicate },
      { path: [5, "value"], message: metadataErrorMessages.valueTooLong },
      { path: [6, "key"], message: metadataErrorMessages.keyReserved },
    ]);
  });

  it("accepts the limits exactly: a 40-character key, a 500-character value, 20 rows", () => {
    const rows = Array.from({ length: maxMetadataRows }, (_, index) => ({
      key: `${String(index).padStart(2, "0")}${"k".repeat(38)}`,
      value: "v".repeat(500),
    }));
    expect(Object.keys(metadataRowsSchema.parse(rows))).toHaveLength(20);
  });

  it("refuses a 21st row", () => {
    const rows = Array.from({ length: maxMetadataRows + 1 }, (_, index) => ({ key: `key${index}`, value: "x" }));
    expect(issuesOf(rows)).toEqual([{ path: [], message: metadataErrorMessages.tooManyRows }]);
  });
});

describe("metadataToRows", () => {
  it("lists stored metadata as rows, non-strings as JSON", () => {
    expect(metadataToRows({ a: "1", b: 2 })).toEqual([
      { key: "a", value: "1" },
      { key: "b", value: "2" },
    ]);
    expect(metadataToRows(null)).toEqual([]);
  });
});
