// The Banco Central's night limit for individuals: between 20:00 and 06:00 (São Paulo time) banks
// cap Pix payments by a CPF, by default at R$ 1.000,00. The cash-in form warns the operator that
// the payer's bank may refuse a larger charge; it never blocks (the payer's limit may be higher).
import { saoPauloHourOfDay } from "@/lib/vocabulary/sao-paulo-dates";

export const nightLimitCents = 100_000;

export function isSaoPauloNight(at: Date): boolean {
  const hour = saoPauloHourOfDay(at);
  return hour >= 20 || hour < 6;
}

/** True when a CPF payer is asked for more than R$ 1.000,00 during the night period. */
export function nightLimitMayRefuse(payerDocument: string, amountCents: number | null, at: Date): boolean {
  const digits = payerDocument.replace(/\D/g, "");
  return digits.length === 11 && amountCents !== null && amountCents > nightLimitCents && isSaoPauloNight(at);
}
