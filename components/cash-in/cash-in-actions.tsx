"use client";
// The result page's buttons: payer display link (open / copy) and, in the sandbox while the charge
// is pending, "Simulate payment". A charge that turned final meanwhile is said in the operator's
// language with its current status (never the wallet's raw refusal), and the status it answered
// goes into the page's live state: the button goes with the pending charge.
import { liveQueryKey } from "@/components/live/use-live-query";
import { transactionStatusUrl, useAnsweredStatus, useLiveTransaction } from "@/components/transactions/live-status";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { CopyButton } from "@/components/ui/copy-button";
import { FormMessage } from "@/components/ui/form-message";
import { simulatePaymentAction } from "@/lib/actions/simulate-payment-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { isFinalStatus } from "@/lib/transactions/status-polling";

type Props = { transactionId: string; payerPath: string | null; canSimulatePayment: boolean; t: ClientMessages<"cashInActions"> };

export function CashInActions({ transactionId, payerPath, canSimulatePayment, t }: Props) {
  const final = isFinalStatus(useLiveTransaction().state.status);
  const answeredStatus = useAnsweredStatus(transactionId);
  const { run, pending, message, setMessage } = useActionMutation({ t, stepUp: false });

  const simulate = () =>
    run(() => simulatePaymentAction({ transactionId }), {
      failure: (failure) =>
        failure.code === "FAILED"
          ? t["journeys.simulate.failed"]
          : failure.code === "INVALID_INPUT"
            ? t["journeys.simulate.notAtWallet"]
            : undefined,
      // The status shown here (and in every list) follows the change at once.
      invalidates: [liveQueryKey(transactionStatusUrl(transactionId))],
      onSuccess: (paid) => {
        if (paid.outcome === "paid") setMessage({ kind: "success", text: t["journeys.simulate.paid"] });
        else {
          const status = paid.status ? t[`status.${paid.status}`] : "—";
          setMessage({ kind: "error", text: fill(t["journeys.simulate.alreadyFinal"], { status }) });
          answeredStatus(paid.status);
        }
      },
    });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        {payerPath ? (
          <>
            <a
              href={payerPath}
              target="_blank"
              rel="noopener"
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t["cashIn.result.openPayerDisplay"]}
            </a>
            <CopyButton
              text={typeof window === "undefined" ? payerPath : new URL(payerPath, window.location.href).toString()}
              label={t["cashIn.result.copyPayerLink"]}
              copiedMessage={t["cashIn.result.payerLinkCopied"]}
              failedMessage={t["cashIn.result.copyFailed"]}
            />
          </>
        ) : null}
        {canSimulatePayment && !final ? (
          <button
            type="button"
            disabled={pending}
            className="rounded-md border border-amber-600 bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-950 hover:bg-amber-200 disabled:opacity-60"
            onClick={simulate}
          >
            {t["cashIn.result.simulatePayment"]}
          </button>
        ) : null}
      </div>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </div>
  );
}
