// The display device's session: its own cookie and table, never an operator session. A display
// can read its counter's current charge and nothing else; operator pages and actions do not know
// this cookie, so they treat a display like a signed-out visitor.
import "server-only";
import { cookies } from "next/headers";
import type { Database } from "@/lib/db/client";
import { findActiveDisplayDevice, touchDisplayDevice } from "@/lib/db/queries/counters";
import { sha256 } from "@/lib/displays/tokens";

export const displaySessionCookie = "wallet_display_session";
/** A kiosk stays paired until an admin revokes it; the cookie lives a year and is renewed on pairing. */
export const displaySessionMaxAgeSeconds = 365 * 24 * 60 * 60;
/** Last contact is written at most this often per device (every stream and poll would be too much). */
const lastSeenWriteIntervalMs = 30_000;

export type DisplayDevice = { id: string; counterId: string };

export async function findDisplayDeviceByToken(db: Database, token: string | undefined): Promise<DisplayDevice | null> {
  if (!token || token.length > 100) return null;
  const device = await findActiveDisplayDevice(db, sha256(token));
  if (!device) return null;
  const now = new Date();
  if (now.getTime() - device.lastSeenAt.getTime() > lastSeenWriteIntervalMs) await touchDisplayDevice(db, device.id, now);
  return { id: device.id, counterId: device.counterId };
}

/** The display device of this request, from its cookie; null when absent or revoked. */
export async function getCurrentDisplayDevice(db: Database): Promise<DisplayDevice | null> {
  return findDisplayDeviceByToken(db, (await cookies()).get(displaySessionCookie)?.value);
}

export function displaySessionCookieOptions(appUrl: string) {
  return { httpOnly: true, sameSite: "lax" as const, secure: appUrl.startsWith("https:"), path: "/", maxAge: displaySessionMaxAgeSeconds };
}
