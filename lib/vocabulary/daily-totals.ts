// A São Paulo day's cash-out totals against the daily limits, as the database layer returns them
// and the limits, the alerts and the approvals page read them.

export type DailyTotals = {
  day: string;
  /** Cash-outs claimed for sending that day (sent, being sent, or outcome unknown), minus failed/canceled/refused ones. */
  sentCents: number;
  /** Rows of approved requests (batches) not sent yet: already counted against the limits. */
  approvedUnsentCents: number;
  /** Requests waiting for a second operator and not expired. */
  awaitingApprovalCents: number;
};

/** Total that counts against a limit when a new request is made: everything sent or awaiting. */
export const committedOrAwaiting = (totals: DailyTotals) => totals.sentCents + totals.approvedUnsentCents + totals.awaitingApprovalCents;
/** Total that counts against a limit when something is approved: what is sent or approved. */
export const committed = (totals: DailyTotals) => totals.sentCents + totals.approvedUnsentCents;
