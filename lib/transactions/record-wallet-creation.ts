// Records the wallet's answer to a creation call on the local row, in one statement. A bound
// callback may have settled the row first (lib/callbacks/apply-callback.ts): its wallet id, status
// and status time then stand, and the answer only adds what the callback did not carry.
import { eq, sql } from "drizzle-orm";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";
import type { TransactionRecord } from "@/lib/db/schema/transactions";
import { logger } from "@/lib/logger";
import { countTransactionStep } from "@/lib/observability/metrics";
import { storableWalletResponse } from "@/lib/transactions/wallet-response";
import type { CashInTransaction, CashOutTransaction } from "@/lib/wallet/schemas";

type CreatedTransaction = CashInTransaction | CashOutTransaction;
type ExtraFields = Partial<Pick<typeof transactions.$inferInsert, "codeCopyPaste" | "qrcodeImage" | "payerDisplayToken" | "expiresAt">>;

/** The new value unless a callback already settled the row, in which case the row's own stands. */
function unlessSettled(
  column:
    | typeof transactions.walletTransactionId
    | typeof transactions.status
    | typeof transactions.statusChangedAt
    | typeof transactions.payerDisplayToken
    | typeof transactions.expiresAt,
  value: string | Date | null,
) {
  const newValue = value instanceof Date ? sql`${value.toISOString()}::timestamptz` : sql`${value}`;
  return sql`case when ${transactions.creationState} = 'created' then ${column} else ${newValue} end`;
}

export async function recordWalletCreation(
  db: Database,
  config: AppConfig,
  transactionId: string,
  created: CreatedTransaction,
  extra: ExtraFields = {},
): Promise<TransactionRecord | undefined> {
  // Returns the row as it now stands (the cash-in action shows it without reading it again).
  const walletCreatedAt = new Date(created.createdAt);
  const [row] = await db
    .update(transactions)
    .set({
      creationState: "created",
      walletTransactionId: unlessSettled(transactions.walletTransactionId, created.id),
      status: unlessSettled(transactions.status, created.status),
      statusChangedAt: unlessSettled(transactions.statusChangedAt, walletCreatedAt),
      tax: String(created.tax),
      walletDescription: created.description ?? null,
      walletResponse: storableWalletResponse(created, config),
      walletCreatedAt,
      updatedAt: new Date(),
      ...(extra.codeCopyPaste !== undefined ? { codeCopyPaste: extra.codeCopyPaste } : {}),
      ...(extra.qrcodeImage !== undefined ? { qrcodeImage: extra.qrcodeImage } : {}),
      ...(extra.payerDisplayToken !== undefined
        ? { payerDisplayToken: unlessSettled(transactions.payerDisplayToken, extra.payerDisplayToken) }
        : {}),
      ...(extra.expiresAt !== undefined ? { expiresAt: unlessSettled(transactions.expiresAt, extra.expiresAt) } : {}),
    })
    .where(eq(transactions.id, transactionId))
    .returning();
  if (row) countTransactionStep(row.kind, "created", row.amountCents);
  if (row && row.walletTransactionId !== created.id) {
    // A callback bound to this row settled it with another wallet id: keep it, and say so loudly.
    logger.error(
      { transactionId, walletTransactionId: row.walletTransactionId, answeredWalletTransactionId: created.id },
      "creation answer names another wallet id than the callback that settled it",
    );
  }
  return row;
}
