// A span for each database statement (issue #50), on both drivers, while tracing is on
// (lib/observability/tracing.ts): named as OpenTelemetry's database conventions say, by operation
// and table ("SELECT transactions", "INSERT callback_logs"), with `db.system.name` and
// `db.operation.name`. Never the statement's text or values: parameters are personal data, and some
// statements carry literals. Off (no endpoint), each call costs one flag check and nothing else.
// Installed on the driver's own clients (lib/db/client.ts), so every query Drizzle or our own code
// sends is covered: node-postgres's pooled clients as the pool makes them, PGlite's connection and
// the one a transaction hands its callback.
import type { Attributes } from "@opentelemetry/api";
import { inSpan, tracingIsOn } from "@/lib/observability/tracing";

type Query = (this: unknown, ...args: unknown[]) => unknown;

/** The statement's text, whichever form the driver was given (text, or a config object with `text`). */
function statementText(first: unknown): string | undefined {
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && typeof (first as { text?: unknown }).text === "string") return (first as { text: string }).text;
  return undefined;
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

function traced(original: Query): Query {
  return function tracedQuery(this: unknown, ...args: unknown[]) {
    const text = statementText(args[0]);
    // Callback-style calls and streamed (submittable) queries go through untouched.
    if (!tracingIsOn() || text === undefined || typeof args[args.length - 1] === "function") return original.apply(this, args);
    const { name, attributes } = statementSpanName(text);
    return inSpan(name, { kind: "client", attributes }, async () => await (original.apply(this, args) as Promise<unknown>));
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
