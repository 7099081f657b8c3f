// A span for each database statement (issue #50), on both drivers, while tracing is on
// (lib/observability/tracing.ts): named as OpenTelemetry's database conventions say, by operation
// and table ("SELECT transactions", "INSERT callback_logs"), with `db.system.name` and
// `db.operation.name`. Never the statement's text or values: parameters are personal data, and some
// statements carry literals. Off (no endpoint) and untallied, each call costs a store lookup and a flag check.
// Installed on the driver's own clients (lib/db/client.ts), so every query Drizzle or our own code
// sends is covered: node-postgres's pooled clients as the pool makes them, PGlite's connection and
// the one a transaction hands its callback. The same wrapper tallies a piece of work's statements
// (tallyStatements: how many, which, how long), whether tracing is on or not: what a test pins a
// page's statements with. A page request's statements on a running server are the statement spans
// of its trace (scripts/bench/page-cost.ts counts them).
import { AsyncLocalStorage } from "node:async_hooks";
import { performance } from "node:perf_hooks";
import type { Attributes } from "@opentelemetry/api";
import { inSpan, tracingIsOn } from "@/lib/observability/tracing";

type Query = (this: unknown, ...args: unknown[]) => unknown;

/** The statement's text, whichever form the driver was given (text, or a config object with `text`). */
function statementText(first: unknown): string | undefined {
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && typeof (first as { text?: unknown }).text === "string") return (first as { text: string }).text;
  return undefined;
}

/** The statement's values: the second argument (node-postgres and PGlite), or the config object's `values`. */
function statementValues(args: unknown[]): unknown[] {
  const [first, second] = args;
  if (Array.isArray(second)) return second;
  const fromConfig = first && typeof first === "object" ? (first as { values?: unknown }).values : undefined;
  return Array.isArray(fromConfig) ? fromConfig : [];
}

/** "SELECT transactions": the operation and the first table named after from/into/update, from the text. */
export function statementSpanName(text: string): { name: string; attributes: Attributes } {
  // The first word (a WITH query is named WITH: its main statement comes after nested ones).
  const operation = /^\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? "QUERY";
  const table = /\b(?:from|into|update|join)\s+"?([a-z_][a-z0-9_]*)"?(?:\."?([a-z_][a-z0-9_]*)"?)?/i.exec(text);
  const target = table ? (table[2] ?? table[1]) : undefined;
  return {
    name: target ? `${operation} ${target}` : operation,
    attributes: {
      "db.system.name": "postgresql",
      "db.operation.name": operation,
      ...(target ? { "db.collection.name": target } : {}),
    },
  };
}

/**
 * The statements a piece of work ran: each one's span name, in the order they were sent, and their
 * total wall time; with `keepText`, each one's text and values too (a test explains them: never
 * recorded otherwise, and never leaves the process).
 */
export type StatementTally = { names: string[]; ms: number; statements?: SentStatement[] };
/** A statement as sent (text and values), with the rows it answered or changed once it has run. */
export type SentStatement = { text: string; values: unknown[]; rows?: number };

// One store for every copy of this module (tests re-import modules and reuse clients wrapped by an earlier copy).
const tallyKey = Symbol.for("wallet-dashboard.statement-tally");
const globalForTally = globalThis as unknown as { [tallyKey]?: AsyncLocalStorage<StatementTally> };
globalForTally[tallyKey] ??= new AsyncLocalStorage<StatementTally>();
const tallies = globalForTally[tallyKey];

/** Runs `work` and tallies the statements it sends (through any client of lib/db/client.ts), nested work included. */
export async function tallyStatements<T>(
  work: () => Promise<T>,
  options: { keepText?: boolean } = {},
): Promise<{ value: T } & StatementTally> {
  const tally: StatementTally = { names: [], ms: 0, ...(options.keepText ? { statements: [] } : {}) };
  const value = await tallies.run(tally, work);
  return { value, ...tally };
}

/** The rows a statement answered or changed (node-postgres' rowCount, PGlite's affectedRows), when it says. */
function rowsOf(result: unknown): number | undefined {
  const { rows, rowCount, affectedRows } = (result ?? {}) as { rows?: unknown; rowCount?: unknown; affectedRows?: unknown };
  const answered = Array.isArray(rows) ? rows.length : undefined;
  const changed = typeof rowCount === "number" ? rowCount : typeof affectedRows === "number" ? affectedRows : undefined;
  return answered === undefined && changed === undefined ? undefined : Math.max(answered ?? 0, changed ?? 0);
}

function traced(original: Query): Query {
  return function tracedQuery(this: unknown, ...args: unknown[]) {
    const tally = tallies.getStore();
    if (!tally && !tracingIsOn()) return original.apply(this, args);
    const text = statementText(args[0]);
    // Callback-style calls and streamed (submittable) queries go through untouched.
    if (text === undefined || typeof args[args.length - 1] === "function") return original.apply(this, args);
    const { name, attributes } = statementSpanName(text);
    tally?.names.push(name);
    const sent: SentStatement | undefined = tally?.statements ? { text, values: statementValues(args) } : undefined;
    if (sent) tally?.statements?.push(sent);
    const run = async () => {
      const started = performance.now();
      try {
        const result = await (original.apply(this, args) as Promise<unknown>);
        if (sent) sent.rows = rowsOf(result);
        return result;
      } finally {
        if (tally) tally.ms += performance.now() - started;
      }
    };
    return tracingIsOn() ? inSpan(name, { kind: "client", attributes }, run) : run();
  };
}

/** Wraps the statement methods of one client object (in place). */
function traceMethods(client: Record<string, unknown>, methods: readonly string[]): void {
  for (const method of methods) {
    const original = client[method];
    if (typeof original === "function") client[method] = traced(original as Query);
  }
}

/**
 * node-postgres: the pool's own query (a statement outside a transaction; it runs on a pooled
 * client with a callback, which is not traced twice) and every client the pool makes, which a
 * transaction holds (connect is emitted before the client's first query).
 */
export function traceNodePostgresPool(pool: { on(event: "connect", listener: (client: unknown) => void): unknown }): void {
  traceMethods(pool as unknown as Record<string, unknown>, ["query"]);
  pool.on("connect", (client) => traceMethods(client as Record<string, unknown>, ["query"]));
}

// A mark on the client itself, not a module-level set: tests re-import modules per file and reuse clients.
const tracedMark = Symbol.for("wallet-dashboard.traced-pglite");

/** PGlite (in this thread or in a worker): its query and exec, and a transaction's own. Once per client (tests reuse one: test/support/pglite-pool.ts). */
export function tracePglite(client: object): void {
  const marked = client as { [tracedMark]?: true };
  if (marked[tracedMark]) return;
  marked[tracedMark] = true;
  const methods = ["query", "exec"] as const;
  const target = client as Record<string, unknown>;
  traceMethods(target, methods);
  const transaction = target.transaction;
  if (typeof transaction !== "function") return;
  target.transaction = function tracedTransaction(this: unknown, callback: (tx: Record<string, unknown>) => unknown) {
    return (transaction as Query).call(this, (tx: Record<string, unknown>) => {
      traceMethods(tx, methods);
      return callback(tx);
    });
  };
}
