"use client";
// QA's buttons on a pending charge or cash-out while the wallet is the sandbox: expire it, or settle
// / fail it, now. The server action checks the role and the sandbox again and audits each change;
// the status here then follows the wallet's callback like any other (the status's query, asked
// again at once: an "already final" answer shows on the page with it).
import { liveQueryKey } from "@/components/live/use-live-query";
import { transactionStatusUrl, useAnsweredStatus } from "@/components/transactions/live-status";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { changeSandboxStatusAction } from "@/lib/actions/change-sandbox-status-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { SandboxStatusChangeName } from "@/lib/schemas/sandbox-control";

type Props = { transactionId: string; changes: SandboxStatusChangeName[]; t: ClientMessages<"sandboxStatusControls"> };

export function SandboxStatusControls({ transactionId, changes, t }: Props) {
  const mutation = useActionMutation({ t, stepUp: false });
  const answeredStatus = useAnsweredStatus(transactionId);
  const { pending, message, setMessage } = mutation;
  const statusLabel = (status: string | null) => (status ? ((t as Partial<Record<string, string>>)[`status.${status}`] ?? status) : "—");

  const run = (change: SandboxStatusChangeName) =>
    mutation.run(() => changeSandboxStatusAction({ transactionId, change }), {
      failure: (failure) =>
        failure.code === "FAILED"
          ? t["journeys.controls.failed"]
          : failure.code === "INVALID_INPUT"
            ? t["journeys.controls.notAtWallet"]
            : undefined,
      // The status shown here (and in every list) follows the change at once.
      invalidates: [liveQueryKey(transactionStatusUrl(transactionId))],
      onSuccess: (data) => {
        const key = data.outcome === "changed" ? "journeys.controls.done" : "journeys.controls.alreadyFinal";
        setMessage({ kind: "success", text: fill(t[key], { status: statusLabel(data.status) }) });
        // Already final at the wallet: the page shows it at once (the invalidation then reads the ledger's own state).
        if (data.outcome === "already_final") answeredStatus(data.status);
      },
    });

  return (
    <section aria-labelledby="sandbox-controls-heading" className="max-w-3xl space-y-3 rounded-lg border border-amber-400 bg-amber-50 p-4">
      <h2 id="sandbox-controls-heading" className="text-lg font-semibold">
        {t["journeys.controls.title"]}
      </h2>
      <p className="text-sm text-slate-800">{t["journeys.controls.intro"]}</p>
      <div className="flex flex-wrap gap-3">
        {changes.map((change) => (
          <Button
            key={change}
            type="button"
            variant={change === "failCashOut" ? "danger" : "secondary"}
            disabled={pending}
            onClick={() => run(change)}
          >
            {t[`journeys.controls.${change}`]}
          </Button>
        ))}
      </div>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </section>
  );
}
