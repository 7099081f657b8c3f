// Transaction states: a cash-in goes PENDING → SUCCEED (paid) or → CANCELED (expired); a cash-out
// goes PENDING → SUCCEED (settled) or → FAILED. Final states never change. Every change queues a
// callback in the same database transaction, so a status change and its callback are never apart.
import { and, eq, lte } from "drizzle-orm";
import { queueCallback } from "./callback-queue";
import type { SandboxDatabase } from "./database";
import { transactions, type TransactionOperation, type TransactionRow, type TransactionStatus } from "./schema";

export type TransactionEvent = "PAY" | "EXPIRE" | "SETTLE" | "FAIL";

const eventRules: Record<TransactionEvent, { operation: TransactionOperation; to: Exclude<TransactionStatus, "PENDING"> }> = {
  PAY: { operation: "CASH_IN", to: "SUCCEED" },
  EXPIRE: { operation: "CASH_IN", to: "CANCELED" },
  SETTLE: { operation: "CASH_OUT", to: "SUCCEED" },
  FAIL: { operation: "CASH_OUT", to: "FAILED" },
};

export const creationDescriptions: Record<TransactionOperation, string> = {
  CASH_IN: "Cash-in created, waiting for payment",
  CASH_OUT: "Cash-out created, transfer in progress",
};

function describeEvent(event: TransactionEvent, failureReason: string | null): string {
  switch (event) {
    case "PAY":
      return "Cash-in paid";
    case "EXPIRE":
      return "Cash-in expired before payment";
    case "SETTLE":
      return "Cash-out completed";
    case "FAIL":
      return `Cash-out failed: ${failureReason ?? "transfer refused"}`;
  }
}

export function operationOfEvent(event: TransactionEvent): TransactionOperation {
  return eventRules[event].operation;
}

/** Moves a PENDING transaction (already locked by the caller) to the event's final state and queues its callback. */
async function changeStatus(
  db: SandboxDatabase,
  current: TransactionRow,
  event: TransactionEvent,
  now: Date,
  failureReason: string | null,
): Promise<TransactionRow> {
  const [changed] = await db
    .update(transactions)
    .set({ status: eventRules[event].to, description: describeEvent(event, failureReason), statusChangedAt: now })
    .where(and(eq(transactions.id, current.id), eq(transactions.status, "PENDING")))
    .returning();
  if (!changed) throw new Error(`Transaction ${current.id} was not PENDING when changing its status`);
  await queueCallback(db, { transaction: changed, reason: "STATUS_CHANGE", url: changed.callbackUrl, now });
  return changed;
}

export type TransitionResult =
  | { outcome: "changed"; transaction: TransactionRow }
  | { outcome: "not_found" }
  | { outcome: "already_final"; transaction: TransactionRow }
  /** PAY on a cash-in past its expiry: it is CANCELED instead, as the worker would have done. */
  | { outcome: "expired"; transaction: TransactionRow };

/** Applies an event (from a control endpoint) to one transaction. */
export async function applyTransactionEvent(
  db: SandboxDatabase,
  params: { transactionId: string; account: string; event: TransactionEvent; now: Date; failureReason?: string },
): Promise<TransitionResult> {
  const { event, now } = params;
  return db.transaction(async (tx): Promise<TransitionResult> => {
    // FOR UPDATE: a concurrent change waits here, then sees the final state and leaves it alone.
    const [current] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, params.transactionId), eq(transactions.account, params.account)))
      .for("update");
    if (!current || current.operation !== eventRules[event].operation) return { outcome: "not_found" };
    if (current.status !== "PENDING") return { outcome: "already_final", transaction: current };
    if (event === "PAY" && current.expiresAt && current.expiresAt <= now) {
      return { outcome: "expired", transaction: await changeStatus(tx, current, "EXPIRE", now, null) };
    }
    const failureReason = event === "FAIL" ? (params.failureReason ?? current.failureReason) : null;
    return { outcome: "changed", transaction: await changeStatus(tx, current, event, now, failureReason) };
  });
}

/** Cancels pending cash-ins whose expiry has passed. Returns how many changed. */
export async function expireDueCashIns(db: SandboxDatabase, now: Date, limit = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.status, "PENDING"), eq(transactions.operation, "CASH_IN"), lte(transactions.expiresAt, now)))
      .limit(limit)
      .for("update", { skipLocked: true });
    for (const row of due) await changeStatus(tx, row, "EXPIRE", now, null);
    return due.length;
  });
}

/** Settles pending cash-outs whose settlement time has come, into their planned outcome. */
export async function settleDueCashOuts(db: SandboxDatabase, now: Date, limit = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.status, "PENDING"), eq(transactions.operation, "CASH_OUT"), lte(transactions.settlesAt, now)))
      .limit(limit)
      .for("update", { skipLocked: true });
    for (const row of due) {
      await changeStatus(tx, row, row.plannedOutcome === "FAILED" ? "FAIL" : "SETTLE", now, row.failureReason);
    }
    return due.length;
  });
}
