import { describe, expect, it } from "vitest";
import { parseInboxQuery } from "@/lib/schemas/callback-log-lookup";
import { encodeListCursor } from "@/lib/schemas/list-sort";

const cursor = { id: "0b6f9b4e-6f7a-4c1e-9a53-3d2f1b7c8e90", direction: "older" as const, value: "2026-11-28T12:00:00.123456Z" };

describe("the callback log's query", () => {
  it("reads the filters, order, page cursor and look", () => {
    const query = parseInboxQuery({
      outcome: "problems",
      sort: "received",
      cursor: encodeListCursor(cursor),
      cols: "reason,status",
      density: "compact",
    });
    expect(query.filters.outcome).toBe("problems");
    expect(query.sort).toBe("received");
    expect(query.cursor).toEqual(cursor);
    expect(query.columns).toEqual(["reason", "status"]);
    expect(query.density).toBe("compact");
    // Links carry the valid values, columns written with dots.
    expect(query.values).toEqual({ outcome: "problems", sort: "received", cols: "reason.status", density: "compact" });
  });

  it("ignores what is not valid, and writes nothing for the defaults", () => {
    const query = parseInboxQuery({ sort: "-status", cursor: "e30", cols: "status.status", density: "huge", status: "MAYBE" });
    expect(query.sort).toBe("-received");
    expect(query.cursor).toBeUndefined();
    expect(query.columns).toEqual(["status", "outcome", "transaction", "logId", "reason"]);
    expect(query.density).toBe("comfortable");
    expect(query.values).toEqual({});
    expect(parseInboxQuery({ sort: "-received", cols: "status.outcome.transaction.logId.reason" }).values).toEqual({});
    // A cursor without its row's time cannot start a page.
    expect(parseInboxQuery({ cursor: encodeListCursor({ id: cursor.id, direction: "older" }) }).cursor).toBeUndefined();
  });
});
