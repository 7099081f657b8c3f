"use client";
// Approve, reject (with a reason) or cancel a cash-out request. The server decides who may do
// what (never the requester's own approval); this only offers the buttons that make sense.
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { translateMessage } from "@/lib/i18n/message";
import { useStepUp } from "@/components/auth/step-up-dialog";
import type { ActionResult } from "@/lib/actions/operator-action";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { approveCashOutRequestAction } from "@/lib/actions/approve-cash-out-request-action";
import { cancelCashOutRequestAction } from "@/lib/actions/cancel-cash-out-request-action";
import { rejectCashOutRequestAction } from "@/lib/actions/reject-cash-out-request-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";

export function RequestDecision({
  requestId,
  isRequester,
  t,
}: {
  requestId: string;
  isRequester: boolean;
  t: ClientMessages<"requestDecision">;
}) {
  const router = useRouter();
  // Approving and rejecting ask for a fresh second factor (lib/auth/step-up.ts).
  const { runWithStepUp, stepUpDialog } = useStepUp(t);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [reasonError, setReasonError] = useState<string>();
  const [reason, setReason] = useState("");

  async function run(
    action: () => Promise<{ ok: boolean; error?: string; fieldErrors?: Record<string, string[]> } & Record<string, unknown>>,
  ) {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    setReasonError(undefined);
    try {
      const result = await runWithStepUp(action as () => Promise<ActionResult<unknown>>);
      if (!result.ok) {
        setError(result.error && translateMessage(t, result.error));
        setReasonError(translateMessage(t, result.fieldErrors?.reason?.[0]));
      }
    } catch {
      setError(t["cashOut.review.unreachable"]);
    } finally {
      setBusy(false);
      router.refresh();
    }
  }

  return (
    <section aria-labelledby="decide-heading" className="max-w-3xl space-y-4 rounded-lg border-2 border-amber-500 bg-white p-5">
      <h2 id="decide-heading" className="text-lg font-bold">
        {t["approvals.decide.title"]}
      </h2>
      <FormMessage kind="error">{error}</FormMessage>
      {stepUpDialog}
      {isRequester ? (
        <>
          <p>{t["approvals.detail.ownRequest"]}</p>
          <ConfirmDialog
            trigger={
              <Button type="button" variant="secondary" disabled={busy}>
                {t["approvals.decide.cancel"]}
              </Button>
            }
            title={t["approvals.cancelConfirm.title"]}
            description={t["approvals.cancelConfirm.body"]}
            confirmLabel={t["approvals.cancelConfirm.confirm"]}
            cancelLabel={t["approvals.cancelConfirm.keep"]}
            onConfirm={() => run(() => cancelCashOutRequestAction({ requestId }))}
          />
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t["approvals.decide.stepUpNote"]}</p>
          <Button type="button" variant="danger" disabled={busy} onClick={() => run(() => approveCashOutRequestAction({ requestId }))}>
            {busy ? t["approvals.decide.approving"] : t["approvals.decide.approve"]}
          </Button>
          <form
            className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4"
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => rejectCashOutRequestAction({ requestId, reason }));
            }}
          >
            <TextField
              id="reject-reason"
              label={t["approvals.decide.reason"]}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={reasonError}
              className="min-w-64 flex-1"
              maxLength={500}
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              {t["approvals.decide.reject"]}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
