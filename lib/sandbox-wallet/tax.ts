// The documented tax rule: a percentage of the value (basis points, rounded half up to whole
// cents) plus a fixed amount, configured per operation. Tax is in cents, like `value`.
import type { TaxRule } from "./settings";

export function computeTax(valueCents: number, rule: TaxRule): number {
  // Integer arithmetic only: value <= 1e11 and basis points <= 1e4 stay far below 2^53.
  const percentPart = Math.floor((valueCents * rule.basisPoints + 5_000) / 10_000);
  return percentPart + rule.fixedCents;
}
