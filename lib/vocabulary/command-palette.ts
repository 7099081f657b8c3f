// What the command palette's transaction lookup (app/api/transactions/find) answers: a few of the
// ledger's search matches, newest first, their personal data masked as in every list.
import type { CreationState, TransactionKind, WalletStatus } from "@/lib/vocabulary/transaction-statuses";

export type PaletteTransaction = {
  id: string;
  kind: TransactionKind;
  creationState: CreationState;
  status: WalletStatus | null;
  amountCents: number;
  /** The payer's name (masked) or the PIX key (masked). */
  party: string | null;
  reference: string | null;
  createdAt: string;
};

/** How many matches the palette shows: enough to pick from, a page of the ledger is the place for more. */
export const paletteTransactionLimit = 8;
/** The shortest text the palette looks up (a single character matches a large part of any ledger). */
export const paletteMinimumQuery = 2;
