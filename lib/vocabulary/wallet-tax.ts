// The one rule for the wallet's `tax` (its fee on a transaction). The API does not state its unit
// (wallet-api-spec.md: "Unit and computation of tax: not shown"); the embedded sandbox documents
// whole cents. WALLET_TAX_UNIT (lib/config.ts) says which: `cents`, `reais` or `unknown`. Every page,
// statement, chart and export that shows or sums a fee goes through these, so none guesses alone.
// Pure functions, no I/O: the database layer, pages and components share them.

export const walletTaxUnits = ["cents", "reais", "unknown"] as const;
export type WalletTaxUnit = (typeof walletTaxUnits)[number];

const decimalPattern = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * The wallet's tax as integer cents under the unit (rounded half away from zero to whole cents,
 * as PostgreSQL's round() does, by string arithmetic: no float error), or null when it cannot be
 * known: no tax, the unit `unknown`, or not a decimal number.
 */
export function taxToCents(tax: string | number | null, unit: WalletTaxUnit): number | null {
  if (tax === null || unit === "unknown") return null;
  const match = decimalPattern.exec(typeof tax === "number" ? String(tax) : tax.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const shift = unit === "reais" ? 2 : 0;
  const digits = fraction.padEnd(shift + 1, "0");
  const cents = Number(whole) * 10 ** shift + Number(digits.slice(0, shift) || 0) + (Number(digits[shift]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(cents)) return null;
  return sign === "-" && cents !== 0 ? -cents : cents;
}

/** The figure as the wallet sent it, trailing decimal zeros dropped ("1222.000000" → "1222", "1.50" → "1.5"). */
export function taxAsReported(tax: string | number): string {
  const text = String(tax).trim();
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}
