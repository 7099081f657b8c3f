// The four endpoints of the spec (section 4): create cash-in, create cash-out, read a callback
// log, and the sandbox's resend-callback simulation.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createCashInPaymentCode } from "./br-code";
import { queueCallback } from "./callback-queue";
import type { SandboxContext } from "./context";
import { SandboxApiError, successResponse } from "./envelope";
import { isUuid } from "./pix-validation";
import { callbackLogs, transactions, type CallbackLogRow } from "./schema";
import { creationDescriptions } from "./state-machine";
import { computeTax } from "./tax";
import { planCashOutOutcome } from "./test-values";
import { toTransactionView } from "./transaction-views";
import { parseCashInRequest, parseCashOutRequest, parseResendCallbackRequest } from "./validation";

export async function createCashIn(context: SandboxContext, body: unknown, account: string): Promise<Response> {
  const { settings } = context;
  const request = parseCashInRequest(body, settings);
  const id = randomUUID();
  const now = context.clock();
  const paymentCode = await createCashInPaymentCode(settings, request.value, id);
  const [row] = await context.db
    .insert(transactions)
    .values({
      id,
      account,
      operation: "CASH_IN",
      status: "PENDING",
      value: request.value,
      tax: computeTax(request.value, settings.cashInTax),
      callbackUrl: request.callbackUrl,
      description: creationDescriptions.CASH_IN,
      invoiceDescription: request.invoiceDescription,
      metadata: request.metadata,
      externalReference: request.externalReference,
      payer: request.payer,
      codeCopyPaste: paymentCode.codeCopyPaste,
      qrcodeImage: paymentCode.qrcodeImage,
      expiresAt: new Date(now.getTime() + request.expireInMinutes * 60_000),
      createdAt: now,
      statusChangedAt: now,
    })
    .returning();
  return successResponse(toTransactionView(row!));
}

export async function createCashOut(context: SandboxContext, body: unknown, account: string): Promise<Response> {
  const { settings } = context;
  const request = parseCashOutRequest(body, settings);
  const now = context.clock();
  const plan = planCashOutOutcome(request.pixDestinyType, request.pixDestinyKey, request.value);
  const [row] = await context.db
    .insert(transactions)
    .values({
      id: randomUUID(),
      account,
      operation: "CASH_OUT",
      status: "PENDING",
      value: request.value,
      tax: computeTax(request.value, settings.cashOutTax),
      callbackUrl: request.callbackUrl,
      description: creationDescriptions.CASH_OUT,
      metadata: request.metadata,
      externalReference: request.externalReference,
      pixDestinyType: request.pixDestinyType,
      pixDestinyKey: request.pixDestinyKey,
      settlesAt: new Date(now.getTime() + settings.cashOutSettlementDelayMs),
      plannedOutcome: plan.outcome,
      failureReason: plan.failureReason,
      createdAt: now,
      statusChangedAt: now,
    })
    .returning();
  // The worker sleeps until the next due time it knows of: this settlement is a new one.
  context.onCallbackQueued();
  return successResponse(toTransactionView(row!));
}

export type CallbackLogView = {
  id: string;
  url: string;
  responseStatus: number;
  status: CallbackLogRow["status"];
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  createdAt: string;
  /** Beyond spec 2.4: which attempt of its delivery this log records (1 for the first). */
  attempt: number;
};

export function toCallbackLogView(log: CallbackLogRow): CallbackLogView {
  return {
    id: log.id,
    url: log.url,
    responseStatus: log.responseStatus,
    status: log.status,
    request: log.request,
    response: log.response,
    createdAt: log.createdAt.toISOString(),
    attempt: log.attempt,
  };
}

/** One account never sees another's logs: the log's transaction must be the caller's account's. */
export async function readCallbackLog(context: SandboxContext, id: string, account: string): Promise<Response> {
  const [found] = isUuid(id)
    ? await context.db
        .select({ log: callbackLogs })
        .from(callbackLogs)
        .innerJoin(transactions, eq(transactions.id, callbackLogs.transactionId))
        .where(and(eq(callbackLogs.id, id), eq(transactions.account, account)))
        .limit(1)
    : [];
  const log = found?.log;
  if (!log) throw new SandboxApiError(404, `No callback log with id ${describeId(id)}`);
  return successResponse(toCallbackLogView(log));
}

export async function resendCallback(context: SandboxContext, body: unknown, account: string): Promise<Response> {
  const request = parseResendCallbackRequest(body);
  const [transaction] = await context.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, request.id), eq(transactions.account, account)))
    .limit(1);
  if (!transaction) throw new SandboxApiError(404, `No transaction with id ${request.id}`);
  await queueCallback(context.db, {
    transaction,
    reason: "RESEND",
    url: request.newCallbackUrl ?? transaction.callbackUrl,
    now: context.clock(),
  });
  context.onCallbackQueued();
  return successResponse(null);
}

/** An id as echoed in a message: cut short, so a client cannot make the reply arbitrarily large. */
export function describeId(id: string): string {
  const printable = id.replace(/[^\x20-\x7e]/g, "?");
  return printable.length > 64 ? `${printable.slice(0, 64)}...` : printable;
}
