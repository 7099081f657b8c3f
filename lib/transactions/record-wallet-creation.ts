// Records the wallet's answer to a creation call on the local row, and applies any callback that
// arrived before it (stored as unmatched until now), in one database transaction.
import { eq } from "drizzle-orm";
import { applyEarlierUnmatchedDeliveries } from "@/lib/callbacks/apply-callback";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";
import { storableWalletResponse } from "@/lib/transactions/wallet-response";
import type { CashInTransaction, CashOutTransaction } from "@/lib/wallet/schemas";

type CreatedTransaction = CashInTransaction | CashOutTransaction;
type ExtraFields = Partial<Pick<typeof transactions.$inferInsert, "codeCopyPaste" | "qrcodeImage" | "payerDisplayToken" | "expiresAt">>;

export async function recordWalletCreation(db: Database, config: AppConfig, transactionId: string, created: CreatedTransaction, extra: ExtraFields = {}): Promise<void> {
  const walletCreatedAt = new Date(created.createdAt);
  await db.transaction(async (tx) => {
    await tx
      .update(transactions)
      .set({
        creationState: "created",
        walletTransactionId: created.id,
        status: created.status,
        tax: String(created.tax),
        walletDescription: created.description ?? null,
        walletResponse: storableWalletResponse(created, config),
        walletCreatedAt,
        statusChangedAt: walletCreatedAt,
        updatedAt: new Date(),
        ...extra,
      })
      .where(eq(transactions.id, transactionId));
    await applyEarlierUnmatchedDeliveries(tx, transactionId, created.id, created.status);
  });
}
