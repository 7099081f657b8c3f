// The Overview's figures as the database layer returns them and the page shows them: how many
// transactions, and how much money, per kind and status, with totals.
import { type LedgerStatusFilter, type TransactionKind, walletStatuses } from "@/lib/vocabulary/transaction-statuses";

export const overviewStatuses: readonly LedgerStatusFilter[] = [...walletStatuses, "UNKNOWN"];

export type StatusFigures = { count: number; volumeCents: number };
export type KindFigures = { byStatus: Record<LedgerStatusFilter, StatusFigures>; total: StatusFigures };
export type OverviewFigures = { byKind: Record<TransactionKind, KindFigures>; total: StatusFigures };
