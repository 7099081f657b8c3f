// In-memory PGlite databases for the integration tests, kept per worker and handed to the next
// test that opens one, reset to the template's state. Starting PGlite costs about 1.5 CPU-s however
// small the database (its WASM start and the dump's restore; a one-table dump costs nearly as much),
// and a run of the PGlite lane started one or more per file, or per test where a file opens its
// database in beforeEach: a large share of the lane's CPU on two cores.
//
// A released database is reset when it is taken, not when released, and may be taken by the next
// test of the same file. What its previous holder left running cannot write into it after its
// reset: the holder's handle is closed on release (its methods reject, as a closed PGlite's do), and
// a statement or transaction already under way finishes before the reset begins (PGlite runs every
// query, exec and transaction under one mutex). The reset leaves what a fresh restore would: the
// session discarded (DISCARD ALL: settings, prepared statements, LISTEN, advisory locks, temp
// tables), every table emptied with triggers and foreign keys off (the audit log's append-only
// trigger included), sequences as in the template. A database whose schema, roles or migration
// tables no longer match the template's fingerprint (a test dropped or altered something), or that
// fails to reset, is closed and replaced by a new restore. (Until 2026-11-28 a database went only to
// a later file: a file opening one per test restored each time, 13 restores in the alerts file alone.)
import type { PGlite } from "@electric-sql/pglite";

type Snapshot = {
  fingerprint: string;
  /** Tables emptied on reset ("schema"."name"); the template's non-empty ones (migrations) are kept and checked. */
  emptied: string[];
  kept: Array<{ table: string; rows: number }>;
  sequences: Array<{ name: string; lastValue: string | null }>;
};
type Pooled = { client: PGlite; snapshot: Snapshot };

// On globalThis: the setup file re-imports this module for every test file (vi.resetModules).
const globals = globalThis as { pglitePool?: Map<string, Pooled[]> };
globals.pglitePool ??= new Map<string, Pooled[]>();
const idle = globals.pglitePool;

const fingerprintSql = `
select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
  select 'rel:' || n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || coalesce((
    select string_agg(a.attname || ' ' || a.atttypid || ' ' || a.attnotnull::text, ';' order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
  union all select 'proc:' || p.oid::regprocedure::text || ':' || md5(p.prosrc)
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')
  union all select 'trigger:' || tgrelid::regclass::text || '.' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
  union all select 'constraint:' || conrelid::regclass::text || '.' || conname from pg_constraint where connamespace not in (select oid from pg_namespace where nspname = 'pg_catalog')
  union all select 'role:' || rolname from pg_roles
  union all select 'database:' || datname from pg_database
  union all select 'extension:' || extname from pg_extension
) items`;

const quoted = (schema: string, name: string) => `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;

async function snapshotOf(client: PGlite): Promise<Snapshot> {
  const [{ fingerprint }] = (await client.query<{ fingerprint: string }>(fingerprintSql)).rows as [{ fingerprint: string }];
  const tables = (
    await client.query<{ schemaname: string; tablename: string }>(
      "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
    )
  ).rows.map((row) => quoted(row.schemaname, row.tablename));
  const emptied: string[] = [];
  const kept: Snapshot["kept"] = [];
  for (const table of tables) {
    const [{ rows }] = (await client.query<{ rows: number }>(`select count(*)::int as rows from ${table}`)).rows as [{ rows: number }];
    if (rows === 0) emptied.push(table);
    else kept.push({ table, rows });
  }
  const sequences = (
    await client.query<{ schemaname: string; sequencename: string; last_value: string | null }>(
      "select schemaname, sequencename, last_value::text from pg_sequences",
    )
  ).rows.map((row) => ({ name: quoted(row.schemaname, row.sequencename), lastValue: row.last_value }));
  return { fingerprint, emptied, kept, sequences };
}

/** Resets a pooled database to its template's state; false when it cannot be (then it is closed). */
async function reset({ client, snapshot }: Pooled): Promise<boolean> {
  if (client.closed) return false;
  try {
    await client.exec("DISCARD ALL");
    const [{ fingerprint }] = (await client.query<{ fingerprint: string }>(fingerprintSql)).rows as [{ fingerprint: string }];
    if (fingerprint !== snapshot.fingerprint) return false;
    for (const { table, rows } of snapshot.kept) {
      const [{ now }] = (await client.query<{ now: number }>(`select count(*)::int as now from ${table}`)).rows as [{ now: number }];
      if (now !== rows) return false;
    }
    const sequences = snapshot.sequences.map(({ name, lastValue }) =>
      lastValue === null ? `ALTER SEQUENCE ${name} RESTART;` : `SELECT setval('${name.replaceAll("'", "''")}', ${lastValue}, true);`,
    );
    await client.exec(
      [
        "SET session_replication_role = replica;",
        ...snapshot.emptied.map((table) => `DELETE FROM ${table};`),
        "SET session_replication_role = DEFAULT;",
        ...sequences,
      ].join("\n"),
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * An in-memory PGlite in the template's state: a reset one released earlier (`reused`), or a new one restored from the dump. `client` is a handle that `release` turns into a
 * closed one (its methods reject as a closed PGlite's do, `closed` is true), so a test that closes
 * its database to see a failure still sees one; the database itself goes back to the pool.
 */
export async function takePooledPglite(
  key: string,
  dump: () => Promise<Blob>,
): Promise<{ client: PGlite; release: () => Promise<void>; reused: boolean }> {
  const waiting = idle.get(key) ?? [];
  idle.set(key, waiting);
  let pooled: Pooled | undefined;
  while (!pooled && waiting.length > 0) {
    const candidate = waiting.shift()!;
    if (await reset(candidate)) pooled = candidate;
    else await candidate.client.close().catch(() => {});
  }
  const reused = pooled !== undefined;
  if (!pooled) {
    const { PGlite } = await import("@electric-sql/pglite");
    const client = new PGlite({ loadDataDir: await dump() });
    await client.waitReady;
    pooled = { client, snapshot: await snapshotOf(client) };
  }
  const taken = pooled;
  let released = false;
  const handle = new Proxy(taken.client, {
    get(target, property) {
      if (property === "closed") return released || target.closed;
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== "function") return value;
      if (released) return () => Promise.reject(new Error("PGlite is closed"));
      // PGlite keeps its state in private fields: its methods run on the database itself.
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  return {
    client: handle,
    reused,
    release: async () => {
      if (released) return;
      released = true;
      if (taken.client.closed) return;
      // A few per worker: each holds its WASM heap (hundreds of MB); a file that opened more closes the rest.
      if (waiting.length >= 3) await taken.client.close().catch(() => {});
      else waiting.push(taken);
    },
  };
}
