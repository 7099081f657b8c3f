"use client";
// QA's buttons on a pending charge or cash-out while the wallet is the sandbox: expire it, or settle
// / fail it, now. The server action checks the role and the sandbox again and audits each change;
// the status here then follows the wallet's callback like any other.
import { translateMessage } from "@/lib/i18n/message";
import { refreshLiveState } from "@/components/live/use-live-state";
import { transactionStatusUrl } from "@/components/transactions/live-status";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { changeSandboxStatusAction } from "@/lib/actions/change-sandbox-status-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { SandboxStatusChangeName } from "@/lib/schemas/sandbox-control";

type Props = { transactionId: string; changes: SandboxStatusChangeName[]; t: ClientMessages<"sandboxStatusControls"> };

export function SandboxStatusControls({ transactionId, changes, t }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  const statusLabel = (status: string | null) => (status ? ((t as Partial<Record<string, string>>)[`status.${status}`] ?? status) : "—");

  const run = (change: SandboxStatusChangeName) =>
    startTransition(async () => {
      setMessage(undefined);
      const result = await changeSandboxStatusAction({ transactionId, change });
      if (result.ok) {
        const key = result.data.outcome === "changed" ? "journeys.controls.done" : "journeys.controls.alreadyFinal";
        setMessage({ kind: "success", text: fill(t[key], { status: statusLabel(result.data.status) }) });
        if (result.data.outcome === "already_final") router.refresh();
      } else {
        const key =
          result.code === "FAILED" ? "journeys.controls.failed" : result.code === "INVALID_INPUT" ? "journeys.controls.notAtWallet" : null;
        setMessage({ kind: "error", text: key ? t[key] : translateMessage(t, result.error) });
      }
      refreshLiveState(transactionStatusUrl(transactionId));
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
