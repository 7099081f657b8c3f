"use client";
// The alert channels form: e-mail recipients and a webhook URL, each switched on or off. A new
// signing secret is shown once, right after it is created.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { updateAlertChannelsAction } from "@/lib/actions/update-alert-channels-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";

type Props = {
  email: { enabled: boolean; target: string };
  webhook: { enabled: boolean; target: string; maskedSecret: string | null };
  smtpConfigured: boolean;
  t: ClientMessages<"alertChannelsForm">;
};

export function AlertChannelsForm({ email, webhook, smtpConfigured, t }: Props) {
  const router = useRouter();
  const [newSecret, setNewSecret] = useState<string>();
  // Changing these settings asks for a fresh second factor (lib/auth/step-up.ts).
  const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
    t,
    defaultValues: {
      emailEnabled: email.enabled,
      emailRecipients: email.target,
      webhookEnabled: webhook.enabled,
      webhookUrl: webhook.target,
      rotateSecret: false,
    },
    action: (values) => {
      setNewSecret(undefined);
      return updateAlertChannelsAction(values);
    },
    success: t["alertSettings.channels.saved"],
    onSuccess: (data, values) => {
      form.reset({ ...values, rotateSecret: false });
      setNewSecret(data.newSigningSecret);
      router.refresh();
    },
  });
  const { register, formState } = form;
  const errors = formState.errors;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="channels-title" className="space-y-4">
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {stepUpDialog}
      {newSecret ? (
        <div className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm">
          <p>{t["alertSettings.channels.newSecret"]}</p>
          <code className="mt-1 block break-all font-mono" data-testid="new-signing-secret">
            {newSecret}
          </code>
        </div>
      ) : null}
      <fieldset className="space-y-2 rounded-md border border-slate-300 p-3">
        <legend className="px-1 font-medium">{t["alertSettings.channel.email"]}</legend>
        <p className="text-sm text-slate-700">
          {smtpConfigured ? t["alertSettings.channels.smtpConfigured"] : t["alertSettings.channels.smtpMissing"]}
        </p>
        <label className="flex items-center gap-2">
          <input type="checkbox" {...register("emailEnabled")} />
          {t["alertSettings.channels.emailEnabled"]}
        </label>
        <TextField
          id="alert-email-recipients"
          label={t["alertSettings.channels.emailTo"]}
          error={errors.emailRecipients?.message}
          autoComplete="off"
          {...register("emailRecipients")}
        />
      </fieldset>
      <fieldset className="space-y-2 rounded-md border border-slate-300 p-3">
        <legend className="px-1 font-medium">{t["alertSettings.channel.webhook"]}</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" {...register("webhookEnabled")} />
          {t["alertSettings.channels.webhookEnabled"]}
        </label>
        <TextField
          id="alert-webhook-url"
          type="url"
          label={t["alertSettings.channels.webhookUrl"]}
          error={errors.webhookUrl?.message}
          autoComplete="off"
          {...register("webhookUrl")}
        />
        <p className="text-sm text-slate-700" data-testid="masked-secret">
          {webhook.maskedSecret
            ? fill(t["alertSettings.channels.secret"], { secret: webhook.maskedSecret })
            : t["alertSettings.channels.noSecret"]}
        </p>
        <label className="flex items-center gap-2">
          <input type="checkbox" {...register("rotateSecret")} />
          {t["alertSettings.channels.rotate"]}
        </label>
      </fieldset>
      <Button type="submit" disabled={pending}>
        {t["alertSettings.channels.save"]}
      </Button>
    </form>
  );
}
