import { describe, expect, it } from "vitest";
import { auditLogQueryString, parseAuditLogQuery } from "@/lib/audit-log/audit-log-query";

describe("the audit log's query", () => {
  it("reads action, operator, São Paulo days and page", () => {
    const query = parseAuditLogQuery({
      action: "auth.sign_in",
      operator: "ana@example.com",
      from: "2026-03-01",
      to: "2026-03-02",
      page: "3",
    });
    expect(query.values).toEqual({ action: "auth.sign_in", operator: "ana@example.com", from: "2026-03-01", to: "2026-03-02" });
    expect(query.filters.action).toBe("auth.sign_in");
    expect(query.filters.actorEmail).toBe("ana@example.com");
    // São Paulo midnight is 03:00 UTC; "to" includes its whole day.
    expect(query.filters.from?.toISOString()).toBe("2026-03-01T03:00:00.000Z");
    expect(query.filters.before?.toISOString()).toBe("2026-03-03T03:00:00.000Z");
    expect(query.page).toBe(3);
    expect(query.errors).toEqual({});
  });

  it("reports and ignores invalid values", () => {
    const query = parseAuditLogQuery({ action: "DROP TABLE", from: "2026-02-30", to: "2026-01-01", page: "-1" });
    expect(query.errors).toEqual({ action: "unknownAction", from: "invalidDay" });
    expect(query.filters).toEqual({ before: new Date("2026-01-02T03:00:00.000Z") });
    expect(query.page).toBe(1);
    expect(parseAuditLogQuery({ from: "2026-03-02", to: "2026-03-01" }).errors).toEqual({ to: "toBeforeFrom" });
  });

  it("writes links without empty values and without page 1", () => {
    expect(auditLogQueryString({ action: "auth.sign_in", operator: "" }, 1)).toBe("?action=auth.sign_in");
    expect(auditLogQueryString({}, 2)).toBe("?page=2");
    expect(auditLogQueryString({})).toBe("");
  });
});
