// The few strings the display and pairing pages send to the browser (not the whole dictionary).
import type { Messages } from "@/lib/i18n/messages";

export const displayStringKeys = [
  "display.title",
  "display.pairTitle",
  "display.pairIntro",
  "display.pairCode",
  "display.pairSubmit",
  "display.pairing",
  "display.pairFailed",
  "display.pairRateLimited",
  "display.idle",
  "display.payTo",
  "display.scan",
  "display.qrAlt",
  "display.code",
  "display.copy",
  "display.copied",
  "display.copyFailed",
  "display.timeLeft",
  "display.waiting",
  "display.paid",
  "display.paidBody",
  "display.expired",
  "display.canceled",
  "display.closedBody",
  "display.reconnecting",
  "display.fullscreen",
  "display.mute",
  "display.unmute",
  "display.signedOut",
] as const;
export type DisplayStrings = Record<(typeof displayStringKeys)[number], string>;

export function pickDisplayStrings(t: Messages): DisplayStrings {
  return Object.fromEntries(displayStringKeys.map((key) => [key, t[key]])) as DisplayStrings;
}
