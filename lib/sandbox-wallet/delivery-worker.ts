// The background worker: expires due cash-ins, settles due cash-outs, and POSTs due callbacks
// (with a timeout, X-Callback-Log-Id, one callback log per attempt, retries on the schedule).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { readBodyPrefix } from "../net/read-limited-body";
import { beginAttempt, claimDueDeliveries, finishAttempt, type AttemptResult } from "./callback-queue";
import type { SandboxDatabase } from "./database";
import type { SandboxLogger } from "./logger";
import { callbackDeliveries, transactions, type CallbackDeliveryRow } from "./schema";
import type { SandboxWalletSettings } from "./settings";
import { expireDueCashIns, settleDueCashOuts } from "./state-machine";

export type DeliveryWorkerDependencies = {
  db: SandboxDatabase;
  settings: SandboxWalletSettings;
  fetch: typeof fetch;
  clock: () => Date;
  logger: SandboxLogger;
};

export type DeliveryWorker = {
  /** Runs one round now (sweeps and a batch of due callbacks). */
  runOnce(): Promise<void>;
  /** Asks a running loop to start its next round without waiting for the poll interval. */
  wake(): void;
  /** Starts the polling loop; the returned function stops it and waits for the round in progress. */
  start(): () => Promise<void>;
};

const batchSize = 20;
const minimumPauseMs = 25;
const maxReplyCharacters = 16_384;
const maxReplyBytes = maxReplyCharacters * 4;

export function createDeliveryWorker(deps: DeliveryWorkerDependencies): DeliveryWorker {
  const workerId = `sandbox-worker-${randomUUID()}`;
  // The lease outlives any attempt (each is bounded by the callback timeout), with a wide margin.
  const leaseMs = deps.settings.callbackTimeoutMs * 2 + 10_000;
  let wakeUp: (() => void) | undefined;
  // A wake() while a round or its next-due query runs is kept for the next sleep, not lost.
  let wakeRequested = false;
  let running: Promise<void> | undefined;
  let stopRequested = false;

  async function deliver(delivery: CallbackDeliveryRow): Promise<void> {
    const { logId, attempt } = await beginAttempt(deps.db, delivery, deps.clock());
    const result = await postCallback(deps, delivery, logId, attempt);
    const state = await finishAttempt(deps.db, {
      delivery,
      logId,
      attempt,
      result,
      workerId,
      now: deps.clock(),
      retryScheduleMs: deps.settings.callbackRetryScheduleMs,
    });
    const details = {
      deliveryId: delivery.id,
      transactionId: delivery.transactionId,
      callbackLogId: logId,
      attempt,
      responseStatus: result.responseStatus,
      state,
    };
    if (state === "GAVE_UP") deps.logger.warn(details, "sandbox wallet: callback delivery gave up after its last attempt");
    else deps.logger.info(details, `sandbox wallet: callback attempt ${result.status}`);
  }

  async function runOnce(): Promise<void> {
    await expireDueCashIns(deps.db, deps.clock());
    await settleDueCashOuts(deps.db, deps.clock());
    for (;;) {
      const claimed = await claimDueDeliveries(deps.db, {
        workerId,
        now: deps.clock(),
        leaseMs,
        limit: batchSize,
        retryScheduleMs: deps.settings.callbackRetryScheduleMs,
      });
      await Promise.all(
        claimed.map((delivery) =>
          deliver(delivery).catch((error: unknown) =>
            deps.logger.error({ deliveryId: delivery.id, err: error }, "sandbox wallet: callback delivery failed unexpectedly"),
          ),
        ),
      );
      if (claimed.length < batchSize || stopRequested) return;
    }
  }

  /** Waits `ms` or until wake(); says whether it was woken. */
  function sleep(ms: number): Promise<boolean> {
    if (wakeRequested) {
      wakeRequested = false;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        wakeUp = undefined;
        resolve(false);
      }, ms);
      wakeUp = () => {
        wakeUp = undefined;
        clearTimeout(timer);
        resolve(true);
      };
    });
  }

  // Idle, the worker does not poll every table: after a round it asks once when the next thing is
  // due (an expiry, a settlement, a retry, a lease ending) and sleeps until then, at most
  // workerPollIntervalMs; anything that schedules work in this process wakes it at once (wake()).
  // A fallback wake-up with nothing due costs that one query: what another instance (or a moved
  // clock) scheduled is still found within one interval.
  async function loop(): Promise<void> {
    let due = true;
    while (!stopRequested) {
      try {
        if (due) await runOnce();
        if (stopRequested) return;
        const nextDueAt = await findNextDueAt(deps.db);
        const waitMs = nextDueAt ? nextDueAt.getTime() - deps.clock().getTime() : Number.POSITIVE_INFINITY;
        if (waitMs <= 0) {
          // Due now but not claimed this round (another worker holds the row for a moment): a short pause, not a spin.
          due = true;
          await sleep(minimumPauseMs);
          continue;
        }
        const woken = await sleep(Math.min(waitMs, deps.settings.workerPollIntervalMs));
        due = woken || waitMs <= deps.settings.workerPollIntervalMs;
      } catch (error) {
        deps.logger.error({ err: error }, "sandbox wallet: worker round failed; retrying at the next poll");
        due = true;
        if (!stopRequested) await sleep(deps.settings.workerPollIntervalMs);
      }
    }
  }

  return {
    runOnce,
    wake: () => {
      if (wakeUp) wakeUp();
      else wakeRequested = true;
    },
    start() {
      if (!running) {
        stopRequested = false;
        running = loop();
      }
      return async () => {
        stopRequested = true;
        // Between rounds (mid-query) there is no sleep to cut short yet: the next sleep returns at once.
        if (wakeUp) wakeUp();
        else wakeRequested = true;
        await running;
        running = undefined;
      };
    },
  };
}

/**
 * The earliest moment anything becomes due, in one statement: a pending cash-in's expiry, a pending
 * cash-out's settlement, a pending delivery's next attempt (or the end of the lease holding it).
 * Null when nothing is scheduled.
 */
export async function findNextDueAt(db: SandboxDatabase): Promise<Date | null> {
  const result = (await db.execute(sql`select least(
      (select min(${transactions.expiresAt}) from ${transactions} where ${transactions.status} = 'PENDING' and ${transactions.operation} = 'CASH_IN'),
      (select min(${transactions.settlesAt}) from ${transactions} where ${transactions.status} = 'PENDING' and ${transactions.operation} = 'CASH_OUT'),
      (select min(greatest(${callbackDeliveries.nextAttemptAt}, coalesce(${callbackDeliveries.claimedUntil}, ${callbackDeliveries.nextAttemptAt})))
         from ${callbackDeliveries} where ${callbackDeliveries.state} = 'PENDING')
    ) as next_due`)) as unknown as { rows: Array<{ next_due: string | Date | null }> };
  const value = result.rows[0]?.next_due;
  return value ? new Date(value) : null;
}

async function postCallback(
  deps: DeliveryWorkerDependencies,
  delivery: CallbackDeliveryRow,
  logId: string,
  attempt: number,
): Promise<AttemptResult> {
  const timeoutMs = deps.settings.callbackTimeoutMs;
  try {
    const response = await deps.fetch(delivery.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "User-Agent": "WalletSandbox/1.0",
        "X-Callback-Log-Id": logId,
        "X-Callback-Attempt": String(attempt),
      },
      body: JSON.stringify(delivery.payload),
      // A provider does not follow redirects with a payment's data; a 3xx counts as a failure.
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // A huge reply is cut, not buffered whole.
    const reply = (await readBodyPrefix(response, maxReplyBytes)).toString("utf8");
    return {
      status: response.status >= 200 && response.status < 300 ? "SUCCESS" : "FAILED",
      responseStatus: response.status,
      response: readReply(reply),
    };
  } catch (error) {
    return { status: "FAILED", responseStatus: 0, response: { response: describeFailure(error, timeoutMs) } };
  }
}

/** The receiver's JSON object as it is; any other reply wrapped as `{ response: ... }`. */
export function readReply(text: string): Record<string, unknown> {
  const bounded = text.length > maxReplyCharacters ? text.slice(0, maxReplyCharacters) : text;
  if (bounded.length === text.length) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      return { response: parsed };
    } catch {
      // Not JSON: keep the text.
    }
  }
  return { response: bounded };
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string } | undefined)?.name;
  // Refused by the SSRF guard: nothing was sent, and no reply of an internal service is kept.
  if (name === "OutboundUrlRefusedError") return `refused: ${(error as { reason: string }).reason}`;
  if (name === "TimeoutError" || name === "AbortError") return `no response within ${timeoutMs} ms`;
  const code = ((error as { cause?: { code?: string } } | undefined)?.cause?.code ?? "").toString();
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "connection closed before a response";
  return code ? `request failed (${code})` : "request failed";
}
