"use client";
// Approve, reject (with a reason) or cancel a cash-out request. The server decides who may do
// what (never the requester's own approval); this only offers the buttons that make sense.
// Approving and cancelling are in-place buttons (useStepUpAction); rejecting is a form with its
// reason field (useActionForm; the reason is checked by the action, whose field error lands on it:
// no resolver, so the page does not carry zod, about 19 KiB gzip). Approving and
// rejecting ask for a fresh second factor (lib/auth/step-up.ts), which both hooks answer. After
// any answer the page is refreshed, so it shows the request as it now is (decided, or expired).
import { useRouter } from "next/navigation";
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
  const refresh = () => router.refresh();
  const unreachable = t["cashOut.review.unreachable"];
  const decide = useStepUpAction(t);
  const reject = useActionForm({
    t,
    defaultValues: { reason: "" },
    action: ({ reason }) => rejectCashOutRequestAction({ requestId, reason }),
    onSuccess: refresh,
    onFailure: refresh,
    unreachable,
  });
  const busy = decide.pending || reject.pending;
  const decision = { success: "", onSuccess: refresh, onFailure: refresh, unreachable };

  return (
    <section aria-labelledby="decide-heading" className="max-w-3xl space-y-4 rounded-lg border-2 border-amber-500 bg-white p-5">
      <h2 id="decide-heading" className="text-lg font-bold">
        {t["approvals.decide.title"]}
      </h2>
      {decide.message ? <FormMessage kind={decide.message.kind}>{decide.message.text}</FormMessage> : null}
      {decide.stepUpDialog}
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
            onConfirm={() => decide.run(() => cancelCashOutRequestAction({ requestId }), decision)}
          />
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t["approvals.decide.stepUpNote"]}</p>
          <Button
            type="button"
            variant="danger"
            disabled={busy}
            onClick={() => decide.run(() => approveCashOutRequestAction({ requestId }), decision)}
          >
            {decide.pending ? t["approvals.decide.approving"] : t["approvals.decide.approve"]}
          </Button>
          <form
            ref={reject.formRef}
            onSubmit={reject.onSubmit}
            noValidate
            className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4"
          >
            {reject.stepUpDialog}
            <TextField
              id="reject-reason"
              label={t["approvals.decide.reason"]}
              error={reject.form.formState.errors.reason?.message}
              className="min-w-64 flex-1"
              maxLength={500}
              {...reject.form.register("reason")}
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              {t["approvals.decide.reject"]}
            </Button>
            {reject.message ? (
              <div className="basis-full">
                <FormMessage kind={reject.message.kind}>{reject.message.text}</FormMessage>
              </div>
            ) : null}
          </form>
        </>
      )}
    </section>
  );
}
