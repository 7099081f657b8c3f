"use client";
// Shows a one-time pairing code for a counter, with where to type it and until when it works.
import { formatTime } from "@/lib/format";
import { translateMessage } from "@/lib/i18n/message";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { createPairingCodeAction } from "@/lib/actions/create-pairing-code-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";

export function PairingCodeButton({
  counterId,
  counterName,
  displayUrl,
  t,
}: {
  counterId: string;
  counterName: string;
  displayUrl: string;
  t: ClientMessages<"pairingCodeButton">;
}) {
  const [issued, setIssued] = useState<{ code: string; expiresAt: string }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Pairing a display asks for a fresh second factor (lib/auth/step-up.ts).
  const { runWithStepUp, stepUpDialog } = useStepUp(t);
  return (
    <div className="space-y-2">
      {stepUpDialog}
      <Button
        type="button"
        variant="secondary"
        disabled={busy}
        aria-label={`${t["counters.pair"]}: ${counterName}`}
        onClick={async () => {
          setBusy(true);
          setError(undefined);
          const result = await runWithStepUp(() => createPairingCodeAction({ counterId }));
          setBusy(false);
          if (result.ok) setIssued(result.data);
          else setError(translateMessage(t, result.error));
        }}
      >
        {t["counters.pair"]}
      </Button>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {issued ? (
        <div role="status" className="rounded-md border border-brand-700 bg-white p-3">
          <p className="text-sm font-medium">{t["counters.pairCode"]}</p>
          <p className="font-mono text-3xl font-bold tracking-widest" data-testid="pairing-code">
            {issued.code}
          </p>
          <p className="text-sm text-slate-700">
            {fill(t["counters.pairInstructions"], {
              url: displayUrl,
              time: formatTime(issued.expiresAt),
            })}
          </p>
        </div>
      ) : null}
    </div>
  );
}
