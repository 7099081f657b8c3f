// Sends the rows of approved CSV batches one by one (and, when idle, expires overdue requests). Each row is claimed by inserting its ledger
// row (its own idempotency key) in a transaction that holds the row's lock (FOR UPDATE SKIP
// LOCKED), so several app instances share the work and a restart resumes with the rows not
// claimed yet: no row is ever sent twice. A row claimed just before a crash stays "being sent"
// in the ledger (never re-sent): its outcome must be checked with the wallet, like any timeout.
// Each row is sent through the wallet of its request's store, and its ledger row belongs to that
// store (issue #49).
import "server-only";
import { eq } from "drizzle-orm";
import { expireOverdueRequests, lockNextUnsentBatchRow, orderOfItem } from "@/lib/cash-out/cash-out-requests";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { cashOutRequestItems, transactions } from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import { claimCashOutSend, sendClaimedCashOut } from "@/lib/cash-out/create-cash-out";
import { recordJobRound } from "@/lib/observability/metrics";
import type { WalletOfStore } from "@/lib/stores/wallet-for-store";
import type { WalletClient } from "@/lib/wallet/client";

export const batchSenderPollIntervalMs = 1_000;

type SenderDependencies = { db: Database; config: AppConfig; walletOf: WalletOfStore };

/** Claims and sends one row; false when no approved row is waiting. */
export async function sendNextBatchRow(dependencies: SenderDependencies): Promise<boolean> {
  // The row's store's wallet is built before its claim, outside the claiming transaction (it reads
  // the store's connection on another connection): a store whose wallet cannot be built (its key
  // missing) leaves the row unclaimed, retried at the next round, rather than claimed and never sent.
  const wallets = new Map<string, WalletClient>();
  for (;;) {
    const claimed = await claimNextBatchRow(dependencies, wallets);
    if (claimed?.needs === "wallet") {
      wallets.set(claimed.storeId, await dependencies.walletOf(claimed.storeId));
      continue;
    }
    return sendClaimedRow(dependencies, claimed);
  }
}

async function claimNextBatchRow({ db, config }: SenderDependencies, wallets: Map<string, WalletClient>) {
  return db.transaction(async (tx) => {
    const row = await lockNextUnsentBatchRow(tx);
    if (!row) return undefined;
    const wallet = wallets.get(row.storeId);
    if (!wallet) return { needs: "wallet" as const, storeId: row.storeId };
    const order = orderOfItem(row.item);
    let transactionId = await claimCashOutSend(tx, config, order, { id: row.requestedByUserId, email: row.requestedByEmail }, row.storeId);
    let alreadyClaimed = false;
    if (!transactionId) {
      // The ledger already holds this row's key (cannot normally happen: the link below commits
      // with the claim). Link it and send nothing.
      const [existing] = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.idempotencyKey, order.idempotencyKey));
      transactionId = existing!.id;
      alreadyClaimed = true;
    }
    await tx.update(cashOutRequestItems).set({ transactionId }).where(eq(cashOutRequestItems.id, row.item.id));
    return { needs: null, row, order, transactionId, alreadyClaimed, wallet };
  });
}

async function sendClaimedRow(
  { db, config }: SenderDependencies,
  claimed: Exclude<Awaited<ReturnType<typeof claimNextBatchRow>>, { needs: "wallet" }>,
): Promise<boolean> {
  if (!claimed) return false;
  if (claimed.alreadyClaimed) return true;
  await sendClaimedCashOut({ db, config, wallet: claimed.wallet }, claimed.order, claimed.transactionId, {
    actor: {
      id: claimed.row.decidedByUserId ?? claimed.row.requestedByUserId,
      email: claimed.row.decidedByEmail ?? claimed.row.requestedByEmail,
    },
    action: "cash_out.send",
    details: { requestId: claimed.row.item.requestId, line: claimed.row.item.line, batch: true },
  });
  return true;
}

export type BatchSender = { stop(): Promise<void>; wake(): void };

/** Runs until stopped: sends waiting rows back to back, then polls. stop() waits for the row in flight. */
export function startBatchSender(
  dependencies: SenderDependencies,
  { pollIntervalMs = batchSenderPollIntervalMs }: { pollIntervalMs?: number } = {},
): BatchSender {
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollIntervalMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopped) {
      let sent = false;
      try {
        sent = await sendNextBatchRow(dependencies);
      } catch (error) {
        logger.error({ err: error }, "batch sender: could not claim or send a row; retrying later");
      }
      recordJobRound("batch_sender");
      if (!sent && !stopped) {
        // Idle: close requests whose time ran out, so lists and totals stop counting them.
        await expireOverdueRequests(dependencies.db).catch((error: unknown) =>
          logger.error({ err: error }, "batch sender: could not expire overdue requests"),
        );
        await sleep();
      }
    }
  })();
  return {
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}
