// A list's look from its URL (lib/vocabulary/table-columns.ts readTableLook): the columns and density
// shown, and what a link keeps of them.
import { describe, expect, it } from "vitest";
import { readTableLook } from "@/lib/vocabulary/table-columns";

const all = ["document", "email", "charges"] as const;

describe("a list's look from ?cols= and ?density=", () => {
  it("shows every column, comfortable, and keeps nothing by default", () => {
    expect(readTableLook(all, {})).toEqual({ columns: ["document", "email", "charges"], density: "comfortable", kept: {} });
  });

  it("shows the chosen columns in their order, compact, and keeps both", () => {
    expect(readTableLook(all, { cols: "charges.document", density: "compact" })).toEqual({
      columns: ["charges", "document"],
      density: "compact",
      kept: { cols: "charges.document", density: "compact" },
    });
    // Commas (older links) are read and written back with dots.
    expect(readTableLook(all, { cols: "email,charges" }).kept).toEqual({ cols: "email.charges" });
  });

  it("falls back to the defaults for an unknown column, a repeat or an unknown density", () => {
    expect(readTableLook(all, { cols: "document.secret" }).columns).toEqual([...all]);
    expect(readTableLook(all, { cols: "email.email" }).columns).toEqual([...all]);
    expect(readTableLook(all, { density: "tiny" })).toMatchObject({ density: "comfortable", kept: {} });
    // Every column in the usual order is the default: nothing to keep.
    expect(readTableLook(all, { cols: "document.email.charges" }).kept).toEqual({});
  });
});
