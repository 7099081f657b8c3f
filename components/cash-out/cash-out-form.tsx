"use client";
// The cash-out form: validated in the browser with the schema the server action uses, then a
// review of exactly what will be sent, then one call of the action per form (its idempotency key).
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import type { ReviewPhase } from "@/components/cash-out/cash-out-review";
import { FormErrorSummary, problemsOf } from "@/components/cash-out/form-error-summary";
import { MetadataRowsField } from "@/components/cash-out/metadata-rows-field";
import { PixKeyFields } from "@/components/cash-out/pix-key-fields";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { StoreChoiceField } from "@/components/stores/store-choice-field";
import { useLoadOnFirstInteraction } from "@/components/ui/use-load-on-first-interaction";
import { loadStepUpDialog } from "@/components/auth/step-up-dialog";
import { freshIdempotencyKey, isIdempotencyKeySpent, markIdempotencyKeySpent } from "@/components/forms/idempotency-keys";
import { useActionForm } from "@/components/forms/use-action-form";
import { createCashOutAction } from "@/lib/actions/create-cash-out-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { Locale } from "@/lib/i18n/messages";
import { resolverLoadedOnUse } from "@/lib/forms/form-feedback";
import type { CashOutFormInput, CashOutFormOutput } from "@/lib/schemas/cash-out";
import type { StoreChoice } from "@/lib/vocabulary/stores";

// The review is only needed once the form is submitted: it loads when the operator starts on the
// form (first press, key or focus), not with the page's JS or right after it (as the cash-in result
// view does; issue #32); the module system keeps the one copy, so asking again is free.
const loadReview = () => import("@/components/cash-out/cash-out-review").then((module) => module.CashOutReview);
type ReviewView = Awaited<ReturnType<typeof loadReview>>;
// The schema (with zod and the PIX key and document checks, ~20 KiB gzip) likewise: the fields are
// first checked when one is left, after the operator has started; a check before it has loaded waits for it.
const loadValidation = () =>
  Promise.all([import("@hookform/resolvers/zod"), import("@/lib/schemas/cash-out")]).then(([{ zodResolver }, { cashOutFormSchema }]) =>
    zodResolver(cashOutFormSchema),
  );
const resolver = resolverLoadedOnUse<CashOutFormInput, unknown, CashOutFormOutput>(loadValidation);
const loadOnFirstInteraction = () => Promise.all([loadValidation(), loadReview(), loadStepUpDialog()]);

/** What the review shows and what confirm sends: the same values, frozen at submit time. */
type Review = { sent: CashOutFormInput; parsed: CashOutFormOutput; phase: ReviewPhase; error?: string; View: ReviewView };

export function CashOutForm({
  t,
  locale,
  idempotencyKey,
  stores = [],
}: {
  t: ClientMessages<"cashOutForm">;
  locale: Locale;
  idempotencyKey: string;
  /** The stores the cash-out may be sent for (issue #49): a choice only shown when there is more than one. */
  stores?: StoreChoice[];
}) {
  const router = useRouter();
  const [review, setReview] = useState<Review>();
  const [showSummary, setShowSummary] = useState(false);
  // A ref, not state: a second click in the same tick must see the first one already.
  const sending = useRef(false);
  // Submitting shows the review; confirming sends (`send`: step-up and retry, the server's field
  // errors back on the fields); the phases after that are this form's own.
  const { form, formRef, onInvalid, send, stepUpDialog } = useActionForm({
    t,
    resolver,
    // No key type is chosen yet: the schema's input type has no empty one.
    defaultValues: {
      // Back may bring this page, key included, from the router's cache after a cash-out was sent
      // with it: a new cash-out from it needs a new key (components/forms/idempotency-keys.ts). The
      // page's first render (server and hydration) always has a fresh one.
      idempotencyKey: isIdempotencyKeySpent(idempotencyKey) ? freshIdempotencyKey() : idempotencyKey,
      amount: "",
      pixKey: { key: "" } as CashOutFormInput["pixKey"],
      metadata: [],
      externalReference: "",
      storeId: stores[0]?.id ?? "",
    } as CashOutFormInput,
    action: (values) => createCashOutAction(values),
  });
  const { register, handleSubmit, formState } = form;
  // The checks, the review and the step-up prompt that sending always asks for, ahead of the operator's submit.
  useLoadOnFirstInteraction(loadOnFirstInteraction);

  const onSubmit = handleSubmit(
    async (parsed) => {
      const sent = structuredClone(form.getValues());
      const View = await loadReview();
      setShowSummary(false);
      setReview({ sent, parsed, phase: "review", View });
    },
    (invalid) => {
      setShowSummary(true);
      onInvalid(invalid);
    },
  );

  async function confirm() {
    if (!review || sending.current) return;
    sending.current = true;
    setReview({ ...review, phase: "sending", error: undefined });
    let result: Awaited<ReturnType<typeof createCashOutAction>> | undefined;
    try {
      // Confirming sends money: the server asks for a fresh step-up; the dialog asks, then it runs again.
      result = await send(review.sent);
    } catch {
      // The request may or may not have reached the server; the same key makes a retry safe.
      sending.current = false;
      setReview({ ...review, phase: "review", error: t["cashOut.review.unreachable"] });
      return;
    }
    if (!result) return; // never: without `unreachable`, send throws instead
    if (result.ok) {
      // Sent at once, or saved for a second operator's approval (nothing sent yet).
      markIdempotencyKeySpent(review.sent.idempotencyKey);
      router.push(result.data.requestId ? `/approvals/${result.data.requestId}` : `/cash-out/${result.data.transactionId}`);
      return; // stays "sending" until the result page replaces this one
    }
    if (result.code === "INVALID_INPUT") {
      // Nothing was recorded: back to the fields, each with the server's message (send put them there).
      sending.current = false;
      setReview(undefined);
      setShowSummary(true);
      return;
    }
    if (result.code === "FAILED") {
      // The wallet refused it, its outcome is unknown, or it is still being sent: this form's key
      // is spent, and sending it again would only repeat that answer.
      setReview({ ...review, phase: "spent", error: result.message });
      return;
    }
    sending.current = false;
    setReview({ ...review, phase: "review", error: result.message });
  }

  if (review) {
    return (
      <review.View
        cashOut={review.parsed}
        phase={review.phase}
        error={review.error}
        t={t}
        locale={locale}
        onConfirm={confirm}
        stepUpDialog={stepUpDialog}
        storeName={stores.length > 1 ? stores.find((store) => store.id === review.parsed.storeId)?.name : undefined}
        onBack={() => {
          setReview(undefined);
          // After the fields are back on screen.
          setTimeout(() => form.setFocus("amount"));
        }}
      />
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6" aria-label={t["cashOut.form.label"]}>
      {showSummary ? <FormErrorSummary title={t["cashOut.form.errorSummary"]} problems={problemsOf(formState.errors)} /> : null}
      <input type="hidden" {...register("idempotencyKey")} />
      <StoreChoiceField t={t} stores={stores} field={register("storeId")} error={formState.errors.storeId?.message} />
      <TextField
        id="amount"
        inputMode="decimal"
        autoComplete="off"
        label={t["cashOut.form.amount"]}
        hint={t["cashOut.form.amountHint"]}
        error={formState.errors.amount?.message}
        {...register("amount")}
      />
      <PixKeyFields form={form} t={t} locale={locale} />
      <MetadataRowsField form={form} t={t} />
      <TextField
        id="externalReference"
        autoComplete="off"
        label={t["cashOut.form.externalReference"]}
        error={formState.errors.externalReference?.message}
        {...register("externalReference")}
      />
      <p className="text-sm text-slate-700">{t["cashOut.form.callbackNote"]}</p>
      <Button type="submit">{t["cashOut.form.review"]}</Button>
    </form>
  );
}
