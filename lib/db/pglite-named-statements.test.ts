// Named statements on embedded PGlite (lib/db/pglite-named-statements.mjs), against PGlite's own
// query() on the same database: the same rows, types, errors and transaction behaviour, each text
// prepared once, a changed table prepared again, and at most the configured number kept.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { namedStatements } from "@/lib/db/pglite-named-statements.mjs";

let db: PGlite;
let named: ReturnType<typeof namedStatements>;

/** The statements this session holds prepared, by text. */
async function preparedTexts(): Promise<string[]> {
  const result = await db.query<{ statement: string }>("select statement from pg_prepared_statements order by statement");
  return result.rows.map((row) => row.statement);
}

beforeAll(async () => {
  db = new PGlite();
  named = namedStatements(db);
  await db.exec(`
    create table items (id integer primary key, label text not null, price numeric(12, 2), tags text[], data jsonb,
      raw bytea, active boolean, at timestamptz, big bigint);
    insert into items values
      (1, 'one', 10.50, '{a,b}', '{"k": 1}', '\\x0102', true, '2026-11-24T10:00:00.123Z', 9007199254740993),
      (2, 'two', null, '{}', null, null, false, null, null);
  `);
});

afterAll(async () => {
  await db.close();
});

describe("PGlite named statements", () => {
  it("returns what query() returns, rows and fields, for each type and both row modes", async () => {
    const text = "select * from items where id = any($1::int[]) and (label = $2 or $2 is null) order by id";
    for (const params of [
      [[1, 2], null],
      [[1], "one"],
      [[2], "none"],
    ] as const) {
      for (const rowMode of ["object", "array"] as const) {
        const expected = await db.query(text, [...params], { rowMode });
        const actual = await named.query(text, [...params], { rowMode });
        expect(actual.rows).toEqual(expected.rows);
        expect(actual.fields).toEqual(expected.fields);
      }
    }
    const written = new Date("2026-11-24T12:00:00.456Z");
    const insert = "insert into items (id, label, price, tags, data, raw, active, at) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *";
    // The same values but the id, once through each path.
    const values = (id: number) => [id, "ten", "3.25", ["x", "y"], JSON.stringify({ n: [1] }), new Uint8Array([7, 8]), true, written];
    const viaNamed = await named.query(insert, values(10));
    const viaQuery = await db.query(insert, values(11));
    expect({ ...viaNamed.rows[0]!, id: 0 }).toEqual({ ...viaQuery.rows[0]!, id: 0 });
    expect(viaNamed.affectedRows).toBe(1);
    expect((viaNamed.rows[0] as { at: Date }).at).toEqual(written);
  });

  it("prepares each text once and reuses it", async () => {
    const text = "select label from items where id = $1";
    const before = (await preparedTexts()).filter((statement) => statement === text).length;
    expect(before).toBe(0);
    for (const id of [1, 2, 1, 2]) await named.query(text, [id]);
    expect((await preparedTexts()).filter((statement) => statement === text)).toHaveLength(1);
    expect((await named.query(text, [2])).rows).toEqual([{ label: "two" }]);
  });

  it("passes errors through with their fields, keeps nothing of a failed text, and goes on working", async () => {
    await expect(named.query("select nonsense from items where id = $1", [1])).rejects.toMatchObject({ code: "42703" });
    expect(await preparedTexts()).not.toContain("select nonsense from items where id = $1");
    await expect(named.query("insert into items (id, label) values ($1, $2)", [1, "again"])).rejects.toMatchObject({
      code: "23505",
      constraint: "items_pkey",
    });
    expect((await named.query("select count(*)::int as n from items where id = $1", [1])).rows).toEqual([{ n: 1 }]);
  });

  it("runs inside a transaction in its turn: a rollback undoes the write, the statement stays prepared", async () => {
    const insert = "insert into items (id, label) values ($1, $2)";
    await expect(
      db.transaction(async () => {
        await named.query(insert, [20, "rolled back"], undefined, { inTransaction: true });
        const seen = await named.query("select label from items where id = $1", [20], undefined, { inTransaction: true });
        expect(seen.rows).toEqual([{ label: "rolled back" }]);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect((await named.query("select label from items where id = $1", [20])).rows).toEqual([]);
    expect(await preparedTexts()).toContain(insert);
    await named.query(insert, [21, "committed"]);
    expect((await db.query("select label from items where id = 21")).rows).toEqual([{ label: "committed" }]);
  });

  it("waits outside a transaction until the open one ends, as query() does", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into items (id, label) values (30, 'in the transaction')");
      entered();
      await held;
    });
    await inside;
    const outside = named.query("select label from items where id = $1", [30]);
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ label: "in the transaction" }]);
  });

  it("prepares a statement again when its table's shape changed under it", async () => {
    const text = "select * from items where id = $1";
    expect(Object.keys((await named.query(text, [1])).rows[0] as object)).not.toContain("note");
    await db.exec("alter table items add column note text default 'added'");
    expect((await named.query(text, [1])).rows[0]).toMatchObject({ id: 1, note: "added" });
  });

  it("keeps at most the configured number of statements, closing the least recently used", async () => {
    const small = namedStatements(db, { maxStatements: 2 });
    const texts = [1, 2, 3].map((n) => `select ${n} + $1::int as n`);
    for (const text of texts) await small.query(text, [1]);
    await small.query(texts[1]!, [1]);
    expect(small.size).toBe(2);
    const prepared = await preparedTexts();
    expect(prepared).not.toContain(texts[0]);
    expect(prepared).toEqual(expect.arrayContaining([texts[1], texts[2]]));
    expect((await small.query(texts[0]!, [41])).rows).toEqual([{ n: 42 }]);
  });

  it("delivers a NOTIFY sent by a named statement", async () => {
    const received: string[] = [];
    const unlisten = await db.listen("named_test", (payload) => received.push(payload));
    await named.query("select pg_notify('named_test', $1)", ["hello"]);
    await expect.poll(() => received).toEqual(["hello"]);
    await unlisten();
  });

  it("names only data statements, one statement at a time", () => {
    for (const text of [
      "select 1",
      " WITH a as (select 1) select * from a",
      "insert into t values ($1)",
      "update t set a = 1",
      "delete from t",
    ])
      expect(named.handles(text), text).toBe(true);
    for (const text of ["create table t (a int)", "set search_path to x", "begin", "select 1; select 2", "vacuum"])
      expect(named.handles(text), text).toBe(false);
  });
});
