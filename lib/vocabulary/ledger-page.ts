// A page of the Transactions list as the database layer returns it and the page hands it to its
// components: the rows the table shows and the cursors to the pages beside it.
import type { PixKeyType } from "@/lib/vocabulary/pix-key-types";
import type { CreationState, TransactionKind, WalletStatus } from "@/lib/vocabulary/transaction-statuses";

/** Where a page starts: the key of the row next to it, with microseconds (a JS Date keeps only milliseconds). */
export type LedgerKey = { createdAt: string; id: string };
export type LedgerCursor = LedgerKey & { direction: "older" | "newer" };

/** A row of the list page: the columns its table shows (lib/db/queries/ledger.ts reads exactly these). */
export type LedgerListRow = {
  id: string;
  kind: TransactionKind;
  creationState: CreationState;
  status: WalletStatus | null;
  amountCents: number;
  payerName: string | null;
  payerEmail: string | null;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  externalReference: string | null;
  createdByEmail: string | null;
  createdAt: Date;
  /** created_at in UTC with its microseconds: the exact key for cursors. */
  keyCreatedAt: string;
};

export type LedgerPage = { rows: LedgerListRow[]; newer?: LedgerCursor; older?: LedgerCursor };
