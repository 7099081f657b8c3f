import { describe, expect, it } from "vitest";
import { auditLogQueryString, parseAuditLogQuery } from "@/lib/audit-log/audit-log-query";
import { encodeListCursor } from "@/lib/schemas/list-sort";

const cursor = { id: "0b6f9b4e-6f7a-4c1e-9a53-3d2f1b7c8e90", direction: "older" as const, value: "2026-03-01T12:00:00.123456Z" };

describe("the audit log's query", () => {
  it("reads action, operator, São Paulo days, order and page cursor", () => {
    const query = parseAuditLogQuery({
      action: "auth.sign_in",
      operator: "ana@example.com",
      from: "2026-03-01",
      to: "2026-03-02",
      sort: "occurred",
      cursor: encodeListCursor(cursor),
    });
    expect(query.values).toEqual({ action: "auth.sign_in", operator: "ana@example.com", from: "2026-03-01", to: "2026-03-02" });
    expect(query.filters.action).toBe("auth.sign_in");
    expect(query.filters.actorEmail).toBe("ana@example.com");
    // São Paulo midnight is 03:00 UTC; "to" includes its whole day.
    expect(query.filters.from?.toISOString()).toBe("2026-03-01T03:00:00.000Z");
    expect(query.filters.before?.toISOString()).toBe("2026-03-03T03:00:00.000Z");
    expect(query.sort).toBe("occurred");
    expect(query.cursor).toEqual(cursor);
    expect(query.errors).toEqual({});
  });

  it("reports and ignores invalid values", () => {
    const query = parseAuditLogQuery({ action: "DROP TABLE", from: "2026-02-30", to: "2026-01-01", sort: "-action", cursor: "e30" });
    expect(query.errors).toEqual({ action: "unknownAction", from: "invalidDay" });
    expect(query.filters).toEqual({ before: new Date("2026-01-02T03:00:00.000Z") });
    expect(query.sort).toBe("-occurred");
    expect(query.cursor).toBeUndefined();
    // A cursor without its row's time cannot start a page.
    expect(parseAuditLogQuery({ cursor: encodeListCursor({ id: cursor.id, direction: "older" }) }).cursor).toBeUndefined();
    expect(parseAuditLogQuery({ from: "2026-03-02", to: "2026-03-01" }).errors).toEqual({ to: "toBeforeFrom" });
  });

  it("writes links without empty values and without the default order", () => {
    expect(auditLogQueryString({ action: "auth.sign_in", operator: "", sort: "-occurred" })).toBe("?action=auth.sign_in");
    expect(auditLogQueryString({ sort: "occurred" }, cursor)).toBe(`?sort=occurred&cursor=${encodeListCursor(cursor)}`);
    expect(auditLogQueryString({})).toBe("");
    // The table's look travels with the filters and the order, before the page.
    expect(auditLogQueryString({ action: "auth.sign_in", cols: "action.who", density: "compact" }, cursor)).toBe(
      `?action=auth.sign_in&cols=action.who&density=compact&cursor=${encodeListCursor(cursor)}`,
    );
  });
});
