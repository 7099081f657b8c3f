"use client";
// Settings → Events: the new-endpoint form (URL, description, the events it wants). Creating one
// asks for a step-up; the signing secret is shown once, right after.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { createEventEndpointAction } from "@/lib/actions/create-event-endpoint-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { type EventType, eventTypes } from "@/lib/vocabulary/event-types";

export function EventEndpointForm({ t }: { t: ClientMessages<"eventsUi"> }) {
  const router = useRouter();
  const { run, message, fieldErrors, pending, stepUpDialog } = useStepUpAction(t);
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [chosen, setChosen] = useState<EventType[]>(["charge.paid"]);
  const [secret, setSecret] = useState<string>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSecret(undefined);
    run(() => createEventEndpointAction({ url, description, eventTypes: chosen }), {
      success: t["events.create.created"],
      onSuccess: (data) => {
        setSecret(data.secret);
        setUrl("");
        setDescription("");
        router.refresh();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="create-title" className="space-y-4">
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {stepUpDialog}
      {secret ? (
        <div className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm">
          <p>{t["events.secret.once"]}</p>
          <code className="mt-1 block break-all font-mono" data-testid="new-endpoint-secret">
            {secret}
          </code>
        </div>
      ) : null}
      <TextField
        id="event-endpoint-url"
        type="url"
        label={t["events.create.url"]}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={fieldErrors.url?.[0]}
        autoComplete="off"
      />
      <TextField
        id="event-endpoint-description"
        label={t["events.create.description"]}
        value={description}
        maxLength={200}
        onChange={(event) => setDescription(event.target.value)}
        error={fieldErrors.description?.[0]}
        autoComplete="off"
      />
      <fieldset className="rounded-md border border-slate-300 p-3">
        <legend className="px-1 text-sm font-medium">{t["events.create.types"]}</legend>
        {fieldErrors.eventTypes?.[0] ? <p className="text-sm text-red-700">{fieldErrors.eventTypes[0]}</p> : null}
        <div className="grid gap-1 sm:grid-cols-2">
          {eventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 font-mono text-sm">
              <input
                type="checkbox"
                checked={chosen.includes(type)}
                onChange={(event) => setChosen(event.target.checked ? [...chosen, type] : chosen.filter((item) => item !== type))}
              />
              {type}
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
