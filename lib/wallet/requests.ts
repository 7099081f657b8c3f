// Request bodies of the wallet endpoints (spec 4.1, 4.2, 4.4). Amounts are integer cents.
import type { PixKeyType } from "@/lib/vocabulary/pix-key-types";

export type CashInRequest = {
  value: number;
  /** Our callback receiver, with its secret: never log it. */
  callbackUrl: string;
  invoiceDescription?: string;
  metadata?: Record<string, string>;
  payer: { name: string; email: string; document: string; phone?: string };
  externalReference?: string;
  expireInMinutes?: number;
};

export type CashOutRequest = {
  value: number;
  callbackUrl: string;
  pixDestinyType: PixKeyType;
  pixDestinyKey: string;
  metadata?: Record<string, string>;
  externalReference?: string;
};

/** Sandbox only: re-sends the callback of transaction `id`, optionally to another URL. */
export type ResendCallbackRequest = { id: string; newCallbackUrl?: string };

/** A programming error, not a wallet failure: money must be a positive integer of cents before it leaves. */
export function assertValidAmount(value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`value must be a positive integer number of cents, got ${value}`);
}
