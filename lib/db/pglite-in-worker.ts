// The client for an embedded database running in a worker thread (lib/db/pglite-worker.mjs). It
// has the part of PGlite's interface that Drizzle and this code use: query, exec, interactive
// transactions (Drizzle's savepoints are statements inside them), listen, close, waitReady.
import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";

/** The worker's script, by path from the project folder (the server runs there): Next does not bundle it. */
const workerScript = path.join(/* turbopackIgnore: true */ process.cwd(), "lib/db/pglite-worker.mjs");

/** Whether the worker's script is where the server looks for it (the project folder, or the standalone output). */
export function pgliteWorkerAvailable(): boolean {
  return existsSync(workerScript);
}

type Reply = { id?: number; result?: unknown; error?: Record<string, unknown>; notify?: string; payload?: string };
type Results = { rows: unknown[]; fields: Array<{ name: string; dataTypeID: number }>; affectedRows?: number };
type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<string, (value: string, typeId: number) => unknown> };

/** Parsers are functions and cannot cross threads: only identity ones (Drizzle's) are accepted, sent as type ids. */
function identityTypes(parsers: QueryOptions["parsers"]): string[] {
  return Object.entries(parsers ?? {}).map(([type, parse]) => {
    if (parse("probe", Number(type)) !== "probe") throw new Error(`The embedded database worker cannot run a parser for type ${type}`);
    return type;
  });
}

class Channel {
  private nextId = 1;
  private waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private listeners = new Map<string, Set<(payload: string) => void>>();
  private failure: Error | undefined;

  constructor(private readonly worker: Worker) {
    worker.on("message", (reply: Reply) => {
      if (reply.notify !== undefined) {
        for (const listener of this.listeners.get(reply.notify) ?? []) listener(reply.payload ?? "");
        return;
      }
      const waiting = this.waiting.get(reply.id!);
      if (!waiting) return;
      this.waiting.delete(reply.id!);
      if (this.waiting.size === 0) worker.unref();
      if (reply.error) waiting.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiting of this.waiting.values()) waiting.reject(this.failure);
      this.waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`The embedded database worker stopped (exit code ${code})`)));
  }

  send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // Held while a statement is on its way, so a script awaiting it is not left to exit; an idle
      // worker never keeps the process alive (the server's shutdown closes the database).
      this.worker.ref();
      this.worker.postMessage({ ...message, id });
    });
  }

  addListener(channel: string, listener: (payload: string) => void): { first: boolean; remove: () => void } {
    const set = this.listeners.get(channel) ?? new Set();
    const first = !this.listeners.has(channel);
    set.add(listener);
    this.listeners.set(channel, set);
    return { first, remove: () => set.delete(listener) };
  }
}

class Statements {
  constructor(
    protected readonly channel: Channel,
    private readonly transactionId?: number,
  ) {}

  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    const sent = options ? { rowMode: options.rowMode, identityTypes: identityTypes(options.parsers) } : undefined;
    return this.channel.send({ op: "query", tx: this.transactionId, text, params, options: sent });
  }

  exec(text: string): Promise<Results[]> {
    return this.channel.send({ op: "exec", tx: this.transactionId, text });
  }
}

export class PgliteInWorker extends Statements {
  /** Tells the callback receiver that this database does not share the server's thread. */
  readonly inWorker = true;
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;

  /** `namedStatements: false` runs every statement through PGlite's `query()` (for comparisons). */
  constructor(dataDir: string, options: { namedStatements?: boolean } = {}) {
    if (!existsSync(workerScript))
      throw new Error(`${workerScript} was not found: start the server from the project folder, or set PGLITE_WORKER=false`);
    const worker = new Worker(workerScript, { workerData: { dataDir, namedStatements: options.namedStatements ?? true } });
    super(new Channel(worker));
    this.worker = worker;
    this.waitReady = this.channel.send({ op: "ready" });
  }

  /** Commits when `run` resolves, rolls back when it throws (as PGlite's own transaction does). */
  async transaction<T>(run: (tx: Statements & { rollback: () => never }) => Promise<T>): Promise<T> {
    const id = await this.channel.send<number>({ op: "begin" });
    const tx = Object.assign(new Statements(this.channel, id), {
      rollback: (): never => {
        throw new Error("Transaction rolled back");
      },
    });
    let result: T;
    try {
      result = await run(tx);
    } catch (error) {
      // The caller's error is the one to see; a worker that stopped has ended the transaction anyway.
      await this.channel.send({ op: "rollback", tx: id }).catch(() => {});
      throw error;
    }
    await this.channel.send({ op: "commit", tx: id });
    return result;
  }

  async listen(channelName: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    const { first, remove } = this.channel.addListener(channelName, listener);
    if (first) await this.channel.send({ op: "listen", channel: channelName });
    return async () => {
      remove();
    };
  }

  /** A gzipped tar of the data directory, consistent (see snapshot() in pglite-worker.mjs). */
  snapshot(): Promise<Uint8Array> {
    return this.channel.send({ op: "snapshot" });
  }

  async close(): Promise<void> {
    await this.channel.send({ op: "close" });
    await this.worker.terminate();
  }

  /** Stops the worker without closing its database (it did not open). */
  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}
