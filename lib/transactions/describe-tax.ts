// One rule for showing a transaction's `tax`, wherever it appears (cash-out page, transaction detail).
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { formatBRL } from "@/lib/format";

/**
 * The API does not state the unit of `tax`; the sandbox documents whole cents, so only there is it
 * shown as money (its "1222.000000" is R$ 12,22). Elsewhere the wallet's figure is shown as it came,
 * trailing zeros dropped, saying the unit is not stated.
 */
export function describeTax(tax: string | null, isSandbox: boolean, t: Messages): string {
  if (tax === null) return t["cashOut.result.unknown"];
  const exact = tax.includes(".") ? tax.replace(/\.?0+$/, "") : tax;
  if (isSandbox && /^\d+$/.test(exact)) return formatBRL(Number(exact));
  return fill(t["cashOut.result.taxUnitUnknown"], { tax: exact });
}

/** The fee in cents where its unit is known (the sandbox's whole cents), else null: the CSV's fee_reais. */
export function taxInCents(tax: string | null, isSandbox: boolean): number | null {
  if (tax === null || !isSandbox) return null;
  const exact = tax.includes(".") ? tax.replace(/\.?0+$/, "") : tax;
  return /^\d+$/.test(exact) ? Number(exact) : null;
}
