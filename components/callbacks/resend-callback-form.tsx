"use client";
// The sandbox "Resend callback" button with an optional new URL (qa and admin only; the server
// action checks that again).
import { translatedResolver } from "@/lib/forms/form-feedback";
import { translateMessage } from "@/lib/i18n/message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AutoRefresh } from "@/components/shell/auto-refresh";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { resendCallbackAction } from "@/lib/actions/resend-callback-action";
import type { Messages } from "@/lib/i18n/messages";
import { resendCallbackSchema, type ResendCallbackInput } from "@/lib/schemas/resend-callback";

/** With `walletTransactionId` it resends that transaction's callback; without, it asks for the id. */
export function ResendCallbackForm({ walletTransactionId, t }: { walletTransactionId?: string; t: Messages }) {
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  const [resends, setResends] = useState(0);
  const { register, handleSubmit, formState, setError, getValues } = useForm<ResendCallbackInput>({
    resolver: translatedResolver(zodResolver(resendCallbackSchema), t),
    defaultValues: { walletTransactionId: walletTransactionId ?? "", newCallbackUrl: "" },
  });
  const onSubmit = handleSubmit(async () => {
    setMessage(undefined);
    const result = await resendCallbackAction(getValues());
    if (result.ok) {
      setMessage({ kind: "success", text: t["resend.done"] });
      setResends((count) => count + 1);
      return;
    }
    setMessage({ kind: "error", text: translateMessage(t, result.error) });
    for (const field of ["walletTransactionId", "newCallbackUrl"] as const) {
      if (result.fieldErrors?.[field]) setError(field, { message: translateMessage(t, result.fieldErrors[field][0]) });
    }
  });
  return (
    <section aria-labelledby="resend-heading" className="rounded-lg border border-amber-400 bg-amber-50 p-4">
      <h2 id="resend-heading" className="mb-3 text-lg font-semibold">
        {t["resend.title"]}
      </h2>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
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
        <Button type="submit" disabled={formState.isSubmitting}>
          {t["resend.submit"]}
        </Button>
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      </form>
      <AutoRefresh active={resends > 0} burstKey={resends} maxRefreshes={8} />
    </section>
  );
}
