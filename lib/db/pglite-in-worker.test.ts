// The embedded database in a worker thread, through Drizzle as the server uses it: results and
// types, transactions (committed, rolled back, savepoints), PostgreSQL error codes, LISTEN, and the
// data left on disk for an in-thread PGlite to open.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseConnection, driverOf, openDatabase } from "@/lib/db/client";
import { acquirePgliteLock } from "@/lib/db/pglite-lock";

const notes = pgTable("notes", {
  id: integer("id").primaryKey(),
  body: text("body").notNull(),
  details: jsonb("details").$type<{ tags: string[] }>(),
  writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
});

let folder: string;
let connection: DatabaseConnection;

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), "pglite-worker-test-"));
  connection = await openDatabase({ kind: "pglite", dataDir: path.join(folder, "data"), worker: true });
  await connection.db.execute(
    sql`create table notes (id integer primary key, body text not null, details jsonb, written_at timestamptz not null)`,
  );
});

afterAll(async () => {
  await connection?.close().catch(() => {});
  rmSync(folder, { recursive: true, force: true });
});

const db = () => connection.db as unknown as import("drizzle-orm/pg-core").PgDatabase<import("drizzle-orm/pg-core").PgQueryResultHKT>;

describe("PGlite in a worker thread", () => {
  it("is a worker, and returns rows with their types", async () => {
    expect(driverOf(connection.db)).toMatchObject({ kind: "pglite", inWorker: true });
    const writtenAt = new Date("2026-11-24T10:00:00.123Z");
    await db()
      .insert(notes)
      .values({ id: 1, body: "first", details: { tags: ["a", "b"] }, writtenAt });
    const [row] = await db().select().from(notes).where(eq(notes.id, 1));
    expect(row).toEqual({ id: 1, body: "first", details: { tags: ["a", "b"] }, writtenAt });
  });

  it("commits a transaction, rolls one back when it throws, and keeps savepoints", async () => {
    await db().transaction(async (tx) => {
      await tx.insert(notes).values({ id: 2, body: "kept", writtenAt: new Date() });
      // The savepoint's insert is undone; the outer one stays.
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(notes).values({ id: 3, body: "undone", writtenAt: new Date() });
          throw new Error("inner failure");
        }),
      ).rejects.toThrow("inner failure");
    });
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(notes).values({ id: 4, body: "rolled back", writtenAt: new Date() });
        throw new Error("outer failure");
      }),
    ).rejects.toThrow("outer failure");
    const ids = (await db().select({ id: notes.id }).from(notes).orderBy(notes.id)).map((row) => row.id);
    expect(ids).toEqual([1, 2]);
  });

  it("passes PostgreSQL's error code and constraint through", async () => {
    const failure = await db()
      .insert(notes)
      .values({ id: 1, body: "again", writtenAt: new Date() })
      .then(
        () => undefined,
        (error: unknown) => error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } },
      );
    const cause = failure?.cause ?? failure;
    expect(cause).toMatchObject({ code: "23505", constraint: "notes_pkey" });
  });

  it("delivers NOTIFY to every listener, once each", async () => {
    const { client } = driverOf(connection.db) as { client: import("@electric-sql/pglite").PGlite };
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await client.listen("worker_test", (payload) => first.push(payload));
    await client.listen("worker_test", (payload) => second.push(payload));
    await client.query("select pg_notify('worker_test', 'one')");
    await expect.poll(() => [first, second]).toEqual([["one"], ["one"]]);
    await stopFirst();
    await client.query("select pg_notify('worker_test', 'two')");
    await expect.poll(() => second).toEqual(["one", "two"]);
    expect(first).toEqual(["one"]);
  });

  it("reports a database that cannot open, and leaves its directory free", async () => {
    const notADirectory = path.join(folder, "not-a-directory");
    writeFileSync(notADirectory, "a file where the database should be");
    await expect(openDatabase({ kind: "pglite", dataDir: notADirectory, worker: true })).rejects.toThrow(
      /Could not open the embedded database in .*not-a-directory/,
    );
    // The directory's lock was released: taking it again succeeds.
    acquirePgliteLock(notADirectory)();
  }, 30_000);

  it("leaves its data on disk for an in-thread PGlite, and refuses work once closed", async () => {
    await connection.close();
    await expect(connection.ping()).rejects.toThrow(/worker stopped/);
    const reopened = await openDatabase({ kind: "pglite", dataDir: path.join(folder, "data") });
    try {
      expect(driverOf(reopened.db)).toMatchObject({ kind: "pglite", inWorker: false });
      const rows = await (reopened.db as unknown as ReturnType<typeof db>).select({ id: notes.id }).from(notes).orderBy(notes.id);
      expect(rows.map((row) => row.id)).toEqual([1, 2]);
    } finally {
      await reopened.close();
    }
  });
});
