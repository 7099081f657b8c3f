// A page of the Transactions list as the database layer returns it and the page hands it to its
// components: the rows the table shows and the cursors to the pages beside it.
import { defineListSort, type ListSort } from "@/lib/vocabulary/list-sort";
import type { PixKeyType } from "@/lib/vocabulary/pix-key-types";
import type { CreationState, TransactionKind, WalletStatus } from "@/lib/vocabulary/transaction-statuses";

/**
 * How the list is ordered: by creation (the default, newest first), amount or the time a charge was
 * paid ("paid": paid rows only), "-" for descending. Each is keyset-paginated on its own index.
 */
export const ledgerSort = defineListSort({ created: "time", amount: "integer", paid: "time" }, "-created");
export type LedgerSortColumn = (typeof ledgerSort.columns)[number];
export type LedgerSort = ListSort<LedgerSortColumn>;
export const ledgerSorts = ledgerSort.sorts;
export const defaultLedgerSort: LedgerSort = ledgerSort.defaultSort;

/**
 * Where a page starts: the key of the row next to it, with microseconds (a JS Date keeps only
 * milliseconds); with another sort than creation, that row's value of the sort's column too (cents,
 * or the paid time in UTC with microseconds).
 */
export type LedgerKey = { createdAt: string; id: string; sortValue?: string };
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
  /** The sort column's value as text (a list sorted by amount or paid time), for cursors. */
  keySortValue?: string;
  /** When the charge was paid (its status changed to SUCCEED), for a list sorted by it. */
  statusChangedAt?: Date | null;
};

export type LedgerPage = { rows: LedgerListRow[]; newer?: LedgerCursor; older?: LedgerCursor };
