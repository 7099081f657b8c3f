"use client";
// Adds a counter with the payer its quick charges send (validated with the server's schema).
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { createCounterAction } from "@/lib/actions/create-counter-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { formatDocumentAsTyped } from "@/lib/vocabulary/brazilian-documents";
import { type CounterFormInput, counterFormSchema } from "@/lib/schemas/counter";
import { StoreChoiceField } from "@/components/stores/store-choice-field";
import type { StoreChoice } from "@/lib/vocabulary/stores";

/** `stores`: those the operator may add a till to (issue #49), a choice only shown when there is more than one. */
export function CounterForm({ t, stores = [] }: { t: ClientMessages<"counterForm">; stores?: StoreChoice[] }) {
  const router = useRouter();
  const { form, formRef, onSubmit, pending, message } = useActionForm({
    t,
    stepUp: false,
    resolver: zodResolver(counterFormSchema),
    defaultValues: {
      name: "",
      defaultPayerName: "",
      defaultPayerEmail: "",
      defaultPayerDocument: "",
      storeId: stores[0]?.id ?? "",
    } as CounterFormInput,
    action: (values) => createCounterAction(values),
    success: t["counters.added"],
    onSuccess: () => {
      form.reset();
      router.refresh();
    },
  });
  const { register, formState } = form;
  const documentField = register("defaultPayerDocument");

  const errors = formState.errors;
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid max-w-3xl gap-4 md:grid-cols-2"
      aria-labelledby="add-counter-heading"
    >
      <div className="md:col-span-2">{message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}</div>
      <TextField id="counter-name" autoComplete="off" label={t["counters.name"]} error={errors.name?.message} {...register("name")} />
      <StoreChoiceField t={t} stores={stores} field={register("storeId")} error={errors.storeId?.message} />
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
        <Button type="submit" disabled={pending}>
          {t["counters.submit"]}
        </Button>
      </div>
    </form>
  );
}
