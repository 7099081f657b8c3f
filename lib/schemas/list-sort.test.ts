import { describe, expect, it } from "vitest";
import { cursorFitsSort, decodeListCursor, encodeListCursor, parseListSort, readListPage } from "@/lib/schemas/list-sort";
import { defineListSort, nextSort, sortStateOf, sortValueFits } from "@/lib/vocabulary/list-sort";
import { parseTableColumns, tableColumnsParam, tableLookHref } from "@/lib/vocabulary/table-columns";

const spec = defineListSort({ received: "time", amount: "integer", action: "text" }, "-received");

describe("a list's sort", () => {
  it("lists every column both ways, descending first", () => {
    expect(spec.sorts).toEqual(["-received", "received", "-amount", "amount", "-action", "action"]);
  });

  it("parses ?sort= with zod: a known order, the default when absent, an error otherwise", () => {
    expect(parseListSort(spec, "-amount")).toEqual({ sort: "-amount" });
    expect(parseListSort(spec, "action")).toEqual({ sort: "action" });
    expect(parseListSort(spec, undefined)).toEqual({ sort: "-received" });
    expect(parseListSort(spec, "")).toEqual({ sort: "-received" });
    expect(parseListSort(spec, "--amount", "errors.x")).toEqual({ sort: "-received", error: "errors.x" });
    expect(parseListSort(spec, "status").error).toBeDefined();
  });

  it("asks a header for its column descending, then ascending, and says the state", () => {
    expect(nextSort<"amount" | "received">("-received", "amount")).toBe("-amount");
    expect(nextSort<"amount" | "received">("-amount", "amount")).toBe("amount");
    expect(nextSort<"amount" | "received">("amount", "amount")).toBe("-amount");
    expect(sortStateOf<"amount" | "received">("-amount", "amount")).toBe("descending");
    expect(sortStateOf<"amount" | "received">("amount", "amount")).toBe("ascending");
    expect(sortStateOf<"amount" | "received">("amount", "received")).toBeUndefined();
  });
});

describe("a keyset cursor", () => {
  const uuid = "0b6f9b4e-6f7a-4c1e-9a53-3d2f1b7c8e90";

  it("round-trips with and without a value, uuid or integer ids", () => {
    const withValue = { id: uuid, direction: "older" as const, time: "2026-11-28T12:00:00.123456Z", value: "1500" };
    expect(decodeListCursor(encodeListCursor(withValue))).toEqual(withValue);
    const plain = { id: "12345", direction: "newer" as const };
    expect(decodeListCursor(encodeListCursor(plain))).toEqual(plain);
    const text = { id: uuid, direction: "older" as const, value: "transaction.refund — ação" };
    expect(decodeListCursor(encodeListCursor(text))).toEqual(text);
  });

  it("keeps the Transactions list's link form ({t, i, d, v} as base64url JSON)", () => {
    const old = Buffer.from(JSON.stringify({ t: "2026-11-28T12:00:00.000001Z", i: uuid, d: "older", v: "99" })).toString("base64url");
    expect(decodeListCursor(old)).toEqual({ id: uuid, direction: "older", time: "2026-11-28T12:00:00.000001Z", value: "99" });
  });

  it("refuses altered or malformed text", () => {
    expect(decodeListCursor("not base64 json")).toBeUndefined();
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    expect(decodeListCursor(encode({ i: "x'; drop table", d: "older" }))).toBeUndefined();
    expect(decodeListCursor(encode({ i: uuid, d: "sideways" }))).toBeUndefined();
    expect(decodeListCursor(encode({ i: uuid, d: "older", t: "2026-11-28T12:00:00Z" }))).toBeUndefined();
    expect(decodeListCursor(encode({ i: uuid, d: "older", v: "x".repeat(301) }))).toBeUndefined();
  });

  it("fits an order only with a value of its column's kind (none needed on the default's column)", () => {
    const cursor = (value?: string) => ({ id: uuid, direction: "older" as const, ...(value === undefined ? {} : { value }) });
    expect(cursorFitsSort(spec, "-received", cursor())).toBe(true);
    expect(cursorFitsSort(spec, "received", cursor())).toBe(true);
    expect(cursorFitsSort(spec, "-amount", cursor())).toBe(false);
    expect(cursorFitsSort(spec, "-amount", cursor("1500"))).toBe(true);
    expect(cursorFitsSort(spec, "-amount", cursor("2026-11-28T12:00:00.000001Z"))).toBe(false);
    expect(cursorFitsSort(spec, "action", cursor("payout.approve"))).toBe(true);
    expect(sortValueFits("time", "2026-11-28T12:00:00.000001Z")).toBe(true);
    expect(sortValueFits("time", "2026-13-45T12:00:00.000001Z")).toBe(false);
  });
});

describe("a keyset list's page query", () => {
  const uuid = "0b6f9b4e-6f7a-4c1e-9a53-3d2f1b7c8e90";
  const link = (id: string, value?: string) => encodeListCursor({ id, direction: "older", ...(value === undefined ? {} : { value }) });

  it("takes a cursor of the order, with a value and an id of the list's kind (uuid, text)", () => {
    expect(readListPage(spec, { sort: "-amount", cursor: link(uuid, "1500") }, "uuid")).toEqual({
      sort: "-amount",
      cursor: { id: uuid, direction: "older", value: "1500" },
      cursorGone: false,
    });
    const textId = "Xk3vQ9pL2mN8rT5wY7zA1bC4dE6fG0hJ";
    expect(readListPage(spec, { cursor: link(textId, "2026-11-28T12:00:00.000001Z") }, "text").cursor?.id).toBe(textId);
  });

  it("refuses a cursor of another kind of id, order or without a value, and says the link is gone", () => {
    expect(readListPage(spec, { cursor: link("12345", "2026-11-28T12:00:00.000001Z") }, "uuid")).toEqual({
      sort: "-received",
      cursorGone: true,
    });
    expect(readListPage(spec, { sort: "-amount", cursor: link(uuid, "payout") }, "uuid").cursorGone).toBe(true);
    expect(readListPage(spec, { cursor: link(uuid) }, "uuid").cursorGone).toBe(true);
    expect(readListPage(spec, { cursor: "garbage" }, "uuid").cursorGone).toBe(true);
  });

  it("keeps the default order, with an error, for an unknown one; no cursor is no error", () => {
    expect(readListPage(spec, { sort: "-nope" }, "uuid")).toEqual({ sort: "-received", sortError: "errors.list.sort", cursorGone: false });
    expect(readListPage(spec, { sort: "", cursor: "" }, "uuid")).toEqual({ sort: "-received", cursorGone: false });
  });
});

describe("a table's columns in the URL", () => {
  const all = ["a", "b", "c"] as const;
  it("parses known names once each, dots or commas", () => {
    expect(parseTableColumns(all, "c.a")).toEqual(["c", "a"]);
    expect(parseTableColumns(all, "c,a")).toEqual(["c", "a"]);
    expect(parseTableColumns(all, "a.a")).toBeUndefined();
    expect(parseTableColumns(all, "a.z")).toBeUndefined();
    expect(parseTableColumns(all, "")).toBeUndefined();
  });
  it("writes nothing for the default look", () => {
    expect(tableColumnsParam(all, ["a", "b", "c"])).toBeUndefined();
    expect(tableColumnsParam(all, ["b", "a"])).toBe("b.a");
    expect(tableLookHref("/audit-log", "action=x&cols=a", all, all, "comfortable")).toBe("/audit-log?action=x");
    expect(tableLookHref("/audit-log", "", all, ["b"], "compact")).toBe("/audit-log?cols=b&density=compact");
  });
});
