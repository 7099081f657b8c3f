// What a counter display shows, computed on the server from the database each time something
// changes: idle, or the current charge with its QR code drawn as SVG from the copy-and-paste code
// (so the display page needs no QR library in the browser). A paid, expired or canceled charge
// is shown for a few seconds, then the counter is idle again.
import "server-only";
import type { Database } from "@/lib/db/client";
import { findCounterDisplay } from "@/lib/db/queries/counters";
import { pixQrSvg } from "@/lib/qr-svg";

/** How long a final state ("Pago", "Expirado") stays on screen before the idle screen. */
export const finalStateShownMs = 6_000;

export type DisplayCharge = {
  transactionId: string;
  amountCents: number;
  codeCopyPaste: string;
  qrSvg: string;
  expiresAt: string | null;
  /** PENDING, SUCCEED, CANCELED, FAILED, or EXPIRED (pending at the wallet, but past its expiry here). */
  state: "PENDING" | "SUCCEED" | "CANCELED" | "FAILED" | "EXPIRED";
};

export type DisplayState =
  | { signedOut: false; counterName: string; merchantName: string; charge: DisplayCharge | null }
  | { signedOut: true };

export async function readDisplayState(db: Database, counterId: string, merchantName: string, now = new Date()): Promise<DisplayState> {
  const row = await findCounterDisplay(db, counterId);
  if (!row) return { signedOut: true };
  const idle: DisplayState = { signedOut: false, counterName: row.counterName, merchantName, charge: null };
  if (!row.transactionId || row.creationState !== "created" || !row.codeCopyPaste || row.amountCents === null) return idle;

  const expiresAt = row.expiresAt?.getTime() ?? null;
  let state: DisplayCharge["state"];
  let finalSince: number | null;
  if (row.status === "PENDING" || row.status === null) {
    const expired = expiresAt !== null && expiresAt <= now.getTime();
    state = expired ? "EXPIRED" : "PENDING";
    finalSince = expired ? expiresAt : null;
  } else {
    // The wallet cancels a charge nobody paid in time: for the payer that is "expired".
    const canceledByExpiry = row.status === "CANCELED" && expiresAt !== null && (row.statusChangedAt?.getTime() ?? 0) >= expiresAt;
    state = canceledByExpiry ? "EXPIRED" : row.status;
    finalSince = Math.max(row.statusChangedAt?.getTime() ?? 0, row.shownAt?.getTime() ?? 0);
  }
  if (finalSince !== null && now.getTime() - finalSince > finalStateShownMs) return idle;

  const qrSvg = await pixQrSvg(row.codeCopyPaste);
  return {
    ...idle,
    charge: {
      transactionId: row.transactionId,
      amountCents: row.amountCents,
      codeCopyPaste: row.codeCopyPaste,
      qrSvg,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      state,
    },
  };
}
