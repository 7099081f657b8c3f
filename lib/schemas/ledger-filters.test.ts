import { describe, expect, it } from "vitest";
import {
  decodeLedgerCursor,
  encodeLedgerCursor,
  ledgerFilterErrorMessages,
  ledgerQueryString,
  ledgerViewQuery,
  maxSearchLength,
  parseLedgerQuery,
} from "@/lib/schemas/ledger-filters";
import { ledgerBuiltInViews } from "@/lib/vocabulary/ledger-built-in-views";
import { ledgerOptionalColumns } from "@/lib/vocabulary/ledger-columns";
import { amountErrorMessages } from "@/lib/schemas/money";

const cursor = { createdAt: "2025-03-10T12:34:56.123456Z", id: "0b6f1c2e-7d1a-4c55-9a0e-3f2b1c4d5e6f", direction: "older" } as const;

describe("parseLedgerQuery", () => {
  it("reads no filters from an empty query string", () => {
    expect(parseLedgerQuery({})).toEqual({
      filters: {},
      values: {},
      input: {},
      errors: {},
      sort: "-created",
      columns: [...ledgerOptionalColumns],
      density: "comfortable",
    });
  });

  it("reads every filter at once", () => {
    const parsed = parseLedgerQuery(
      new URLSearchParams("kind=CASH_OUT&status=FAILED&from=2025-03-01&to=2025-03-31&min=10,50&max=1.234,56&q=%20maria%20"),
    );
    expect(parsed.errors).toEqual({});
    expect(parsed.filters).toEqual({
      kind: "CASH_OUT",
      status: "FAILED",
      // São Paulo is UTC−3: its midnight is 03:00 UTC; "to" includes the whole last day.
      createdFrom: new Date("2025-03-01T03:00:00.000Z"),
      createdBefore: new Date("2025-04-01T03:00:00.000Z"),
      amountMinCents: 1050,
      amountMaxCents: 123456,
      search: "maria",
    });
    expect(parsed.values).toEqual({
      kind: "CASH_OUT",
      status: "FAILED",
      from: "2025-03-01",
      to: "2025-03-31",
      min: "10,50",
      max: "1.234,56",
      q: "maria",
    });
  });

  it("accepts the outcome-unknown status and zero as a lower amount bound", () => {
    const parsed = parseLedgerQuery({ status: "UNKNOWN", min: "0" });
    expect(parsed.errors).toEqual({});
    expect(parsed.filters).toEqual({ status: "UNKNOWN", amountMinCents: 0 });
  });

  it("treats empty values as no filter, and takes the first of repeated values", () => {
    expect(parseLedgerQuery({ kind: "", status: "  ", q: "" })).toEqual({
      filters: {},
      values: {},
      input: {},
      errors: {},
      sort: "-created",
      columns: [...ledgerOptionalColumns],
      density: "comfortable",
    });
    expect(parseLedgerQuery({ kind: ["CASH_IN", "CASH_OUT"] }).filters).toEqual({ kind: "CASH_IN" });
  });

  it.each([
    ["kind", "TRANSFER", ledgerFilterErrorMessages.kind],
    ["status", "pending", ledgerFilterErrorMessages.status],
    ["from", "31/02/2025", ledgerFilterErrorMessages.day],
    ["from", "2025-02-30", ledgerFilterErrorMessages.day],
    ["to", "2025-13-01", ledgerFilterErrorMessages.day],
    ["min", "10.50", amountErrorMessages.dotAsDecimal],
    ["max", "-5", amountErrorMessages.negative],
    ["max", "abc", amountErrorMessages.notANumber],
    ["q", "x".repeat(maxSearchLength + 1), ledgerFilterErrorMessages.search],
  ])("ignores an invalid %s (%s) with a message for that field, keeping the other filters", (field, value, message) => {
    const parsed = parseLedgerQuery({ [field]: value, ...(field === "kind" ? { status: "SUCCEED" } : { kind: "CASH_IN" }) });
    expect(parsed.errors).toEqual({ [field]: message });
    expect(parsed.values).not.toHaveProperty(field);
    expect(parsed.input).toHaveProperty(field, value);
    expect(Object.keys(parsed.filters)).toEqual([field === "kind" ? "status" : "kind"]);
  });

  it("ignores an end date before the start date, and a maximum below the minimum", () => {
    const parsed = parseLedgerQuery({ from: "2025-03-10", to: "2025-03-09", min: "100", max: "99,99" });
    expect(parsed.errors).toEqual({ to: ledgerFilterErrorMessages.toBeforeFrom, max: ledgerFilterErrorMessages.maxBelowMin });
    expect(parsed.filters).toEqual({ createdFrom: new Date("2025-03-10T03:00:00.000Z"), amountMinCents: 10000 });
  });

  it("accepts a one-day range (from = to)", () => {
    const parsed = parseLedgerQuery({ from: "2025-03-10", to: "2025-03-10" });
    expect(parsed.filters).toEqual({
      createdFrom: new Date("2025-03-10T03:00:00.000Z"),
      createdBefore: new Date("2025-03-11T03:00:00.000Z"),
    });
  });
});

describe("the ledger's period", () => {
  // 2026-11-27 12:00 in São Paulo.
  const now = new Date("2026-11-27T15:00:00Z");

  it("takes a preset's São Paulo days, ignoring the custom days sent with it", () => {
    const parsed = parseLedgerQuery({ period: "lastMonth", from: "2020-01-01", to: "2020-01-02" }, undefined, now);
    expect(parsed.values).toEqual({ period: "lastMonth" });
    expect(parsed.filters).toEqual({
      createdFrom: new Date("2026-10-01T03:00:00.000Z"),
      createdBefore: new Date("2026-11-01T03:00:00.000Z"),
    });
    expect(ledgerQueryString(parsed.values)).toBe("?period=lastMonth");
  });

  it("reads custom days typed the Brazilian way and carries them as São Paulo days", () => {
    const parsed = parseLedgerQuery({ period: "custom", from: "01/11/2026", to: "02112026" }, undefined, now);
    expect(parsed.values).toEqual({ from: "2026-11-01", to: "2026-11-02" });
    expect(parsed.filters.createdBefore).toEqual(new Date("2026-11-03T03:00:00.000Z"));
  });

  it("ignores an unknown period and applies the days", () => {
    const parsed = parseLedgerQuery({ period: "lastYear", from: "2026-11-01" }, undefined, now);
    expect(parsed.values).toEqual({ from: "2026-11-01" });
  });
});

describe("ledger page cursors", () => {
  it("round-trips through the query string", () => {
    const parsed = parseLedgerQuery(new URLSearchParams(ledgerQueryString({ kind: "CASH_IN" }, cursor).slice(1)));
    expect(parsed.cursor).toEqual(cursor);
    expect(parsed.values).toEqual({ kind: "CASH_IN" });
  });

  it.each([
    ["not base64 JSON", "%%%"],
    ["JSON that is not a cursor", Buffer.from(JSON.stringify({ hello: 1 })).toString("base64url")],
    ["a malformed time", encodeLedgerCursor({ ...cursor, createdAt: "2025-03-10 12:34" })],
    ["milliseconds only", encodeLedgerCursor({ ...cursor, createdAt: "2025-03-10T12:34:56.123Z" })],
    ["an id that is not a uuid", encodeLedgerCursor({ ...cursor, id: "1; drop table transactions" })],
    ["an unknown direction", Buffer.from(JSON.stringify({ t: cursor.createdAt, i: cursor.id, d: "sideways" })).toString("base64url")],
  ])("refuses %s with a message, and shows the first page", (_label, text) => {
    expect(decodeLedgerCursor(text)).toBeUndefined();
    const parsed = parseLedgerQuery({ cursor: text });
    expect(parsed.cursor).toBeUndefined();
    expect(parsed.errors).toEqual({ cursor: ledgerFilterErrorMessages.cursor });
  });
});

describe("ledgerQueryString", () => {
  it("leaves out empty values and encodes the rest", () => {
    expect(ledgerQueryString({})).toBe("");
    expect(ledgerQueryString({ q: "a&b c", kind: undefined, min: "1.234,56" })).toBe("?min=1.234%2C56&q=a%26b+c");
  });
});

describe("a view's fields: paid period, age, columns and density (issue #53)", () => {
  // 2026-11-28 10:00 in São Paulo.
  const at = new Date("2026-11-28T13:00:00.000Z");

  it("reads 'paid yesterday' as paid rows whose São Paulo day of payment was yesterday", () => {
    const parsed = parseLedgerQuery(new URLSearchParams("paid=yesterday&sort=-paid"), undefined, at);
    expect(parsed.errors).toEqual({});
    expect(parsed.filters).toEqual({
      status: "SUCCEED",
      paidFrom: new Date("2026-11-27T03:00:00.000Z"),
      paidBefore: new Date("2026-11-28T03:00:00.000Z"),
    });
  });

  it("refuses a paid period with another status, or a custom one", () => {
    expect(parseLedgerQuery({ paid: "today", status: "FAILED" }, undefined, at).errors).toEqual({
      paid: ledgerFilterErrorMessages.paidStatus,
    });
    expect(parseLedgerQuery({ paid: "custom" }, undefined, at).errors).toEqual({ paid: ledgerFilterErrorMessages.paid });
  });

  it("reads 'older' as created before that many minutes ago, the earlier end winning", () => {
    expect(parseLedgerQuery({ older: "15" }, undefined, at).filters.createdBefore).toEqual(new Date("2026-11-28T12:45:00.000Z"));
    // "to" yesterday ends earlier than 15 minutes ago.
    expect(parseLedgerQuery({ older: "15", to: "2026-11-27" }, undefined, at).filters.createdBefore).toEqual(
      new Date("2026-11-28T03:00:00.000Z"),
    );
    for (const older of ["0", "1.5", "-3", "43201", "abc"])
      expect(parseLedgerQuery({ older }, undefined, at).errors).toEqual({ older: ledgerFilterErrorMessages.older });
  });

  it("reads the columns in their order and the density; refuses unknown, repeated or no columns", () => {
    // Dots, which a URL keeps as they are; commas (the first links' form) are read and rewritten.
    const parsed = parseLedgerQuery({ cols: "time. amount,status", density: "compact" }, undefined, at);
    expect(parsed.columns).toEqual(["time", "amount", "status"]);
    expect(parsed.density).toBe("compact");
    expect(parsed.values).toEqual({ cols: "time.amount.status", density: "compact" });
    expect(new URLSearchParams(parsed.values).toString()).toBe("cols=time.amount.status&density=compact");
    for (const cols of ["amount,secret", "amount.amount", ",", "."]) {
      const refused = parseLedgerQuery({ cols }, undefined, at);
      expect(refused.errors).toEqual({ cols: ledgerFilterErrorMessages.cols });
      expect(refused.columns).toEqual([...ledgerOptionalColumns]);
    }
    expect(parseLedgerQuery({ density: "tiny" }, undefined, at).errors).toEqual({ density: ledgerFilterErrorMessages.density });
  });

  it("writes a view's query back the parser's way, and refuses one with any invalid field", () => {
    expect(ledgerViewQuery("?q=%20maria&kind=CASH_IN&cursor=abc&utm=x&cols=amount", at)).toBe("kind=CASH_IN&q=maria&cols=amount");
    expect(ledgerViewQuery("", at)).toBe("");
    expect(ledgerViewQuery("status=PAID", at)).toBeUndefined();
    expect(ledgerViewQuery("sort=-paid&status=FAILED", at)).toBeUndefined();
  });

  it("has built-in views the parser accepts as they are", () => {
    for (const view of ledgerBuiltInViews) expect(ledgerViewQuery(view.query, at)).toBe(view.query);
  });
});
