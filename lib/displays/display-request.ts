// The display state for the device of the current request (stream and polling fallback share it).
import "server-only";
import { cookies } from "next/headers";
import { displaySessionCookie, findDisplayDeviceByToken } from "@/lib/displays/display-session";
import { readDisplayState, type DisplayState } from "@/lib/displays/display-state";
import type { Runtime } from "@/lib/server/runtime";

/** Reads the cookie once; the returned reader re-checks the device each time (a revocation ends it). */
export async function displayStateReader({ db, config }: Pick<Runtime, "db" | "config">): Promise<() => Promise<DisplayState>> {
  const token = (await cookies()).get(displaySessionCookie)?.value;
  return async () => {
    const device = await findDisplayDeviceByToken(db, token);
    if (!device) return { signedOut: true };
    return readDisplayState(db, device.counterId, config.merchantName);
  };
}
