// How the dashboard shows a payment link: its public URL, its amount, its state and conversion.
import type { PaymentLinkFigures } from "@/lib/db/queries/payment-links";
import type { PaymentLinkRecord } from "@/lib/db/schema/payment-links";
import { formatBRL, formatPercent, formatReaisInput } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import type { PaymentLinkFormInput } from "@/lib/schemas/payment-link";
import { saoPauloDayOf } from "@/lib/vocabulary/sao-paulo-dates";
import { type PaymentLinkAvailability, paymentLinkAvailability } from "@/lib/vocabulary/payment-links";

export function paymentLinkPublicUrl(appUrl: string, slug: string): string {
  return new URL(`/l/${slug}`, appUrl).toString();
}

export function paymentLinkAmountText(t: Messages, link: PaymentLinkRecord): string {
  return link.amountCents !== null
    ? formatBRL(link.amountCents)
    : fill(t["paymentLinks.payerChooses"], { min: formatBRL(link.minAmountCents ?? 0), max: formatBRL(link.maxAmountCents ?? 0) });
}

export function paymentLinkState(link: PaymentLinkRecord & PaymentLinkFigures, now = new Date()): PaymentLinkAvailability {
  return paymentLinkAvailability(link, link.paid, now);
}

/** Paid charges per visit ("—" before the first visit). */
export function conversionText(locale: string, link: PaymentLinkFigures & { visits: number }): string {
  return link.visits > 0 ? formatPercent(locale, Math.min(1, link.paid / link.visits)) : "—";
}

/** Cents back into reais as typed in the form ("1.234,50"), through the one money module. */
function reais(cents: number | null): string {
  return cents === null ? "" : formatReaisInput(cents);
}

/** The edit form's starting values. */
export function paymentLinkFormValues(link: PaymentLinkRecord): PaymentLinkFormInput {
  const expiry = String(link.chargeExpiryMinutes) as PaymentLinkFormInput["expiry"];
  return {
    id: link.id,
    name: link.name,
    description: link.description ?? "",
    amountMode: link.amountCents !== null ? "fixed" : "payer",
    amount: reais(link.amountCents),
    minAmount: reais(link.minAmountCents),
    maxAmount: reais(link.maxAmountCents),
    maxPaidCharges: link.maxPaidCharges === null ? "" : String(link.maxPaidCharges),
    // The link ends when its last day does: the day before the stored instant.
    endsOn: link.endsAt ? saoPauloDayOf(new Date(link.endsAt.getTime() - 1)) : "",
    expiry,
    returnUrl: link.returnUrl ?? "",
    inactiveMessage: link.inactiveMessage ?? "",
  };
}
