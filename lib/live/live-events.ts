// The push channel behind the live pages (counter displays, payer page, charge result page):
// writers publish "this changed" with PostgreSQL NOTIFY inside their own database transaction (so
// it is delivered only once committed), and every app instance LISTENs once and fans the events
// out in-process to its open server-sent-event streams. With embedded PGlite the same NOTIFY is
// delivered by PGlite's own in-process listener. Events carry only ids: readers re-read the state.
import "server-only";
import { EventEmitter } from "node:events";
import { type SQL, sql } from "drizzle-orm";
import { type Database, driverOf } from "@/lib/db/client";
import { logger } from "@/lib/logger";

export const liveChannel = "wallet_live";

export type LiveEvent =
  | { kind: "transaction"; id: string }
  | { kind: "counter"; id: string }
  /** A cash-out request was submitted, decided, cancelled or expired. */
  | { kind: "cash_out_request"; id: string }
  /** The listener reconnected: events may have been missed, so every stream re-reads its state. */
  | { kind: "resync" };

type Executor = Pick<Database, "execute">;

/**
 * Tells every instance that a transaction's status (or anything a payer sees) changed. Called with
 * one line where a status is applied (lib/callbacks/apply-callback.ts); pass the open database
 * transaction so the event goes out only when it commits.
 */
export async function publishTransactionChange(db: Executor, transactionId: string): Promise<void> {
  await publishLiveEvent(db, { kind: "transaction", id: transactionId });
}

/** A counter's current charge or its paired devices changed. */
export async function publishCounterChange(db: Executor, counterId: string): Promise<void> {
  await publishLiveEvent(db, { kind: "counter", id: counterId });
}

/** A cash-out request's state changed: its requester's page shows the decision at once. */
export async function publishCashOutRequestChange(db: Executor, requestId: string): Promise<void> {
  await publishLiveEvent(db, { kind: "cash_out_request", id: requestId });
}

async function publishLiveEvent(db: Executor, event: LiveEvent): Promise<void> {
  await db.execute(sql`select ${liveEventNotification(event)}`);
}

/**
 * The NOTIFY of `publishTransactionChange` as an SQL expression, for a writer that folds it into a
 * statement it sends anyway (e.g. an UPDATE's RETURNING) to save a round trip on a hot path.
 */
/** The NOTIFY payload for a transaction's change, for statements written out by hand. */
export function transactionChangePayload(transactionId: string): string {
  return JSON.stringify({ kind: "transaction", id: transactionId } satisfies LiveEvent);
}

export function transactionChangeNotification(transactionId: string): SQL {
  return liveEventNotification({ kind: "transaction", id: transactionId });
}

function liveEventNotification(event: LiveEvent): SQL {
  return sql`pg_notify(${liveChannel}, ${JSON.stringify(event)})`;
}

type Hub = { emitter: EventEmitter; started: Promise<void> | null; stop: (() => Promise<void>) | null; db: Database | null };
const globalForHub = globalThis as unknown as { walletLiveHub?: Hub };

function hub(): Hub {
  if (!globalForHub.walletLiveHub) {
    const emitter = new EventEmitter();
    // One listener per open stream: hundreds of displays are normal, not a leak.
    emitter.setMaxListeners(0);
    globalForHub.walletLiveHub = { emitter, started: null, stop: null, db: null };
  }
  return globalForHub.walletLiveHub;
}

/** Subscribes to every live event of this process; returns the unsubscribe function. */
export async function subscribeLiveEvents(db: Database, listener: (event: LiveEvent) => void): Promise<() => void> {
  const state = hub();
  if (state.db !== db) {
    // A different database (tests install a fresh runtime per file): listen on that one instead.
    await state.stop?.();
    state.db = db;
    state.started = startListening(db, state);
  }
  await state.started;
  state.emitter.on("event", listener);
  return () => state.emitter.off("event", listener);
}

/** Shutdown: stops listening (PostgreSQL: ends the dedicated LISTEN connection). */
export async function stopLiveEvents(): Promise<void> {
  const state = globalForHub.walletLiveHub;
  if (!state) return;
  const stop = state.stop;
  Object.assign(state, { started: null, stop: null, db: null });
  await stop?.();
}

function emit(state: Hub, payload: string) {
  try {
    state.emitter.emit("event", JSON.parse(payload) as LiveEvent);
  } catch (error) {
    logger.warn({ err: error }, "live events: ignored a malformed notification");
  }
}

async function startListening(db: Database, state: Hub): Promise<void> {
  const driver = driverOf(db);
  if (driver.kind === "pglite") {
    const unlisten = await driver.client.listen(liveChannel, (payload) => emit(state, payload));
    state.stop = async () => {
      await unlisten().catch(() => {});
    };
    return;
  }
  const connectionString = (driver.pool as { options?: { connectionString?: string } }).options?.connectionString;
  if (!connectionString) throw new Error("live events: cannot find the PostgreSQL connection string to LISTEN on");
  await listenOnPostgres(connectionString, state);
}

/** One dedicated connection per instance (LISTEN cannot go through a pool); reconnects with backoff. */
async function listenOnPostgres(connectionString: string, state: Hub): Promise<void> {
  const { Client } = await import("pg");
  let stopped = false;
  let current: InstanceType<typeof Client> | null = null;
  let retryDelayMs = 250;

  const connect = async (): Promise<void> => {
    const client = new Client({ connectionString });
    client.on("notification", (message) => {
      if (message.channel === liveChannel && message.payload) emit(state, message.payload);
    });
    const reconnect = () => {
      if (stopped || current !== client) return;
      current = null;
      client.end().catch(() => {});
      logger.warn("live events: the LISTEN connection dropped; reconnecting");
      setTimeout(() => void connect().catch(scheduleRetry), retryDelayMs);
    };
    client.on("error", reconnect);
    client.on("end", reconnect);
    await client.connect();
    await client.query(`listen ${liveChannel}`);
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    retryDelayMs = 250;
    state.emitter.emit("event", { kind: "resync" } satisfies LiveEvent);
  };
  const scheduleRetry = (error: unknown) => {
    if (stopped) return;
    logger.warn({ err: error }, "live events: could not LISTEN; retrying");
    retryDelayMs = Math.min(5_000, retryDelayMs * 2);
    setTimeout(() => void connect().catch(scheduleRetry), retryDelayMs);
  };

  state.stop = async () => {
    stopped = true;
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
  await connect();
}
