// Sandbox controls beyond the spec, under their own prefix (never /api/v1): pay or expire a
// pending cash-in, settle or fail a pending cash-out now, read a transaction's current state and
// list its callback logs (the spec's resend answers no log id: QA wants to see which one it made),
// and the account's balance. Each acts within the caller's account (lib/sandbox-wallet/accounts.ts):
// another account's transaction is unknown (404).
import { and, desc, eq, sql } from "drizzle-orm";
import { describeId } from "./api-endpoints";
import type { SandboxContext } from "./context";
import { SandboxApiError, successResponse } from "./envelope";
import { isUuid } from "./pix-validation";
import { callbackLogs, transactions } from "./schema";
import { applyTransactionEvent, operationOfEvent, type TransactionEvent } from "./state-machine";
import { toTransactionView } from "./transaction-views";

const operationNames = { CASH_IN: "cash-in", CASH_OUT: "cash-out" } as const;

export async function applyControlEvent(context: SandboxContext, id: string, event: TransactionEvent, account: string): Promise<Response> {
  const name = operationNames[operationOfEvent(event)];
  const result = isUuid(id)
    ? await applyTransactionEvent(context.db, {
        transactionId: id,
        account,
        event,
        now: context.clock(),
        failureReason: event === "FAIL" ? "transfer refused by the receiving institution (forced with the sandbox control)" : undefined,
      })
    : ({ outcome: "not_found" } as const);
  switch (result.outcome) {
    case "not_found":
      throw new SandboxApiError(404, `No ${name} with id ${describeId(id)}`);
    case "already_final":
      throw new SandboxApiError(409, `The ${name} ${id} is already ${result.transaction.status}; final states never change`);
    case "expired":
      context.onCallbackQueued();
      throw new SandboxApiError(
        409,
        `The ${name} ${id} expired at ${result.transaction.expiresAt?.toISOString()} and is now CANCELED; it can no longer be paid`,
      );
    case "changed":
      context.onCallbackQueued();
      return successResponse(toTransactionView(result.transaction));
  }
}

export async function readTransaction(context: SandboxContext, id: string, account: string): Promise<Response> {
  const [row] = isUuid(id)
    ? await context.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, id), eq(transactions.account, account)))
        .limit(1)
    : [];
  if (!row) throw new SandboxApiError(404, `No transaction with id ${describeId(id)}`);
  return successResponse(toTransactionView(row));
}

/** A transaction's callback logs, newest first (at most 50): id, URL, outcome and when. */
export async function listCallbackLogs(context: SandboxContext, id: string, account: string): Promise<Response> {
  const [row] = isUuid(id)
    ? await context.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.id, id), eq(transactions.account, account)))
        .limit(1)
    : [];
  if (!row) throw new SandboxApiError(404, `No transaction with id ${describeId(id)}`);
  const logs = await context.db
    .select({
      id: callbackLogs.id,
      url: callbackLogs.url,
      status: callbackLogs.status,
      responseStatus: callbackLogs.responseStatus,
      createdAt: callbackLogs.createdAt,
    })
    .from(callbackLogs)
    .where(eq(callbackLogs.transactionId, id))
    .orderBy(desc(callbackLogs.createdAt))
    .limit(50);
  return successResponse(logs.map((log) => ({ ...log, createdAt: log.createdAt.toISOString() })));
}

/**
 * The account's balance in cents: paid cash-ins net of their tax, less completed cash-outs and their
 * tax, less pending cash-outs with their tax (held until they settle or fail). A sandbox figure for
 * QA; the spec has no balance endpoint.
 */
export async function readBalance(context: SandboxContext, account: string): Promise<Response> {
  const [row] = await context.db
    .select({
      balance: sql<string>`coalesce(sum(case
        when ${transactions.operation} = 'CASH_IN' and ${transactions.status} = 'SUCCEED' then ${transactions.value} - ${transactions.tax}
        when ${transactions.operation} = 'CASH_OUT' and ${transactions.status} in ('SUCCEED', 'PENDING') then -(${transactions.value} + ${transactions.tax})
        else 0 end), 0)`,
    })
    .from(transactions)
    .where(eq(transactions.account, account));
  return successResponse({ account, balance: Number(row?.balance ?? 0) });
}
