// The integration tests' PGlite pool (test/support/pglite-pool.ts): a database released by one test
// reaches the next exactly as a fresh restore would, and one a test changed is replaced.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takePooledPglite } from "./pglite-pool";

let dump: Blob;
const opened: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const template = new PGlite();
  // What the real schema has that a reset must get past: a foreign key, an append-only trigger, a
  // sequence, and a non-empty migrations table.
  await template.exec(`
    create table parents (id serial primary key, name text);
    create table children (id int primary key, parent int not null references parents(id));
    create table audit (line text);
    create function refuse_change() returns trigger language plpgsql as $$ begin raise exception 'append-only'; end $$;
    create trigger audit_append_only before update or delete on audit for each row execute function refuse_change();
    create table migrations (hash text);
    insert into migrations values ('0001'), ('0002');
  `);
  dump = await template.dumpDataDir("none");
  await template.close();
}, 60_000);

afterAll(async () => {
  for (const release of opened) await release();
});

/** Each test its own pool key, so one test's released databases are not another's. */
async function take(key: string) {
  const taken = await takePooledPglite(`pool-test-${key}-${process.pid}`, async () => dump);
  opened.push(taken.release);
  return taken;
}

describe("a pooled in-memory PGlite", () => {
  it("reaches the next test emptied, its sequences and session as restored, its migrations kept", async () => {
    const first = await take("reset");
    await first.client.exec(`
      insert into parents (name) values ('a'), ('b');
      insert into children values (1, 1);
      insert into audit values ('kept forever?');
      set statement_timeout = 1234;
      listen somewhere;
    `);
    await first.release();

    // The handle given back is closed for its holder, as a closed database is: a loop the holder
    // left running cannot write into the database once another test has it.
    expect(first.client.closed).toBe(true);
    await expect(first.client.query("select 1")).rejects.toThrow(/closed/);

    const next = await take("reset");
    expect(next.reused).toBe(true);
    const count = async (table: string) =>
      ((await next.client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0] as { n: number }).n;
    expect([await count("parents"), await count("children"), await count("audit"), await count("migrations")]).toEqual([0, 0, 0, 2]);
    expect((await next.client.query<{ id: number }>("insert into parents (name) values ('c') returning id")).rows).toEqual([{ id: 1 }]);
    expect((await next.client.query<{ statement_timeout: string }>("show statement_timeout")).rows).toEqual([{ statement_timeout: "0" }]);
    // The triggers are on again: the audit table refuses a delete.
    await next.client.exec("insert into audit values ('x')");
    await expect(next.client.exec("delete from audit")).rejects.toThrow(/append-only/);
    await next.release();
  });

  it("lets a transaction under way when released finish before the reset, and nothing after it", async () => {
    const holder = await take("in-flight");
    const underWay = holder.client.transaction(async (tx) => {
      await tx.query("insert into parents (name) values ('before')");
      await tx.query("select pg_sleep(0.2)");
      await tx.query("insert into parents (name) values ('still in it')");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await holder.release();
    await expect(holder.client.query("insert into parents (name) values ('after')")).rejects.toThrow(/closed/);

    const next = await take("in-flight");
    await underWay;
    expect(next.reused).toBe(true);
    expect((await next.client.query("select name from parents")).rows).toEqual([]);
    await next.release();
  });

  it("is replaced, not reused, when a test changed its schema or its migrations", async () => {
    const altered = await take("replace");
    await altered.client.exec("alter table parents add column extra int");
    await altered.release();
    const afterSchemaChange = await take("replace");
    expect(afterSchemaChange.reused).toBe(false);

    await afterSchemaChange.client.exec("insert into migrations values ('0003')");
    await afterSchemaChange.release();
    const afterMigration = await take("replace");
    expect(afterMigration.reused).toBe(false);
    await afterMigration.release();
  });
});
