// One rule for showing a transaction's `tax`, wherever one fee appears (transaction detail, cash-out
// page, callback log, receipt): money when WALLET_TAX_UNIT states its unit, else the wallet's figure
// as it came with the caveat that the unit is not stated (lib/vocabulary/wallet-tax.ts).
import { formatBRL } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { taxAsReported, taxToCents, type WalletTaxUnit } from "@/lib/vocabulary/wallet-tax";

export function describeTax(
  tax: string | null,
  unit: WalletTaxUnit,
  t: Pick<Messages, "cashOut.result.unknown" | "cashOut.result.taxUnitUnknown">,
): string {
  if (tax === null) return t["cashOut.result.unknown"];
  const cents = taxToCents(tax, unit);
  if (cents !== null) return formatBRL(cents);
  return fill(t["cashOut.result.taxUnitUnknown"], { tax: taxAsReported(tax) });
}
