// The audit log's page query on a real database: filters by action, operator and instant range,
// sorted by time both ways in keyset pages that skip and repeat nothing (ties in the same
// microsecond included), and the count of every matching event.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countAuditEvents, listAuditLogPage } from "@/lib/db/queries/audit-events";
import { auditEvents } from "@/lib/db/schema";
import { decodeListCursor, encodeListCursor } from "@/lib/schemas/list-sort";
import type { ListCursor } from "@/lib/vocabulary/list-sort";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

// Cursors travel in links: each one is encoded and read back as the page would.
const viaLink = (cursor: ListCursor) => decodeListCursor(encodeListCursor(cursor))!;

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  // 120 events one minute apart from 2026-03-01 00:00 UTC: every third a sign-in by bia, the rest
  // cash-out creations by ana.
  await database.db.execute(sql`
    insert into ${auditEvents} (occurred_at, actor_email, action, outcome, details)
    select timestamptz '2026-03-01 00:00:00Z' + n * interval '1 minute',
           case when n % 3 = 0 then 'bia@example.com' else 'ana@example.com' end,
           case when n % 3 = 0 then 'auth.sign_in' else 'cash_out.create' end,
           'success', jsonb_build_object('n', n)
    from generate_series(0, 119) as n`);
});
afterAll(async () => {
  await database.dispose();
});

describe("listAuditLogPage", () => {
  it("pages newest first and counts every event", async () => {
    const first = await listAuditLogPage(database.db, {}, "-occurred", undefined, 50);
    expect(first.total).toBe(120);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.details).toEqual({ n: 119 });
    const second = await listAuditLogPage(database.db, {}, "-occurred", viaLink(first.older!), 50);
    const last = await listAuditLogPage(database.db, {}, "-occurred", viaLink(second.older!), 50);
    expect(last.rows.map((row) => row.details.n)).toEqual(Array.from({ length: 20 }, (_, index) => 19 - index));
    expect(last.older).toBeUndefined();
    const back = await listAuditLogPage(database.db, {}, "-occurred", viaLink(last.newer!), 50);
    expect(back.rows.map((row) => row.id)).toEqual(second.rows.map((row) => row.id));
  });

  it("sorts oldest first, and pages across events of the same microsecond by id", async () => {
    // Two more events at the same instant as n = 0 (ties).
    await database.db.execute(sql`
      insert into ${auditEvents} (occurred_at, action, outcome, details)
      select timestamptz '2026-03-01 00:00:00Z', 'tie.test', 'success', jsonb_build_object('tie', n) from generate_series(1, 2) as n`);
    try {
      const seen: string[] = [];
      let page = await listAuditLogPage(database.db, {}, "occurred", undefined, 7);
      seen.push(...page.rows.map((row) => row.id));
      while (page.older) {
        page = await listAuditLogPage(database.db, {}, "occurred", viaLink(page.older), 7);
        seen.push(...page.rows.map((row) => row.id));
      }
      const all = (await database.db.execute(sql`select id from ${auditEvents} order by occurred_at, id`)) as unknown as {
        rows: Array<{ id: string }>;
      };
      expect(seen).toEqual(all.rows.map((row) => row.id));
      expect(seen).toHaveLength(122);
    } finally {
      await database.db.execute(sql`delete from ${auditEvents} where action = 'tie.test'`);
    }
  });

  it("filters by action, operator and time range together", async () => {
    const signIns = await listAuditLogPage(
      database.db,
      { action: "auth.sign_in", actorEmail: "bia@example.com" },
      "-occurred",
      undefined,
      50,
    );
    expect(signIns.total).toBe(40);
    expect(signIns.rows.every((row) => row.action === "auth.sign_in" && row.actorEmail === "bia@example.com")).toBe(true);
    const window = await listAuditLogPage(
      database.db,
      { action: "cash_out.create", from: new Date("2026-03-01T00:10:00Z"), before: new Date("2026-03-01T00:20:00Z") },
      "-occurred",
      undefined,
      50,
    );
    // Minutes 10–19: 10 events, of which 12, 15 and 18 are sign-ins.
    expect(window.total).toBe(7);
    expect(await listAuditLogPage(database.db, { actorEmail: "nobody@example.com" }, "-occurred", undefined, 50)).toEqual({
      rows: [],
      total: 0,
    });
  });
});

describe("countAuditEvents", () => {
  it("counts up to one past its cap: exact at or under it, cap + 1 meaning more", async () => {
    expect(await countAuditEvents(database.db, { action: "auth.sign_in" }, 40)).toBe(40);
    expect(await countAuditEvents(database.db, { action: "auth.sign_in" }, 39)).toBe(40);
    expect(await countAuditEvents(database.db, {}, 100)).toBe(101);
    expect(await countAuditEvents(database.db, { actorEmail: "nobody@example.com" })).toBe(0);
  });
});
