// The audit log's page query on a real database: filters by action, operator and instant range,
// newest first, pages of a fixed size, and the count of every matching event.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditLogPage } from "@/lib/db/queries/audit-events";
import { auditEvents } from "@/lib/db/schema";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

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
    const first = await listAuditLogPage(database.db, {}, 1, 50);
    expect(first.total).toBe(120);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.details).toEqual({ n: 119 });
    const last = await listAuditLogPage(database.db, {}, 3, 50);
    expect(last.rows.map((row) => row.details.n)).toEqual(Array.from({ length: 20 }, (_, index) => 19 - index));
  });

  it("filters by action, operator and time range together", async () => {
    const signIns = await listAuditLogPage(database.db, { action: "auth.sign_in", actorEmail: "bia@example.com" }, 1, 50);
    expect(signIns.total).toBe(40);
    expect(signIns.rows.every((row) => row.action === "auth.sign_in" && row.actorEmail === "bia@example.com")).toBe(true);
    const window = await listAuditLogPage(
      database.db,
      { action: "cash_out.create", from: new Date("2026-03-01T00:10:00Z"), before: new Date("2026-03-01T00:20:00Z") },
      1,
      50,
    );
    // Minutes 10–19: 10 events, of which 12, 15 and 18 are sign-ins.
    expect(window.total).toBe(7);
    expect(await listAuditLogPage(database.db, { actorEmail: "nobody@example.com" }, 1, 50)).toEqual({ rows: [], total: 0 });
  });
});
