// The kinds and states of a transaction, as plain lists: the database schema, the server and the
// browser (status badges, filters, polling) all read them from here, so no client code needs Drizzle.

export const transactionKinds = ["CASH_IN", "CASH_OUT"] as const;
export type TransactionKind = (typeof transactionKinds)[number];
export const walletStatuses = ["PENDING", "SUCCEED", "CANCELED", "FAILED"] as const;
export type WalletStatus = (typeof walletStatuses)[number];
export const finalWalletStatuses: readonly WalletStatus[] = ["SUCCEED", "CANCELED", "FAILED"];
/** A status to filter and count on; UNKNOWN is a transaction the wallet never confirmed (outcome_unknown). */
export type LedgerStatusFilter = WalletStatus | "UNKNOWN";

/**
 * Where the local record stands with the wallet:
 * - creating: recorded, the wallet call is in flight (not shown as a real transaction);
 * - created: the wallet answered with the transaction (walletTransactionId and status are set);
 * - rejected: the wallet refused it, nothing exists on the wallet side;
 * - outcome_unknown: the request may have reached the wallet but no answer came back.
 */
export const creationStates = ["creating", "created", "rejected", "outcome_unknown"] as const;
export type CreationState = (typeof creationStates)[number];
