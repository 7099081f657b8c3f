"use client";
// Creates or edits a payment link (finance and admin), validated with the server's schema: name,
// description, a fixed amount or the payer's range, optional limit of paid charges and last day,
// each charge's expiry, optional return URL and the message shown while inactive.
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import type { ActionAnswer } from "@/lib/actions/operator-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { type PaymentLinkFormInput, paymentLinkExpiryPresets, paymentLinkFormSchema } from "@/lib/schemas/payment-link";

/**
 * `save` is the server action (create or update), chosen by the page and handed down as a prop (a
 * server action passed to a client component): the form runs it through useActionForm, the one way.
 */
export function PaymentLinkForm({
  t,
  initial,
  save,
  storeChoice,
}: {
  t: ClientMessages<"paymentLinkForm">;
  initial?: PaymentLinkFormInput;
  save: (values: PaymentLinkFormInput) => Promise<ActionAnswer<{ id: string }>>;
  /**
   * The store choice of a new link (issue #49; components/stores/store-choice-field.tsx), rendered by
   * the page: its select is read from the form when it is sent, so the form carries no code of its own
   * for it (the payment links pages are at their JS budget). A link keeps its store.
   */
  storeChoice?: ReactNode;
}) {
  const router = useRouter();
  const editing = Boolean(initial);
  const { form, formRef, onSubmit, pending, message } = useActionForm({
    t,
    stepUp: false,
    resolver: zodResolver(paymentLinkFormSchema),
    defaultValues:
      initial ??
      ({
        id: "",
        name: "",
        description: "",
        amountMode: "fixed",
        amount: "",
        minAmount: "",
        maxAmount: "",
        maxPaidCharges: "",
        endsOn: "",
        expiry: "30",
        returnUrl: "",
        inactiveMessage: "",
      } satisfies PaymentLinkFormInput),
    action: (values: PaymentLinkFormInput): Promise<ActionAnswer<{ id: string }>> =>
      save({ ...values, storeId: new FormData(formRef.current ?? undefined).get("storeId")?.toString() }),
    success: editing ? t["paymentLinks.form.saved"] : t["paymentLinks.form.created"],
    onSuccess: (data: { id: string }) => {
      if (editing) router.refresh();
      else router.push(`/payment-links/${data.id}`);
    },
  });
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const payerChooses = watch("amountMode") === "payer";
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-4 md:grid-cols-2" data-testid="payment-link-editor">
      <div className="md:col-span-2">{message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}</div>
      {editing ? null : storeChoice}
      <TextField
        id="link-name"
        autoComplete="off"
        label={t["paymentLinks.form.name"]}
        hint={t["paymentLinks.form.nameHint"]}
        maxLength={80}
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        id="link-description"
        autoComplete="off"
        label={t["paymentLinks.form.description"]}
        maxLength={140}
        error={errors.description?.message}
        {...register("description")}
      />
      <fieldset className="flex flex-wrap gap-4 md:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t["paymentLinks.form.amountMode"]}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" value="fixed" {...register("amountMode")} />
          {t["paymentLinks.form.amountFixed"]}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="payer" {...register("amountMode")} />
          {t["paymentLinks.form.amountPayer"]}
        </label>
      </fieldset>
      {payerChooses ? (
        <>
          <TextField
            id="link-min-amount"
            inputMode="decimal"
            label={t["paymentLinks.form.minAmount"]}
            error={errors.minAmount?.message}
            {...register("minAmount")}
          />
          <TextField
            id="link-max-amount"
            inputMode="decimal"
            label={t["paymentLinks.form.maxAmount"]}
            error={errors.maxAmount?.message}
            {...register("maxAmount")}
          />
        </>
      ) : (
        <TextField
          id="link-amount"
          inputMode="decimal"
          label={t["paymentLinks.form.amount"]}
          error={errors.amount?.message}
          {...register("amount")}
        />
      )}
      <TextField
        id="link-max-paid"
        inputMode="numeric"
        label={t["paymentLinks.form.maxPaidCharges"]}
        error={errors.maxPaidCharges?.message}
        {...register("maxPaidCharges")}
      />
      <TextField
        id="link-ends-on"
        type="date"
        label={t["paymentLinks.form.endsOn"]}
        error={errors.endsOn?.message}
        {...register("endsOn")}
      />
      <div>
        <label htmlFor="link-expiry" className="block text-sm font-medium text-slate-800">
          {t["paymentLinks.form.expiry"]}
        </label>
        <select id="link-expiry" className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2" {...register("expiry")}>
          {paymentLinkExpiryPresets.map((minutes) => (
            <option key={minutes} value={minutes}>
              {fill(t["paymentLinks.form.expiryMinutes"], { minutes })}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id="link-return-url"
        type="url"
        autoComplete="off"
        label={t["paymentLinks.form.returnUrl"]}
        error={errors.returnUrl?.message}
        {...register("returnUrl")}
      />
      <TextField
        id="link-inactive-message"
        autoComplete="off"
        className="md:col-span-2"
        maxLength={200}
        label={t["paymentLinks.form.inactiveMessage"]}
        error={errors.inactiveMessage?.message}
        {...register("inactiveMessage")}
      />
      <div className="md:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? t["paymentLinks.form.saving"] : editing ? t["paymentLinks.form.save"] : t["paymentLinks.form.create"]}
        </Button>
      </div>
    </form>
  );
}
