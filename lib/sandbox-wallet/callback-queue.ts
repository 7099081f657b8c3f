// The durable callback queue: deliveries are rows, claimed with FOR UPDATE SKIP LOCKED and a lease
// so several workers (processes) never run the same attempt, and every attempt is a callback log.
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import type { SandboxDatabase } from "./database";
import {
  callbackDeliveries,
  callbackLogs,
  type CallbackDeliveryRow,
  type CallbackLogStatus,
  type DeliveryState,
  type TransactionRow,
} from "./schema";
import { toTransactionSnapshot } from "./transaction-views";

export type DeliveryReason = CallbackDeliveryRow["reason"];

/** Queues a callback carrying the transaction's snapshot as it is now; due immediately. */
export async function queueCallback(
  db: SandboxDatabase,
  params: { transaction: TransactionRow; reason: DeliveryReason; url: string; now: Date },
): Promise<string> {
  const id = randomUUID();
  await db.insert(callbackDeliveries).values({
    id,
    transactionId: params.transaction.id,
    reason: params.reason,
    url: params.url,
    payload: toTransactionSnapshot(params.transaction),
    state: "PENDING",
    attemptsMade: 0,
    nextAttemptAt: params.now,
    createdAt: params.now,
    updatedAt: params.now,
  });
  return id;
}

const interruptedResponse = { response: "attempt interrupted before the receiver answered (the sandbox stopped); retried" };

/**
 * Claims up to `limit` due deliveries for `workerId` until `now + leaseMs`. Rows another worker is
 * claiming right now are skipped (SKIP LOCKED), and a claimed row stays out of reach until its
 * lease ends. An attempt left unfinished by a stopped worker (its log still PENDING) counts as failed.
 */
export async function claimDueDeliveries(
  db: SandboxDatabase,
  params: { workerId: string; now: Date; leaseMs: number; limit: number; retryScheduleMs: readonly number[] },
): Promise<CallbackDeliveryRow[]> {
  const { workerId, now } = params;
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(callbackDeliveries)
      .where(
        and(
          eq(callbackDeliveries.state, "PENDING"),
          lte(callbackDeliveries.nextAttemptAt, now),
          or(isNull(callbackDeliveries.claimedUntil), lt(callbackDeliveries.claimedUntil, now)),
        ),
      )
      .orderBy(asc(callbackDeliveries.nextAttemptAt))
      .limit(params.limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];

    const interrupted = await tx
      .update(callbackLogs)
      .set({ status: "FAILED", response: interruptedResponse, completedAt: now })
      .where(
        and(
          inArray(
            callbackLogs.deliveryId,
            due.map((delivery) => delivery.id),
          ),
          eq(callbackLogs.status, "PENDING"),
        ),
      )
      .returning({ deliveryId: callbackLogs.deliveryId, attempt: callbackLogs.attempt });

    const claimable: string[] = [];
    for (const delivery of due) {
      const lastInterrupted = Math.max(0, ...interrupted.filter((log) => log.deliveryId === delivery.id).map((log) => log.attempt));
      const attemptsMade = Math.max(delivery.attemptsMade, lastInterrupted);
      if (attemptsMade > params.retryScheduleMs.length) {
        await tx
          .update(callbackDeliveries)
          .set({ state: "GAVE_UP", attemptsMade, claimedBy: null, claimedUntil: null, updatedAt: now })
          .where(eq(callbackDeliveries.id, delivery.id));
        continue;
      }
      if (attemptsMade !== delivery.attemptsMade) {
        await tx.update(callbackDeliveries).set({ attemptsMade }).where(eq(callbackDeliveries.id, delivery.id));
      }
      claimable.push(delivery.id);
    }
    if (claimable.length === 0) return [];
    return tx
      .update(callbackDeliveries)
      .set({ claimedBy: workerId, claimedUntil: new Date(now.getTime() + params.leaseMs), updatedAt: now })
      .where(inArray(callbackDeliveries.id, claimable))
      .returning();
  });
}

/** Writes the attempt's log (status PENDING) before the request leaves, so its id can travel with it. */
export async function beginAttempt(
  db: SandboxDatabase,
  delivery: CallbackDeliveryRow,
  now: Date,
): Promise<{ logId: string; attempt: number }> {
  const logId = randomUUID();
  const attempt = delivery.attemptsMade + 1;
  await db.insert(callbackLogs).values({
    id: logId,
    deliveryId: delivery.id,
    transactionId: delivery.transactionId,
    attempt,
    url: delivery.url,
    status: "PENDING",
    responseStatus: 0,
    request: delivery.payload,
    response: {},
    createdAt: now,
  });
  return { logId, attempt };
}

export type AttemptResult = { status: Exclude<CallbackLogStatus, "PENDING">; responseStatus: number; response: Record<string, unknown> };

/** Records the attempt's result and schedules the next one (or ends the delivery). Returns the delivery's new state. */
export async function finishAttempt(
  db: SandboxDatabase,
  params: {
    delivery: CallbackDeliveryRow;
    logId: string;
    attempt: number;
    result: AttemptResult;
    workerId: string;
    now: Date;
    retryScheduleMs: readonly number[];
  },
): Promise<DeliveryState> {
  const { delivery, attempt, result, now } = params;
  const retryDelay = params.retryScheduleMs[attempt - 1];
  const state: DeliveryState = result.status === "SUCCESS" ? "DELIVERED" : retryDelay === undefined ? "GAVE_UP" : "PENDING";
  await db.transaction(async (tx) => {
    await tx
      .update(callbackLogs)
      .set({ status: result.status, responseStatus: result.responseStatus, response: result.response, completedAt: now })
      .where(eq(callbackLogs.id, params.logId));
    await tx
      .update(callbackDeliveries)
      .set({
        state,
        attemptsMade: attempt,
        nextAttemptAt: state === "PENDING" ? new Date(now.getTime() + (retryDelay ?? 0)) : delivery.nextAttemptAt,
        claimedBy: null,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(and(eq(callbackDeliveries.id, delivery.id), eq(callbackDeliveries.claimedBy, params.workerId)));
  });
  return state;
}
