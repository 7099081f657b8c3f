"use client";
// A charge's notice once its status is final (paid, canceled, failed), in place of its QR code:
// follows the page's live transaction (components/transactions/live-status.tsx).
import { useLiveTransaction } from "@/components/transactions/live-status";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { isFinalStatus } from "@/lib/transactions/status-polling";
import type { WalletStatus } from "@/lib/vocabulary/transaction-statuses";

export function LiveChargeClosed({ t }: { t: ClientMessages<"cashInResult"> }) {
  const { status } = useLiveTransaction().state;
  if (!isFinalStatus(status)) return null;
  return (
    <p data-testid="charge-closed" className="max-w-xs rounded-lg border-2 border-slate-300 bg-slate-50 p-4 text-slate-900">
      {t[`journeys.charge.closed.${status as Exclude<WalletStatus, "PENDING">}`]}
    </p>
  );
}
