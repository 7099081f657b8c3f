// The embedded database in a worker thread: PGlite runs every statement synchronously on the thread
// that owns it, so in the server's own thread each statement's CPU (0.4–0.8 ms, mostly WASM glue
// and result parsing) is time no page, action or callback gets. Here it runs on a thread of its
// own; lib/db/pglite-in-worker.ts is the client the server uses. Plain JavaScript, loaded by path:
// it is not part of Next's bundles.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { namedStatements } from "./pglite-named-statements.mjs";
import { pgliteServerOptions } from "./pglite-options.mjs";

const db = new PGlite(workerData.dataDir, pgliteServerOptions);
// Each data statement parsed and planned once (lib/db/pglite-named-statements.mjs); off only for
// comparisons (workerData.namedStatements === false).
const named = workerData.namedStatements === false ? null : namedStatements(db);
/** Open interactive transactions by id: the transaction object, and how to end it. */
const transactions = new Map();
const listening = new Map();
/** While a backup snapshot is taken: new work (not a statement of an open transaction) waits for it. */
let snapshotInProgress;

/**
 * A consistent copy of the data directory while the server keeps serving (npm run backup, through
 * lib/server/backup-socket.ts): new transactions and statements wait, the open transactions finish,
 * a CHECKPOINT writes every committed change to the data files, and PGlite tars them (gzip).
 */
async function snapshot() {
  let done;
  snapshotInProgress = new Promise((resolve) => {
    done = resolve;
  });
  try {
    while (transactions.size > 0) await new Promise((resolve) => setTimeout(resolve, 2));
    await db.exec("CHECKPOINT");
    const archive = await db.dumpDataDir("gzip");
    return new Uint8Array(await archive.arrayBuffer());
  } finally {
    snapshotInProgress = undefined;
    done();
  }
}

/** An error's message and PostgreSQL fields (code, constraint, …), which structured cloning would drop. */
function errorFields(error) {
  // File-system errors from PGlite's WASM runtime carry an errno, not a message.
  const message =
    typeof error?.message === "string" && error.message
      ? error.message
      : error?.errno !== undefined
        ? `file system error (errno ${error.errno})`
        : String(error);
  const fields = { message, name: error?.name ?? "Error" };
  for (const key of ["code", "detail", "hint", "constraint", "table", "column", "schema", "severity", "position", "where", "routine"]) {
    if (error?.[key] !== undefined) fields[key] = error[key];
  }
  return fields;
}

/** Only identity parsers cross the thread boundary (as type ids): Drizzle's keep dates as text. */
function queryOptions(options) {
  if (!options) return undefined;
  const parsers = Object.fromEntries((options.identityTypes ?? []).map((type) => [type, (value) => value]));
  return { rowMode: options.rowMode, parsers };
}

const plain = (result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

function begin(id) {
  return new Promise((started, failedToStart) => {
    let open = false;
    db.transaction(
      (tx) =>
        // The transaction stays open until the server's thread says commit or rollback.
        new Promise((commit, rollback) => {
          open = true;
          transactions.set(id, { tx, commit, rollback, ended: undefined });
          started(id);
        }),
    )
      .then(() => transactions.get(id)?.ended?.resolve(null))
      .catch((error) => {
        if (!open) failedToStart(error);
        else transactions.get(id)?.ended?.reject(error);
      })
      .finally(() => transactions.delete(id));
  });
}

function end(id, commit) {
  const open = transactions.get(id);
  if (!open) return Promise.reject(new Error(`No open transaction ${id}`));
  return new Promise((resolve, reject) => {
    // A rollback ends with PGlite's own rejection of the transaction: that is the rollback done.
    open.ended = commit ? { resolve, reject } : { resolve, reject: () => resolve(null) };
    if (commit) open.commit();
    else open.rollback(new Error("rolled back"));
  });
}

async function handle(message) {
  const target = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
  if (!target) throw new Error(`No open transaction ${message.tx}`);
  switch (message.op) {
    case "ready":
      await db.waitReady;
      return null;
    case "query":
      if (named?.handles(message.text)) {
        const inTransaction = message.tx !== undefined;
        return plain(await named.query(message.text, message.params ?? [], queryOptions(message.options), { inTransaction }));
      }
      return plain(await target.query(message.text, message.params, queryOptions(message.options)));
    case "exec":
      return (await target.exec(message.text)).map(plain);
    case "begin":
      return begin(message.id);
    case "commit":
      return end(message.tx, true);
    case "rollback":
      return end(message.tx, false);
    case "listen":
      if (!listening.has(message.channel)) {
        listening.set(
          message.channel,
          await db.listen(message.channel, (payload) => parentPort.postMessage({ notify: message.channel, payload })),
        );
      }
      return null;
    case "snapshot":
      return snapshot();
    case "close":
      await db.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

function run(message) {
  handle(message).then(
    // A snapshot's bytes are moved to the server's thread, not copied.
    (result) => parentPort.postMessage({ id: message.id, result }, result instanceof Uint8Array ? [result.buffer] : []),
    (error) => parentPort.postMessage({ id: message.id, error: errorFields(error) }),
  );
}

parentPort.on("message", (message) => {
  // Statements of an open transaction go on, so it can end and the snapshot can start.
  if (snapshotInProgress && message.tx === undefined) {
    snapshotInProgress.then(() => run(message));
  } else run(message);
});
