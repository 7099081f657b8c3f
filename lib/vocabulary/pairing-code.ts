// The shape of a counter display's pairing code (issued in lib/displays/tokens.ts, typed at /display
// and checked by lib/schemas/display-pairing.ts): plain words both sides share, no I/O.

/** No 0/O, 1/I/L, U: easy to read across a shop and to type on a tablet keyboard. */
export const pairingAlphabet = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
/**
 * 30^12 ≈ 5.3e17 codes (59 bits): guessing one of the live codes is hopeless even at the server's
 * full throughput, so no limit has to pause pairing for everyone (docs/decisions/displays.md).
 */
export const pairingCodeLength = 12;
/** Shown in groups of this many (ABCD-EFGH-JKMN); the dashes are not part of the code. */
export const pairingCodeGroup = 4;

/** What a person typed, as stored: upper case, spaces and dashes ignored. */
export function normalizePairingCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

/** The code as shown to the admin who reads it out: groups of four joined by dashes. */
export function formatPairingCode(code: string): string {
  const groups: string[] = [];
  for (let start = 0; start < code.length; start += pairingCodeGroup) groups.push(code.slice(start, start + pairingCodeGroup));
  return groups.join("-");
}
