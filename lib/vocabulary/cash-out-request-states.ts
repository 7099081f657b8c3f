// The kinds and states of a cash-out request, as plain lists shared by the database schema, the
// server and the browser (state badges).

export const cashOutRequestKinds = ["single", "batch"] as const;
/**
 * - awaiting_approval: saved, nothing sent; the creator may cancel, another operator may decide;
 * - approved: a second operator approved it; its cash-outs are sent (batch rows one by one);
 * - rejected / cancelled / expired: closed without sending anything.
 */
export const cashOutRequestStates = ["awaiting_approval", "approved", "rejected", "cancelled", "expired"] as const;
export type CashOutRequestState = (typeof cashOutRequestStates)[number];
