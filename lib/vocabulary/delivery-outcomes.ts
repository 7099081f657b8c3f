// How a callback delivery was applied, as a plain list shared by the database schema, the server
// and the browser (inbox filter, timeline badges).

/**
 * How a delivery was applied to the local transaction:
 * - applied: it moved the transaction to this status;
 * - duplicate: the transaction already had this status (recorded, nothing changed);
 * - out_of_order: an older status arrived after a newer one, or a final state was already reached;
 * - unmatched: no local transaction has this wallet id (kept, not dropped);
 * - settled: it settled a transaction whose creation answer had not arrived (creating or
 *   outcome_unknown): the wallet id and status came from this callback, the row is now created;
 * - rejected: its body disagrees with the transaction its URL is bound to (see rejectionReason):
 *   kept, never applied, shown to operators as a problem.
 */
export const deliveryOutcomes = ["applied", "duplicate", "out_of_order", "unmatched", "settled", "rejected"] as const;
/** Outcomes an operator has to look at (reconciliation page, inbox filter, Overview count). */
export const problemDeliveryOutcomes = ["unmatched", "rejected"] as const satisfies readonly DeliveryOutcome[];
export type DeliveryOutcome = (typeof deliveryOutcomes)[number];
