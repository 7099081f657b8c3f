// The Overview's delivery health as the database layer returns it and the page shows it: when the
// last callback came, how many arrive, and the counts that need someone, over a window of days.

/**
 * Delivery outcomes that mean "not applied to a transaction". `rejected` is written by the callback
 * binding work (a body that disagrees with its transaction); until that lands the column never has it.
 */
export const notAppliedOutcomes = ["rejected", "unmatched"] as const;
export type NotAppliedOutcome = (typeof notAppliedOutcomes)[number];

export type DeliveryHealth = {
  lastCallbackAt: Date | null;
  callbacksLastHour: number;
  callbacksLast24Hours: number;
  /** Counted up to the ledger's cap (`pendingChargesPastExpiryCapped`: more than that), as the Reconciliation page counts them. */
  pendingChargesPastExpiry: number;
  pendingChargesPastExpiryCapped: boolean;
  /** Deliveries received in the window that were not applied, by outcome. */
  notApplied: Record<NotAppliedOutcome, number>;
  quarantined: number;
  cashOutsOutcomeUnknown: number;
  /** Start of the window the delivery counts cover. */
  windowStart: Date;
};

export const healthWindowDays = 7;

/**
 * The delivery health as the Overview's live panel reads it (components/overview/delivery-health.tsx,
 * app/api/overview/health): plain JSON, dates as ISO strings, `at` when it was counted (the panel's
 * "since" links start from it).
 */
export type DeliveryHealthState = Omit<DeliveryHealth, "lastCallbackAt" | "windowStart"> & {
  lastCallbackAt: string | null;
  windowStart: string;
  at: string;
};

export function deliveryHealthState(health: DeliveryHealth, at: Date): DeliveryHealthState {
  return {
    ...health,
    lastCallbackAt: health.lastCallbackAt?.toISOString() ?? null,
    windowStart: health.windowStart.toISOString(),
    at: at.toISOString(),
  };
}
