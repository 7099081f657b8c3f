// What the callback tests share: created cash-ins (R$ 10,50, the payer's CPF) as the receiver finds
// them once the wallet answered, and a delivery's body as the wallet sends it for one of them.
import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";
import type { WalletStatus } from "@/lib/vocabulary/transaction-statuses";

export const seededPayerDocument = "52998224725";
export type SeededTransaction = { localId: string; walletId: string };

/** The rows of `howMany` created transactions (PENDING cash-ins unless `overrides` say otherwise), each with its own wallet id. */
export function createdTransactionRows(howMany: number, overrides: Partial<typeof transactions.$inferInsert> = {}) {
  return Array.from({ length: howMany }, () => ({
    kind: "CASH_IN" as const,
    creationState: "created" as const,
    walletTransactionId: randomUUID(),
    status: "PENDING" as const,
    amountCents: 1050,
    payerDocument: seededPayerDocument,
    idempotencyKey: randomUUID(),
    ...overrides,
  }));
}

/** Inserts `createdTransactionRows`; answers each row's local and wallet ids. */
export async function seedCreatedTransactions(
  db: Database,
  howMany: number,
  overrides: Partial<typeof transactions.$inferInsert> = {},
): Promise<SeededTransaction[]> {
  const rows = await db
    .insert(transactions)
    .values(createdTransactionRows(howMany, overrides))
    .returning({ localId: transactions.id, walletId: transactions.walletTransactionId });
  return rows.map((row) => ({ localId: row.localId, walletId: row.walletId ?? "" }));
}

/** The body the wallet posts for a seeded transaction's status (fields in `overrides` replace or add). */
export function walletCallbackBody(walletId: string, status: WalletStatus, operation = "CASHIN", overrides: Record<string, unknown> = {}) {
  return {
    id: walletId,
    value: 1050,
    tax: 10.4,
    callbackUrl: "http://x/cb",
    description: "PIX",
    operation,
    status,
    metadata: {},
    externalReference: null,
    createdAt: new Date().toISOString(),
    payer: { name: "Ana", email: "ana@example.com", document: "529.982.247-25" },
    ...overrides,
  };
}
