"use client";
// The till's quick charge: a counter and an amount; the charge goes up on that counter's displays.
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { freshIdempotencyKey, isIdempotencyKeySpent, markIdempotencyKeySpent } from "@/components/forms/idempotency-keys";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { createQuickChargeAction } from "@/lib/actions/create-quick-charge-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { type QuickChargeInput, quickChargeSchema } from "@/lib/schemas/quick-charge";

type Props = {
  t: ClientMessages<"quickChargeForm">;
  idempotencyKey: string;
  counters: Array<{ id: string; name: string }>;
  preferredCounterId: string | null;
};

export function QuickChargeForm({ t, idempotencyKey, counters, preferredCounterId }: Props) {
  const router = useRouter();
  const { form, formRef, onSubmit, pending, message } = useActionForm({
    t,
    stepUp: false,
    resolver: zodResolver(quickChargeSchema),
    defaultValues: {
      idempotencyKey,
      counterId: counters.find((counter) => counter.id === preferredCounterId)?.id ?? counters[0]?.id ?? "",
      amount: "",
    } as QuickChargeInput,
    action: (values) => createQuickChargeAction(values),
    onSuccess: (created, values) => {
      markIdempotencyKeySpent(values.idempotencyKey);
      router.push(`/cash-in/${created.transactionId}`);
    },
  });
  const { register, formState, getValues, setValue } = form;
  // Back to this page from the charge: the router's copy has the spent key (idempotency-keys.ts).
  useEffect(() => {
    if (isIdempotencyKeySpent(getValues("idempotencyKey"))) setValue("idempotencyKey", freshIdempotencyKey());
  }, [getValues, setValue]);
  const errors = formState.errors;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="max-w-md space-y-5" aria-label={t["quickCharge.title"]}>
      <FormMessage kind="error">{message?.text}</FormMessage>
      <input type="hidden" {...register("idempotencyKey")} />
      <div>
        <label htmlFor="quick-counter" className="block text-sm font-medium text-slate-800">
          {t["quickCharge.counter"]}
        </label>
        <select
          id="quick-counter"
          className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2"
          {...register("counterId")}
        >
          {counters.map((counter) => (
            <option key={counter.id} value={counter.id}>
              {counter.name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id="quick-amount"
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        label={t["cashIn.form.amount"]}
        hint={t["cashIn.form.amountHint"]}
        error={errors.amount?.message}
        className="text-2xl"
        {...register("amount")}
      />
      <Button type="submit" disabled={pending} className="w-full py-3 text-lg">
        {formState.isSubmitting ? t["quickCharge.submitting"] : t["quickCharge.submit"]}
      </Button>
    </form>
  );
}
