// The shape of a counter display's pairing code (issued in lib/displays/tokens.ts, typed at /display
// and checked by lib/schemas/display-pairing.ts): plain words both sides share, no I/O.

/** No 0/O, 1/I/L, U: easy to read across a shop and to type on a tablet keyboard. */
export const pairingAlphabet = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
export const pairingCodeLength = 8;

/** What a person typed, as stored: upper case, spaces and dashes ignored. */
export function normalizePairingCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}
