import { describe, expect, it } from "vitest";
import { queryWithoutEmptyParams } from "@/lib/url/query-without-empty";

describe("queryWithoutEmptyParams", () => {
  it("drops the empty fields a GET form sends and keeps the rest in order", () => {
    expect(queryWithoutEmptyParams({ q: "", kind: "CASH_IN", status: "", from: "2026-01-02", min: "  " })).toBe(
      "?kind=CASH_IN&from=2026-01-02",
    );
  });

  it("gives an empty query when every field was empty", () => {
    expect(queryWithoutEmptyParams({ q: "", kind: "" })).toBe("");
  });

  it("says nothing needs removing when no value is empty (no redirect loop)", () => {
    expect(queryWithoutEmptyParams({ kind: "CASH_IN", status: "PAID" })).toBeNull();
    expect(queryWithoutEmptyParams({})).toBeNull();
  });

  it("keeps repeated parameters and escapes values", () => {
    expect(queryWithoutEmptyParams({ tag: ["a", "", "b c"] })).toBe("?tag=a&tag=b+c");
  });
});
