"use client";
// Adds a counter with the payer its quick charges send (validated with the server's schema).
import { feedbackFormOptions, setActionFieldErrors, translatedResolver } from "@/lib/forms/form-feedback";
import { translateMessage } from "@/lib/i18n/message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { createCounterAction } from "@/lib/actions/create-counter-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { formatDocumentAsTyped } from "@/lib/schemas/brazilian-documents";
import { counterFormSchema, type CounterFormInput } from "@/lib/schemas/counter";

export function CounterForm({ t }: { t: ClientMessages<"counterForm"> }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  const { register, handleSubmit, formState, setError, reset } = useForm<CounterFormInput>({
    ...feedbackFormOptions,
    resolver: translatedResolver(zodResolver(counterFormSchema), t),
    defaultValues: { name: "", defaultPayerName: "", defaultPayerEmail: "", defaultPayerDocument: "" },
  });
  const documentField = register("defaultPayerDocument");

  const onSubmit = handleSubmit(async (values) => {
    setMessage(undefined);
    const result = await createCounterAction(values);
    if (result.ok) {
      reset();
      setMessage({ kind: "success", text: t["counters.added"] });
      router.refresh();
      return;
    }
    setMessage({ kind: "error", text: translateMessage(t, result.error) });
    setActionFieldErrors(setError, result.fieldErrors, t);
  });

  const errors = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-4 md:grid-cols-2" aria-labelledby="add-counter-heading">
      <div className="md:col-span-2">{message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}</div>
      <TextField id="counter-name" autoComplete="off" label={t["counters.name"]} error={errors.name?.message} {...register("name")} />
      <fieldset className="grid gap-4 rounded-lg border border-slate-300 p-4 md:col-span-2 md:grid-cols-2">
        <legend className="px-1 font-semibold">{t["counters.defaultPayer"]}</legend>
        <p className="text-sm text-slate-700 md:col-span-2">{t["counters.defaultPayerHint"]}</p>
        <TextField
          id="counter-payer-name"
          autoComplete="off"
          label={t["counters.payerName"]}
          error={errors.defaultPayerName?.message}
          {...register("defaultPayerName")}
        />
        <TextField
          id="counter-payer-email"
          type="email"
          autoComplete="off"
          label={t["counters.payerEmail"]}
          error={errors.defaultPayerEmail?.message}
          {...register("defaultPayerEmail")}
        />
        <TextField
          id="counter-payer-document"
          autoComplete="off"
          label={t["counters.payerDocument"]}
          error={errors.defaultPayerDocument?.message}
          {...documentField}
          onChange={(event) => {
            event.target.value = formatDocumentAsTyped(event.target.value);
            return documentField.onChange(event);
          }}
        />
      </fieldset>
      <div className="md:col-span-2">
        <Button type="submit" disabled={formState.isSubmitting}>
          {t["counters.submit"]}
        </Button>
      </div>
    </form>
  );
}
