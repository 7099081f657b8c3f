"use client";
// Settings → Events: the new-endpoint form (URL, description, the events it wants). Creating one
// asks for a step-up; the signing secret is shown once, right after.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { createEventEndpointAction } from "@/lib/actions/create-event-endpoint-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { eventTypeLabels } from "@/lib/vocabulary/code-labels";
import { type EventType, eventTypes } from "@/lib/vocabulary/event-types";
import { CopyButton } from "@/components/ui/copy-button";

export function EventEndpointForm({ t }: { t: ClientMessages<"eventsUi"> }) {
  const router = useRouter();
  const [secret, setSecret] = useState<string>();
  const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
    t,
    defaultValues: { url: "", description: "", eventTypes: ["charge.paid"] as EventType[] },
    action: (values) => {
      setSecret(undefined);
      return createEventEndpointAction(values);
    },
    success: t["events.create.created"],
    onSuccess: (data, values) => {
      setSecret(data.secret);
      form.reset({ ...values, url: "", description: "" });
      router.refresh();
    },
  });
  const { register, formState } = form;
  const errors = formState.errors;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="create-title" className="space-y-4">
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {stepUpDialog}
      {secret ? (
        <div className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm">
          <p>{t["events.secret.once"]}</p>
          <code className="mt-1 block break-all font-mono" data-testid="new-endpoint-secret">
            {secret}
          </code>
          <CopyButton text={secret} label={t["events.secret.copy"]} copiedMessage={t["ui.copied"]} failedMessage={t["ui.copyFailed"]} />
        </div>
      ) : null}
      <TextField
        id="event-endpoint-url"
        type="url"
        label={t["events.create.url"]}
        error={errors.url?.message}
        autoComplete="off"
        {...register("url")}
      />
      <TextField
        id="event-endpoint-description"
        label={t["events.create.description"]}
        maxLength={200}
        error={errors.description?.message}
        autoComplete="off"
        {...register("description")}
      />
      <fieldset className="rounded-md border border-slate-300 p-3">
        <legend className="px-1 text-sm font-medium">{t["events.create.types"]}</legend>
        {errors.eventTypes?.message ? <p className="text-sm text-red-700">{errors.eventTypes.message}</p> : null}
        <div className="grid gap-1 sm:grid-cols-2">
          {eventTypes.map((type) => (
            <label key={type} className="flex min-w-0 items-center gap-2 text-sm">
              <input type="checkbox" value={type} {...register("eventTypes")} />
              {t[eventTypeLabels[type]]}{" "}
              <code translate="no" className="font-mono text-xs break-all text-slate-600">
                {type}
              </code>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={pending}>
        {t["events.create.submit"]}
      </Button>
    </form>
  );
}
