// Named statements for embedded PGlite: its `query()` parses and plans every statement again (it
// sends an unnamed Parse each time). Through the worker and Drizzle the session read took 1.28–1.43
// ms that way and 0.76–0.79 ms reused (README, Benchmarks). This runs a
// statement as PostgreSQL's extended protocol does for a driver that prepares: Parse and Describe
// once per text under a name, then Bind, Execute and Sync per call, the results parsed by PGlite's
// own parser. Used by the worker thread (lib/db/pglite-worker.mjs); plain JavaScript for the same
// reason.
//
// What it keeps from `PGlite.query()`: the same locks (a statement outside a transaction waits for
// any open one; inside one it takes its turn), the same parameter serializers, results, errors and
// the file-system sync after a statement outside a transaction. Only data statements (SELECT,
// INSERT, UPDATE, DELETE, WITH, VALUES) are named; anything else (DDL, SET, …) goes through
// `query()`. A statement whose result shape changed under it (a migration) is prepared again.
import { parse, protocol } from "@electric-sql/pglite";

const { serialize } = protocol;
const noSync = { syncToFs: false };
const namedKinds = /^\s*(select|insert|update|delete|with|values)\b/i;

/** Distinct names for each set on one database (one per database in the app; tests open more). */
let sets = 0;

function concat(parts) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * `query(text, params, options, { inTransaction })` on `db` with each text prepared once, the
 * `maxStatements` most recently used kept (the others closed).
 */
export function namedStatements(db, { maxStatements = 200 } = {}) {
  /** text → { name, paramTypes, rowDescription }, least recently used first. */
  const prepared = new Map();
  const prefix = `pglite_named_${++sets}_`;
  let counter = 0;

  async function close(statement) {
    try {
      await db.execProtocolStream(concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()]), noSync);
    } catch {
      // Closing a statement that is already gone changes nothing.
    }
  }

  async function prepare(text) {
    const name = `${prefix}${++counter}`;
    let messages = [];
    try {
      await db.execProtocolStream(serialize.parse({ name, text }), noSync);
      messages = await db.execProtocolStream(serialize.describe({ type: "S", name }), noSync);
    } finally {
      messages.push(...(await db.execProtocolStream(serialize.sync(), noSync)));
    }
    const statement = {
      name,
      paramTypes: messages.find((message) => message.name === "parameterDescription")?.dataTypeIDs ?? [],
      rowDescription: messages.find((message) => message.name === "rowDescription"),
    };
    prepared.set(text, statement);
    if (prepared.size > maxStatements) {
      const [oldestText, oldest] = prepared.entries().next().value;
      prepared.delete(oldestText);
      await close(oldest);
    }
    return statement;
  }

  async function execute(statement, params, options) {
    // As PGlite.query() serializes: null stays null, a type's serializer if it has one, else text.
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[statement.paramTypes[index]] ?? db.serializers[statement.paramTypes[index]];
      return serializer ? serializer(value) : value.toString();
    });
    let messages;
    try {
      messages = await db.execProtocolStream(
        concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
        noSync,
      );
    } catch (error) {
      // A Sync after the error, as query() sends one: it ends the exchange whatever the backend had
      // read of the batch (a second ReadyForQuery changes nothing).
      await db.execProtocolStream(serialize.sync(), noSync);
      throw error;
    }
    // The Describe of the statement gave the rows' shape once; the parser reads it before the rows.
    if (statement.rowDescription) messages.unshift(statement.rowDescription);
    return parse.parseResults(messages, db.parsers, options)[0];
  }

  async function run(text, params, options, inTransaction) {
    let statement = prepared.get(text);
    if (statement) {
      // Most recently used last.
      prepared.delete(text);
      prepared.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    try {
      return await execute(statement, params, options);
    } catch (error) {
      // The table changed under the statement (a migration): prepare it again, once.
      const shapeChanged = error?.code === "0A000" && /cached plan must not change result type/.test(error.message ?? "");
      if (!shapeChanged || inTransaction) throw error;
      prepared.delete(text);
      await close(statement);
      return execute(await prepare(text), params, options);
    }
  }

  return {
    /** Whether `text` runs named here (else the caller uses `query()`). */
    handles: (text) => namedKinds.test(text) && !text.includes(";"),
    async query(text, params = [], options = undefined, { inTransaction = false } = {}) {
      await db._checkReady();
      const inTurn = () => db._runExclusiveQuery(() => run(text, params, options, inTransaction));
      if (inTransaction) return inTurn();
      // Outside a transaction: after any open one, as query() waits; then synced to disk as query() does.
      return db._runExclusiveTransaction(async () => {
        const result = await inTurn();
        await db.syncToFs();
        return result;
      });
    },
    /** How many statements are prepared now (for tests). */
    get size() {
      return prepared.size;
    },
  };
}
