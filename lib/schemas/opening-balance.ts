// The wallet account's opening balance, typed in reais as on the other money fields ("12.345,67"):
// zero or more, to the cent, up to R$ 100 billion (an account's balance, not one transfer, so the
// cash-out cap does not apply).
import { msg } from "@/lib/i18n/message";
import * as z from "@/lib/schemas/zod";

const reaisText = /^(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d{1,2})?$/;

/** "12.345,67" → 1234567 cents; null when it is not an amount in reais. */
export function openingBalanceCents(text: string): number | null {
  const trimmed = text.trim();
  if (!reaisText.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.replaceAll(".", "").split(",");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents <= 10_000_000_000_000 ? cents : null;
}

export const openingBalanceSchema = z.object({
  amount: z.pipe(
    z.string(),
    z.transform((text: string, context) => openingBalanceCents(text) ?? z.refuse(context, msg("errors.books.openingBalance"), text)),
  ),
});
