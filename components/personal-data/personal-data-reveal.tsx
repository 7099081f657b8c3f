"use client";
// A detail page's personal line (payer or PIX key), masked as the page rendered it; for finance and
// admin a "Show in full" button asks the server for it (each time audited: revealPersonalDataAction).
import { useState } from "react";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { revealPersonalDataAction } from "@/lib/actions/reveal-personal-data-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";

export function PersonalDataReveal({
  transactionId,
  masked,
  canReveal,
  t,
}: {
  transactionId: string;
  masked: string;
  canReveal: boolean;
  t: ClientMessages<"personalDataReveal">;
}) {
  const [full, setFull] = useState<string>();
  const { run, pending, message } = useActionMutation({ t, stepUp: false });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span data-testid="personal-data" data-masked={full === undefined ? "true" : "false"}>
        {full ?? masked}
      </span>
      {canReveal && full === undefined && masked ? (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={pending}
          onClick={() => run(() => revealPersonalDataAction({ transactionId }), { onSuccess: (data) => setFull(data.text) })}
        >
          {t["personalData.show"]}
        </Button>
      ) : null}
      {full !== undefined ? (
        <span role="status" className="text-sm text-slate-600">
          {t["personalData.shown"]}
        </span>
      ) : null}
      {message ? <FormMessage kind="error">{message.text}</FormMessage> : null}
    </span>
  );
}
