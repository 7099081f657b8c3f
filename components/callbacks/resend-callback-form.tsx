"use client";
// The sandbox "Resend callback" button with an optional new URL (qa and admin only; the server
// action checks that again). The confirmation says where the callback went and which callback log
// the wallet wrote for it (linked to its page). On a transaction's page, the resent callback
// reaches its timeline a moment later: the timeline's query is asked again a few times
// (components/data/use-query-burst.ts).
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { callbackTimelineKey } from "@/components/callbacks/callback-timeline-key";
import { useQueryBurst } from "@/components/data/use-query-burst";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { resendCallbackAction, type ResendOutcome } from "@/lib/actions/resend-callback-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { type ResendCallbackInput, resendCallbackSchema } from "@/lib/schemas/resend-callback";

/**
 * With `walletTransactionId` it resends that transaction's callback; without, it asks for the id.
 * `transactionId`: the local transaction whose timeline is on the page.
 */
export function ResendCallbackForm({
  transactionId,
  walletTransactionId,
  t,
}: {
  transactionId?: string;
  walletTransactionId?: string;
  t: ClientMessages<"resendCallbackForm">;
}) {
  const [sent, setSent] = useState<ResendOutcome>();
  const [resends, setResends] = useState(0);
  useQueryBurst(transactionId ? callbackTimelineKey(transactionId) : undefined, resends);
  const { form, formRef, onSubmit, pending, message } = useActionForm({
    t,
    stepUp: false,
    resolver: zodResolver(resendCallbackSchema),
    defaultValues: { walletTransactionId: walletTransactionId ?? "", newCallbackUrl: "" } as ResendCallbackInput,
    // Its errors show once it is submitted, as they did before the form hook.
    formOptions: { mode: "onSubmit" },
    action: (values) => {
      setSent(undefined);
      return resendCallbackAction(values);
    },
    onSuccess: (outcome) => {
      setSent(outcome);
      // Only a resend to the transaction's own URL reaches the dashboard's timeline.
      if (outcome.sentTo === "own_url") setResends((count) => count + 1);
    },
  });
  const { register, formState } = form;
  return (
    <section aria-labelledby="resend-heading" className="rounded-lg border border-amber-400 bg-amber-50 p-4">
      <h2 id="resend-heading" className="mb-3 text-lg font-semibold">
        {t["resend.title"]}
      </h2>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-3">
        {walletTransactionId ? (
          <input type="hidden" {...register("walletTransactionId")} />
        ) : (
          <TextField
            id="walletTransactionId"
            autoComplete="off"
            label={t["resend.walletId"]}
            hint={t["resend.walletIdHint"]}
            error={formState.errors.walletTransactionId?.message}
            {...register("walletTransactionId")}
          />
        )}
        <TextField
          id="newCallbackUrl"
          type="url"
          autoComplete="off"
          label={t["resend.newUrl"]}
          hint={t["resend.newUrlHint"]}
          error={formState.errors.newCallbackUrl?.message}
          {...register("newCallbackUrl")}
        />
        <Button type="submit" disabled={pending}>
          {t["resend.submit"]}
        </Button>
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
        {sent ? (
          <div
            role="status"
            data-testid="resend-result"
            className="space-y-1 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          >
            <p>
              {sent.sentTo === "new_url" && sent.newCallbackUrl
                ? fill(t["journeys.resend.doneNewUrl"], { url: sent.newCallbackUrl })
                : t["journeys.resend.doneOwnUrl"]}
            </p>
            {sent.callbackLogId ? (
              <p>
                {t["journeys.resend.logId"]}{" "}
                <Link
                  href={`/callback-logs/${sent.callbackLogId}`}
                  className="font-mono font-medium text-brand-700 underline"
                  aria-label={fill(t["journeys.resend.openLog"], { id: sent.callbackLogId })}
                  data-testid="resend-log-link"
                >
                  {sent.callbackLogId}
                </Link>
              </p>
            ) : (
              <p>{sent.logLookup === "not_yet" ? t["journeys.resend.logNotYet"] : t["journeys.resend.logUnknown"]}</p>
            )}
          </div>
        ) : null}
      </form>
    </section>
  );
}
