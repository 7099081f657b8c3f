// Payment links (issue #48): whether a link takes a new charge, as a pure function the public page,
// the admission check and the dashboard share.

/** open: takes charges; the others refuse every new one, each with its own message. */
export type PaymentLinkAvailability = "open" | "inactive" | "ended" | "limit_reached";

export type PaymentLinkRules = { active: boolean; endsAt: Date | null; maxPaidCharges: number | null };

export function paymentLinkAvailability(link: PaymentLinkRules, paid: number, now: Date): PaymentLinkAvailability {
  if (!link.active) return "inactive";
  if (link.endsAt && link.endsAt.getTime() <= now.getTime()) return "ended";
  if (link.maxPaidCharges !== null && paid >= link.maxPaidCharges) return "limit_reached";
  return "open";
}

/**
 * Whether one more charge fits while others are still payable: under the cap on pending charges,
 * and, with a limit on paid charges, never more payable charges than the paid ones still allowed
 * (so the limit cannot be overshot by charges paid together).
 */
export function paymentLinkHasRoom(link: PaymentLinkRules, load: { paid: number; pending: number }, pendingCap: number): boolean {
  if (load.pending >= pendingCap) return false;
  return link.maxPaidCharges === null || load.paid + load.pending < link.maxPaidCharges;
}
