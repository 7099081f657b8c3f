// Autovacuum for the embedded database. PGlite runs PostgreSQL in this process with no background
// workers, so autovacuum never runs there: tables are never vacuumed (dead rows pile up, and an
// index-only scan — the ledger's searches and counts, docs/decisions/performance.md — still reads
// the table for every entry, because no page is ever marked all-visible) nor analysed (the planner
// keeps the estimates of an empty database). Once a minute this job asks the statistics which tables
// have changed past PostgreSQL's own autovacuum thresholds and runs VACUUM (ANALYZE) or ANALYZE on
// each, one table at a time. On PostgreSQL the server's autovacuum does this; the job is not started.
import { sql } from "drizzle-orm";
import type { Database } from "./client";
import type { JobLogger } from "@/lib/logger";

/** PostgreSQL's autovacuum defaults (autovacuum_*_threshold and *_scale_factor). */
export const autovacuumThresholds = {
  vacuumBase: 50,
  vacuumScale: 0.2,
  insertBase: 1_000,
  insertScale: 0.2,
  analyzeBase: 50,
  analyzeScale: 0.1,
} as const;

export type MaintenanceStep = { table: string; action: "vacuum" | "analyze"; durationMs: number };

type DueTable = { table: string; vacuum: boolean; analyze: boolean };

/** The tables past a threshold, from the statistics (flushed first: PGlite flushes them only when asked). */
async function dueTables(db: Database): Promise<DueTable[]> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const t = autovacuumThresholds;
  const result = (await db.execute(sql`
    select s.relname as table,
      (s.n_dead_tup > ${t.vacuumBase} + ${t.vacuumScale} * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum > ${t.insertBase} + ${t.insertScale} * greatest(c.reltuples, 0)) as vacuum,
      (s.n_mod_since_analyze > ${t.analyzeBase} + ${t.analyzeScale} * greatest(c.reltuples, 0)) as analyze
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema()
    order by s.relname`)) as unknown as { rows: DueTable[] };
  return result.rows.filter((row) => row.vacuum || row.analyze);
}

/** One pass: vacuums (and analyses) or analyses each table that is due, and says what it did. */
export async function maintainEmbeddedDatabase(db: Database): Promise<MaintenanceStep[]> {
  const steps: MaintenanceStep[] = [];
  for (const { table, vacuum } of await dueTables(db)) {
    const started = performance.now();
    // Names come from the catalogue, quoted as identifiers.
    await db.execute(vacuum ? sql`vacuum (analyze) ${sql.identifier(table)}` : sql`analyze ${sql.identifier(table)}`);
    steps.push({ table, action: vacuum ? "vacuum" : "analyze", durationMs: Math.round(performance.now() - started) });
  }
  return steps;
}

export const maintenanceEveryMs = 60_000;

/** Runs a pass once a minute (never two at once) until stopped; the stop waits for the pass under way. */
export function startEmbeddedMaintenance(db: Database, log: JobLogger, everyMs = maintenanceEveryMs): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = maintainEmbeddedDatabase(db)
      .then((steps) => {
        if (steps.length > 0) log.info({ component: "embedded-maintenance", steps }, "embedded database vacuumed and analysed");
      })
      .catch((error: unknown) => log.warn({ component: "embedded-maintenance", err: error }, "embedded database maintenance failed"))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref?.();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
