"use client";
// The opening balance on the Statements page (admins): one amount in reais, set once through the
// audited action (checked in the browser with the action's own schema first); afterwards the page
// shows who set it and when instead of this form.
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { setOpeningBalanceAction } from "@/lib/actions/set-opening-balance-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { openingBalanceSchema } from "@/lib/schemas/opening-balance";

export function OpeningBalanceForm({ t }: { t: ClientMessages<"openingBalanceForm"> }) {
  const router = useRouter();
  const id = useId();
  const { form, formRef, onSubmit, pending, message } = useActionForm({
    t,
    stepUp: false,
    resolver: zodResolver(openingBalanceSchema),
    defaultValues: { amount: "" },
    action: (values) => setOpeningBalanceAction(values),
    success: t["statements.openingBalance.saved"],
    onSuccess: () => router.refresh(),
  });
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="max-w-3xl space-y-3 rounded-lg border border-slate-300 bg-white p-4"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t["statements.openingBalance.heading"]}
      </h2>
      <p className="text-sm text-slate-700">{t["statements.openingBalance.intro"]}</p>
      <TextField
        id={`${id}-amount`}
        inputMode="decimal"
        autoComplete="off"
        className="max-w-xs"
        label={t["statements.openingBalance.amount"]}
        error={form.formState.errors.amount?.message}
        data-testid="opening-balance-amount"
        {...form.register("amount")}
      />
      <Button type="submit" disabled={pending}>
        {t["statements.openingBalance.save"]}
      </Button>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </form>
  );
}
