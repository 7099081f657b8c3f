"use client";
// Asks for a one-time pairing code for a counter (an in-place control: useStepUpAction, since
// pairing a display asks for a fresh second factor) and shows it in its panel, whose code is
// fetched by a bare import() when the button is pressed (as the phone menu's dialog is), so the
// page's first-load JS does not carry it.
import { useState } from "react";
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import type PairingCodePanelType from "@/components/counters/pairing-code-panel";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { createPairingCodeAction } from "@/lib/actions/create-pairing-code-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";

type PanelComponent = typeof PairingCodePanelType;
const loadPanel = () => import("@/components/counters/pairing-code-panel").then((module) => module.default);

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
  const { run, message, pending, stepUpDialog } = useStepUpAction(t);
  const [issued, setIssued] = useState<{ code: string; expiresAt: string; Panel: PanelComponent }>();
  return (
    <div className="space-y-2">
      {stepUpDialog}
      <Button
        type="button"
        variant="secondary"
        disabled={pending}
        aria-label={`${t["counters.pair"]}: ${counterName}`}
        onClick={() => {
          // Fetched while the action (and its step-up) runs.
          const panel = loadPanel();
          run(() => createPairingCodeAction({ counterId }), {
            success: "",
            onSuccess: async (code) => setIssued({ ...code, Panel: await panel }),
          });
        }}
      >
        {t["counters.pair"]}
      </Button>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {issued ? <issued.Panel code={issued.code} expiresAt={issued.expiresAt} displayUrl={displayUrl} t={t} /> : null}
    </div>
  );
}
