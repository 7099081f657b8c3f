// What the payer page shows, from the status the server last reported and the time left on the
// page's own clock. The deadline is the page's to enforce: the server marks an expired charge
// cancelled only when its sweep or the wallet's callback gets to it (seconds later), and until
// then a QR code the wallet will refuse must not stay on screen.
import { isFinalStatus } from "@/lib/transactions/status-polling";

export type PayerView = "pending" | "paid" | "expired" | "closed";

export function payerView(status: string | null | undefined, remainingMs: number | null): PayerView {
  // A payment that lands right at the deadline still wins: the wallet's word is final.
  if (status === "SUCCEED") return "paid";
  // Once the page has said "expired", the server's later CANCELED confirms it rather than
  // replacing the message with a vaguer one.
  if (remainingMs !== null && remainingMs <= 0) return "expired";
  return isFinalStatus(status) ? "closed" : "pending";
}

/** Time left as mm:ss (h:mm:ss past an hour), rounded up so "00:00" is never shown while payable. */
export function formatTimeLeft(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const mmss = `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** How long until the shown time left changes next (the next whole second, or the deadline itself). */
export function msUntilNextTick(remainingMs: number): number {
  const rest = remainingMs % 1000;
  return rest > 0 ? rest : 1000;
}
