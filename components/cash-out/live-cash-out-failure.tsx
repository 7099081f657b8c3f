"use client";
// Why a cash-out failed at the wallet, in the wallet's words (the description its callback
// carried), said at the top of its page as soon as its live status turns FAILED
// (components/transactions/live-status.tsx).
import { useLiveTransaction } from "@/components/transactions/live-status";
import type { ClientMessages } from "@/lib/i18n/client-messages";

export function LiveCashOutFailure({ t }: { t: ClientMessages<"cashOutFailure"> }) {
  const { status, statusDescription } = useLiveTransaction().state;
  if (status !== "FAILED") return null;
  return (
    <div
      role="alert"
      data-testid="cash-out-failure"
      className="mb-6 max-w-3xl space-y-1 rounded-lg border-2 border-red-400 bg-red-50 px-4 py-3 text-red-950"
    >
      <h2 className="text-lg font-bold">{t["journeys.cashOut.failedTitle"]}</h2>
      <p>
        {statusDescription ? (
          <>
            {t["journeys.cashOut.reason"]}: <span data-testid="cash-out-failure-reason">{statusDescription}</span>
          </>
        ) : (
          t["journeys.cashOut.noReason"]
        )}
      </p>
    </div>
  );
}
