// Statements that run on (nearly) every request, built once per database handle instead of per
// call: Drizzle builds nothing more for them, and on PostgreSQL each runs as a named statement, so
// a connection parses and plans it once. The session read (every page and action) went from
// 0.59–0.81 ms to 0.15–0.19 ms this way on PostgreSQL, in-process (README, Benchmarks).
// A name must be unique per text: one statement, one name.
import type { Database } from "@/lib/db/client";

/** `build(db)` once per database handle (the app has one; the tests open several). */
export function oncePerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
