// Cash-outs that need a second operator: saving a request (one cash-out, or a CSV batch as one
// request), and deciding it. Only an approval sends, through the same claim-and-send path as the
// direct cash-out; the approval, the limits check and the claim commit in one transaction that
// holds the request's row lock and the policy lock, so concurrent approvals send once and cannot
// exceed a limit together.
import { msg } from "@/lib/i18n/message";
import "server-only";
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { recordAuditEvent } from "@/lib/audit";
import { publishCashOutRequestChange } from "@/lib/live/live-events";
import type { Operator } from "@/lib/auth/operator";
import { dailyLimitProblem } from "@/lib/cash-out/daily-limits";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { getApprovalPolicy, lockApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { findStoreCashOutRules } from "@/lib/db/queries/stores";
import { cashOutRequestItems, cashOutRequests, type CashOutRequestRecord } from "@/lib/db/schema";
import {
  claimCashOutSend,
  createCashOut,
  sendClaimedCashOut,
  type CashOutOrder,
  type CashOutRequester,
  type CreateCashOutResult,
} from "@/lib/cash-out/create-cash-out";
import type { WalletOfStore } from "@/lib/stores/wallet-for-store";
import type { WalletClient } from "@/lib/wallet/client";
import { type StoreScope, storeScopeAllows } from "@/lib/vocabulary/store-scope";

type Dependencies = { db: Database; config: AppConfig };
type Actor = CashOutRequester;
/** Who decides a request: their role applies to some stores only (issue #49); another store's request is as unknown. */
type Decider = Actor & { storeGrants: StoreScope };

/** Encoded message keys (lib/i18n/message.ts), translated where they are shown. */
export const requestMessages = {
  ownRequest: msg("errors.approvals.ownRequest"),
  ownRequestReject: msg("errors.approvals.ownRequestReject"),
  notYours: msg("errors.approvals.notYours"),
  notFound: msg("errors.approvals.notFound"),
  expired: msg("errors.approvals.expired"),
  decided: {
    approved: msg("errors.approvals.decidedApproved"),
    rejected: msg("errors.approvals.decidedRejected"),
    cancelled: msg("errors.approvals.decidedCancelled"),
    expired: msg("errors.approvals.decidedExpired"),
  },
  keyReused: msg("errors.approvals.keyReused"),
} as const;

// ——— Asking ————————————————————————————————————————————————————————————————————————————————

export type SubmitCashOutResult =
  | { outcome: "sent"; result: CreateCashOutResult }
  | { outcome: "awaiting_approval"; requestId: string; replayed: boolean }
  | { outcome: "refused"; error: string };

/**
 * A confirmed cash-out form: sent at once below the approval threshold, otherwise saved as a
 * request awaiting approval (nothing sent). `wallet` is the wallet of `storeId`, the store chosen
 * on the form (lib/actions/store-choice.ts).
 */
export async function submitCashOut(
  dependencies: Dependencies & { wallet: WalletClient; storeId: string },
  operator: Operator,
  order: CashOutOrder,
): Promise<SubmitCashOutResult> {
  const { db, config, storeId } = dependencies;
  // The store's own threshold if it has one (issue #49), else the merchant's.
  const [policy, store] = await Promise.all([
    getApprovalPolicy(db, { walletIsSandbox: config.wallet.isSandbox }),
    findStoreCashOutRules(db, storeId),
  ]);
  const threshold = store?.approvalThresholdCents ?? policy.approvalThresholdCents;
  // A form already saved as a request stays a request, even if the threshold changed since.
  const [existingRequest] = await db
    .select({ id: cashOutRequests.id })
    .from(cashOutRequests)
    .where(eq(cashOutRequests.idempotencyKey, order.idempotencyKey));
  if (order.amount < threshold && !existingRequest) {
    return { outcome: "sent", result: await createCashOut({ ...dependencies, operator }, order) };
  }
  return saveCashOutRequest(dependencies, operator, {
    kind: "single",
    idempotencyKey: order.idempotencyKey,
    orders: [{ line: 1, order }],
    storeId,
  });
}

export type RequestedOrder = { line: number; order: CashOutOrder };

/** Saves a request (one cash-out or a batch) for a store, awaiting approval, after checking the daily limits. */
export async function saveCashOutRequest(
  { db, config }: Dependencies,
  operator: Actor,
  {
    kind,
    idempotencyKey,
    orders,
    fileName,
    storeId,
  }: { kind: "single" | "batch"; idempotencyKey: string; orders: RequestedOrder[]; fileName?: string; storeId: string },
): Promise<Exclude<SubmitCashOutResult, { outcome: "sent" }>> {
  const totalCents = orders.reduce((sum, { order }) => sum + order.amount, 0);
  const outcome = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(cashOutRequests).where(eq(cashOutRequests.idempotencyKey, idempotencyKey));
    if (existing) {
      const same =
        existing.kind === kind &&
        existing.totalCents === totalCents &&
        existing.itemCount === orders.length &&
        existing.requestedByUserId === operator.id &&
        existing.storeId === storeId;
      return same
        ? ({ outcome: "awaiting_approval", requestId: existing.id, replayed: true } as const)
        : ({ outcome: "refused", error: requestMessages.keyReused } as const);
    }
    const policy = await lockApprovalPolicy(tx, { walletIsSandbox: config.wallet.isSandbox });
    const overLimit = await dailyLimitProblem(tx, policy, {
      operator,
      storeId,
      addCents: totalCents,
      counting: "committedOrAwaiting",
      consequence: "nothingSavedOrSent",
    });
    if (overLimit) return { outcome: "refused", error: overLimit } as const;
    const [request] = await tx
      .insert(cashOutRequests)
      .values({
        kind,
        idempotencyKey,
        totalCents,
        itemCount: orders.length,
        fileName: fileName ?? null,
        requestedByUserId: operator.id,
        requestedByEmail: operator.email,
        storeId,
        expiresAt: new Date(Date.now() + policy.requestLifetimeMinutes * 60_000),
      })
      .returning({ id: cashOutRequests.id });
    await publishCashOutRequestChange(tx, request!.id);
    await tx.insert(cashOutRequestItems).values(
      orders.map(({ line, order }) => ({
        requestId: request!.id,
        line,
        amountCents: order.amount,
        pixKeyType: order.pixKey.type,
        pixKey: order.pixKey.key,
        externalReference: order.externalReference ?? null,
        metadata: order.metadata,
        // A single cash-out keeps its form's key all the way to the ledger; batch rows get their own.
        idempotencyKey: kind === "single" ? order.idempotencyKey : crypto.randomUUID(),
      })),
    );
    return { outcome: "awaiting_approval", requestId: request!.id, replayed: false } as const;
  });
  await recordAuditEvent(db, {
    actor: operator,
    action: kind === "single" ? "cash_out_request.create" : "payout_batch.create",
    outcome: outcome.outcome === "refused" ? "refused" : "success",
    target: outcome.outcome === "awaiting_approval" ? { type: "cash_out_request", id: outcome.requestId } : undefined,
    details: {
      kind,
      totalCents,
      itemCount: orders.length,
      ...(fileName ? { fileName } : {}),
      ...(outcome.outcome === "refused" ? { message: outcome.error } : { replayed: outcome.replayed }),
    },
  });
  return outcome;
}

// ——— Deciding ——————————————————————————————————————————————————————————————————————————————

export type DecisionResult =
  | { ok: true; requestId: string; transactionId?: string; sendResult?: CreateCashOutResult }
  | { ok: false; error: string };

/**
 * The request, locked until the transaction ends; marked expired on the way when its time is up.
 * A request of a store the decider's role does not apply to is as unknown (`otherStore` says which, for the audit).
 */
async function lockOpenRequest(
  tx: Pick<Database, "select" | "update" | "execute">,
  requestId: string,
  decider: Decider,
): Promise<{ request?: CashOutRequestRecord; problem?: string; otherStore?: string }> {
  const [found] = await tx.select().from(cashOutRequests).where(eq(cashOutRequests.id, requestId)).for("update");
  if (found && !storeScopeAllows(decider.storeGrants, found.storeId))
    return { problem: requestMessages.notFound, otherStore: found.storeId };
  const request = found;
  if (!request) return { problem: requestMessages.notFound };
  if (request.state !== "awaiting_approval") return { request, problem: requestMessages.decided[request.state] };
  if (request.expiresAt.getTime() <= Date.now()) {
    await tx.update(cashOutRequests).set({ state: "expired" }).where(eq(cashOutRequests.id, requestId));
    await publishCashOutRequestChange(tx, requestId);
    return { request, problem: requestMessages.expired };
  }
  return { request };
}

/** A request's refusal as audited: another store's request by that store's id only (nothing of the request shown). */
function refusalDetails(refused: { error: string; otherStore?: string; request?: CashOutRequestRecord }) {
  if (refused.otherStore) return { reason: "store" as const, storeId: refused.otherStore };
  return undefined;
}

/**
 * Approves a request; a single cash-out is sent at once through the wallet of the request's store
 * (`walletOf`, lib/stores/wallet-for-store.ts), a batch is left to the batch sender.
 */
export async function approveCashOutRequest(
  dependencies: Dependencies & { walletOf: WalletOfStore },
  approver: Decider,
  requestId: string,
): Promise<DecisionResult> {
  const { db, config, walletOf } = dependencies;
  // The request's store's wallet, built before anything is approved or claimed (its store never
  // changes): a wallet that cannot be built (its key missing) fails the approval, not the send.
  const [found] = await db.select({ storeId: cashOutRequests.storeId }).from(cashOutRequests).where(eq(cashOutRequests.id, requestId));
  const wallet = found && storeScopeAllows(approver.storeGrants, found.storeId) ? await walletOf(found.storeId) : undefined;
  const decided = await db.transaction(async (tx) => {
    const { request, problem, otherStore } = await lockOpenRequest(tx, requestId, approver);
    if (otherStore) return { ok: false as const, error: requestMessages.notFound, otherStore };
    if (problem || !request) return { ok: false as const, error: problem ?? requestMessages.notFound, request };
    if (request.requestedByUserId === approver.id) return { ok: false as const, error: requestMessages.ownRequest, request };
    // Limits are checked against the requester's, the store's and the merchant's totals at send time.
    const policy = await lockApprovalPolicy(tx, { walletIsSandbox: config.wallet.isSandbox });
    const overLimit = await dailyLimitProblem(tx, policy, {
      operator: { id: request.requestedByUserId, email: request.requestedByEmail },
      storeId: request.storeId,
      addCents: request.totalCents,
      counting: "committed",
      consequence: "staysAwaiting",
    });
    if (overLimit) return { ok: false as const, error: overLimit, request };
    await tx
      .update(cashOutRequests)
      .set({ state: "approved", decidedByUserId: approver.id, decidedByEmail: approver.email, decidedAt: new Date() })
      .where(eq(cashOutRequests.id, requestId));
    await publishCashOutRequestChange(tx, requestId);
    if (request.kind === "batch") return { ok: true as const, request };
    // One cash-out: claimed here, in the transaction that approved it and checked the limits.
    const [item] = await tx.select().from(cashOutRequestItems).where(eq(cashOutRequestItems.requestId, requestId));
    const order = orderOfItem(item!);
    const transactionId = await claimCashOutSend(
      tx,
      config,
      order,
      { id: request.requestedByUserId, email: request.requestedByEmail },
      request.storeId,
    );
    if (!transactionId) throw new Error("a request's cash-out key was already claimed"); // its key is only ever claimed here
    await tx.update(cashOutRequestItems).set({ transactionId }).where(eq(cashOutRequestItems.id, item!.id));
    return { ok: true as const, request, order, transactionId };
  });

  await recordAuditEvent(db, {
    actor: { id: approver.id, email: approver.email },
    action: "cash_out_request.approve",
    outcome: decided.ok ? "success" : "refused",
    target: { type: "cash_out_request", id: requestId },
    details: (!decided.ok && refusalDetails(decided)) || {
      kind: decided.request?.kind ?? null,
      totalCents: decided.request?.totalCents ?? null,
      ...(decided.ok ? {} : { message: decided.error }),
    },
  });
  if (!decided.ok) return { ok: false, error: decided.error };
  if (!("transactionId" in decided) || !decided.transactionId) return { ok: true, requestId };
  if (!wallet) throw new Error("a request's store changed while it was approved"); // its store is never changed
  const sendResult = await sendClaimedCashOut({ db, config, wallet }, decided.order, decided.transactionId, {
    actor: approver,
    action: "cash_out.send",
    details: { requestId, requestedByEmail: decided.request.requestedByEmail },
  });
  return { ok: true, requestId, transactionId: decided.transactionId, sendResult };
}

export async function rejectCashOutRequest(
  { db }: Pick<Dependencies, "db">,
  operator: Decider,
  requestId: string,
  reason: string,
): Promise<DecisionResult> {
  return closeRequest(db, operator, requestId, "rejected", reason);
}

export async function cancelCashOutRequest(
  { db }: Pick<Dependencies, "db">,
  operator: Decider,
  requestId: string,
): Promise<DecisionResult> {
  return closeRequest(db, operator, requestId, "cancelled", null);
}

async function closeRequest(
  db: Database,
  operator: Decider,
  requestId: string,
  state: "rejected" | "cancelled",
  reason: string | null,
): Promise<DecisionResult> {
  const decided = await db.transaction(async (tx) => {
    const { request, problem, otherStore } = await lockOpenRequest(tx, requestId, operator);
    if (problem || !request) return { ok: false as const, error: problem ?? requestMessages.notFound, otherStore };
    const isCreator = request.requestedByUserId === operator.id;
    if (state === "rejected" && isCreator) return { ok: false as const, error: requestMessages.ownRequestReject };
    if (state === "cancelled" && !isCreator) return { ok: false as const, error: requestMessages.notYours };
    await tx
      .update(cashOutRequests)
      .set({ state, decidedByUserId: operator.id, decidedByEmail: operator.email, decidedAt: new Date(), decisionReason: reason })
      .where(eq(cashOutRequests.id, requestId));
    await publishCashOutRequestChange(tx, requestId);
    return { ok: true as const };
  });
  await recordAuditEvent(db, {
    actor: { id: operator.id, email: operator.email },
    action: state === "rejected" ? "cash_out_request.reject" : "cash_out_request.cancel",
    outcome: decided.ok ? "success" : "refused",
    target: { type: "cash_out_request", id: requestId },
    details: decided.ok ? (reason ? { reason } : {}) : (refusalDetails(decided) ?? { message: decided.error }),
  });
  return decided.ok ? { ok: true, requestId } : { ok: false, error: decided.error };
}

/** Marks every request whose time ran out unapproved as expired (audited); returns their ids. */
export async function expireOverdueRequests(db: Database, now = new Date()): Promise<string[]> {
  const expired = await db
    .update(cashOutRequests)
    .set({ state: "expired" })
    .where(and(eq(cashOutRequests.state, "awaiting_approval"), lte(cashOutRequests.expiresAt, now)))
    .returning({ id: cashOutRequests.id, totalCents: cashOutRequests.totalCents, requestedByEmail: cashOutRequests.requestedByEmail });
  for (const request of expired) {
    await publishCashOutRequestChange(db, request.id);
    await recordAuditEvent(db, {
      actor: null,
      action: "cash_out_request.expire",
      outcome: "success",
      target: { type: "cash_out_request", id: request.id },
      details: { totalCents: request.totalCents, requestedByEmail: request.requestedByEmail },
    });
  }
  return expired.map((request) => request.id);
}

export function orderOfItem(item: typeof cashOutRequestItems.$inferSelect): CashOutOrder {
  return {
    idempotencyKey: item.idempotencyKey,
    amount: item.amountCents,
    pixKey: { type: item.pixKeyType, key: item.pixKey },
    metadata: item.metadata,
    externalReference: item.externalReference ?? undefined,
  };
}

/** The next row of an approved batch nobody has claimed, locked (others skip it) until the transaction ends. */
export async function lockNextUnsentBatchRow(tx: Pick<Database, "select">) {
  const [row] = await tx
    .select({
      item: cashOutRequestItems,
      requestedByUserId: cashOutRequests.requestedByUserId,
      requestedByEmail: cashOutRequests.requestedByEmail,
      decidedByUserId: cashOutRequests.decidedByUserId,
      decidedByEmail: cashOutRequests.decidedByEmail,
      storeId: cashOutRequests.storeId,
    })
    .from(cashOutRequestItems)
    .innerJoin(cashOutRequests, eq(cashOutRequestItems.requestId, cashOutRequests.id))
    .where(and(eq(cashOutRequests.state, "approved"), eq(cashOutRequests.kind, "batch"), isNull(cashOutRequestItems.transactionId)))
    .orderBy(asc(cashOutRequests.decidedAt), asc(cashOutRequestItems.line))
    .limit(1)
    .for("update", { of: cashOutRequestItems, skipLocked: true });
  return row;
}
