"use client";
// The cash-in form: validated in the browser with the same schema the server action uses, so
// every field shows its own message before anything is sent.
import { zodResolver } from "@hookform/resolvers/zod";
import { usePathname, useRouter } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { useFieldArray } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { freshIdempotencyKey, isIdempotencyKeySpent, markIdempotencyKeySpent } from "@/components/forms/idempotency-keys";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { StoreChoiceField } from "@/components/stores/store-choice-field";
import { useLoadOnFirstInteraction } from "@/components/ui/use-load-on-first-interaction";
import { createCashInAction } from "@/lib/actions/create-cash-in-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { StoreChoice } from "@/lib/vocabulary/stores";
import { plural } from "@/lib/i18n/plural";
import { formatDocumentAsTyped } from "@/lib/vocabulary/brazilian-documents";
import { parseReaisToCents } from "@/lib/schemas/money";
import { cashInResultTitle, pageTitle } from "@/lib/page-title";
import type { CashInResultModel } from "@/lib/cash-in/cash-in-result-model";
import { nightLimitMayRefuse } from "@/lib/cash-in/night-limit";
import {
  cashInFormSchema,
  defaultExpiryMinutes,
  expiryPresetMinutes,
  maxCustomExpiryMinutes,
  maxDescriptionLength,
  type CashInFormInput,
} from "@/lib/schemas/cash-in";

/** A counter the charge may go up on: only the chosen store's are offered (issue #49). */
type CounterChoice = { id: string; name: string; storeId: string };

// The result view (QR code, live status, payer link, QA buttons) is only needed once a charge is
// created: it loads when the operator starts on the form (first press, key or focus), rather than
// with the page's JS or right after it (issue #32: Chromium fetched it on every visit, over the
// budget as loaded); the module system keeps the one copy, so asking again is free.
const loadResultView = () => import("@/components/cash-in/cash-in-result");

type ResultView = typeof import("@/components/cash-in/cash-in-result").CashInResult;

/** The form's own path; a charge it created is shown at `${formPath}/<id>`. */
const formPath = "/cash-in";
const resultPath = /^\/cash-in\/[0-9a-f-]{36}$/;

export function CashInForm({
  t,
  header,
  idempotencyKey,
  counters = [],
  preferredCounterId = null,
  stores = [],
}: {
  t: ClientMessages<"cashInForm">;
  /** The page's heading, replaced with the charge's own when it is created. */
  header: ReactNode;
  idempotencyKey: string;
  counters?: CounterChoice[];
  preferredCounterId?: string | null;
  /** The stores a charge may be made for (issue #49): a choice only shown when there is more than one; the first is preselected. */
  stores?: StoreChoice[];
}) {
  const router = useRouter();
  const pathname = usePathname();
  // Once created, the button stays disabled while the result replaces the form.
  const [created, setCreated] = useState(false);
  // The charge this form created, shown in its place at its own URL (pushed to the history, so
  // Back returns to the form and Forward to the charge); a reload fetches the real result page.
  const [shown, setShown] = useState<{ charge: CashInResultModel; View: ResultView }>();
  // Whether the history is at that charge's entry: set when it is pushed, then by Back and Forward.
  const [atResult, setAtResult] = useState(false);
  const showing = shown !== undefined && atResult;
  // Focus moves to the charge's heading when it replaces the form (a stable callback: called once per mount).
  const focusResultHeading = useCallback((heading: HTMLHeadingElement | null) => heading?.focus(), []);
  const {
    form,
    formRef,
    onSubmit,
    pending: sending,
    message,
  } = useActionForm({
    t,
    stepUp: false,
    resolver: zodResolver(cashInFormSchema),
    defaultValues: {
      idempotencyKey,
      amount: "",
      payerName: "",
      payerEmail: "",
      payerDocument: "",
      payerPhone: "",
      invoiceDescription: "",
      expiry: String(defaultExpiryMinutes) as CashInFormInput["expiry"],
      customExpiryMinutes: "",
      metadata: [],
      externalReference: "",
      customCallbackUrl: "",
      showOnCounterId: counters.some((counter) => counter.id === preferredCounterId && (!stores[0] || counter.storeId === stores[0].id))
        ? (preferredCounterId ?? "")
        : "",
      storeId: stores[0]?.id ?? "",
    } as CashInFormInput,
    action: (values) => createCashInAction(values),
    onSuccess: async (created, values) => {
      markIdempotencyKeySpent(values.idempotencyKey);
      const { CashInResult } = await loadResultView();
      // Shown now, not in a later task: this is what the operator is waiting for.
      flushSync(() => {
        setCreated(true);
        setShown({ charge: created.charge, View: CashInResult });
        setAtResult(true);
      });
      // The address follows once the charge is painted: Next's router follows pushState (usePathname()
      // gives the new path, Back pops to the form), and that takes the main thread for 2–14 ms.
      const pushChargeUrl = () => window.history.pushState(null, "", `${formPath}/${created.charge.id}`);
      if (document.hidden) pushChargeUrl();
      else requestAnimationFrame(() => setTimeout(pushChargeUrl, 0));
    },
    onFailure: () => formRef.current?.querySelector("[role=alert]")?.scrollIntoView?.({ block: "center" }),
  });
  const { register, formState, watch, setValue, getValues } = form;
  useEffect(() => {
    if (showing || !isIdempotencyKeySpent(getValues("idempotencyKey"))) return;
    setValue("idempotencyKey", freshIdempotencyKey());
    setCreated(false);
  }, [showing, getValues, setValue]);
  useLoadOnFirstInteraction(loadResultView);
  useEffect(() => {
    if (!shown) return;
    const followHistory = () => setAtResult(window.location.pathname === `${formPath}/${shown.charge.id}`);
    window.addEventListener("popstate", followHistory);
    return () => window.removeEventListener("popstate", followHistory);
  }, [shown]);
  // The result in place of the form: its title and the top of the page; the
  // form's title again when Back brings the form back.
  useEffect(() => {
    if (!showing) return;
    const formTitle = document.title;
    document.title = pageTitle(cashInResultTitle);
    window.scrollTo(0, 0);
    return () => {
      document.title = formTitle;
    };
  }, [showing]);
  // History brought a charge's URL back to a new copy of this form (it never showed that charge):
  // fetch the charge's own page.
  useEffect(() => {
    if (!showing && resultPath.test(pathname)) router.replace(pathname);
  }, [showing, pathname, router]);
  const metadataRows = useFieldArray({ control: form.control, name: "metadata" });
  const errors = formState.errors;
  const expiry = watch("expiry");
  // The chosen store's counters (none chosen: a merchant with one store, whose counters are all its own).
  const chosenStoreId = watch("storeId");
  const storeCounters = chosenStoreId ? counters.filter((counter) => counter.storeId === chosenStoreId) : counters;
  const shownCounterId = watch("showOnCounterId");
  // Another store chosen: a counter of the last one is no longer a choice (the action would refuse it).
  useEffect(() => {
    const shown = counters.find((counter) => counter.id === shownCounterId);
    if (shown && chosenStoreId && shown.storeId !== chosenStoreId) setValue("showOnCounterId", "");
  }, [shownCounterId, chosenStoreId, counters, setValue]);
  const amountTyped = parseReaisToCents(watch("amount") ?? "");
  const showNightLimitHint = nightLimitMayRefuse(watch("payerDocument") ?? "", amountTyped.ok ? amountTyped.cents : null, new Date());

  const expiryLabel = (minutes: number) =>
    minutes >= 60 ? plural(t, "cashIn.form.hours", minutes / 60) : plural(t, "cashIn.form.minutes", minutes);
  const description = watch("invoiceDescription") ?? "";
  const documentField = register("payerDocument");

  if (showing) return <shown.View charge={shown.charge} t={t} headingRef={focusResultHeading} />;

  return (
    <>
      {header}
      <form ref={formRef} onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6" aria-label={t["cashIn.title"]}>
        <FormMessage kind="error">{message?.text}</FormMessage>
        <input type="hidden" {...register("idempotencyKey")} />
        <TextField
          id="amount"
          inputMode="decimal"
          autoComplete="off"
          label={t["cashIn.form.amount"]}
          hint={t["cashIn.form.amountHint"]}
          error={errors.amount?.message}
          {...register("amount")}
        />

        <fieldset className="grid gap-4 rounded-lg border border-slate-300 p-4 md:grid-cols-2">
          <legend className="px-1 font-semibold">{t["cashIn.form.payer"]}</legend>
          <TextField
            id="payerName"
            autoComplete="off"
            label={t["cashIn.form.payerName"]}
            error={errors.payerName?.message}
            {...register("payerName")}
          />
          <TextField
            id="payerEmail"
            type="email"
            autoComplete="off"
            label={t["cashIn.form.payerEmail"]}
            error={errors.payerEmail?.message}
            {...register("payerEmail")}
          />
          <TextField
            id="payerDocument"
            autoComplete="off"
            label={t["cashIn.form.payerDocument"]}
            error={errors.payerDocument?.message}
            {...documentField}
            onChange={(event) => {
              event.target.value = formatDocumentAsTyped(event.target.value);
              return documentField.onChange(event);
            }}
          />
          <TextField
            id="payerPhone"
            type="tel"
            autoComplete="off"
            label={t["cashIn.form.payerPhone"]}
            hint={t["cashIn.form.payerPhoneHint"]}
            error={errors.payerPhone?.message}
            {...register("payerPhone")}
          />
        </fieldset>
        {showNightLimitHint ? (
          <p className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950" role="status">
            {t["cashIn.form.nightLimitHint"]}
          </p>
        ) : null}

        <TextField
          id="invoiceDescription"
          autoComplete="off"
          label={t["cashIn.form.description"]}
          maxLength={maxDescriptionLength}
          count={fill(t["form.characterCount"], { n: description.length, max: maxDescriptionLength })}
          error={errors.invoiceDescription?.message}
          {...register("invoiceDescription")}
        />

        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <label htmlFor="expiry" className="block text-sm font-medium text-slate-800">
              {t["cashIn.form.expiry"]}
            </label>
            <select id="expiry" className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2" {...register("expiry")}>
              {expiryPresetMinutes.map((minutes) => (
                <option key={minutes} value={String(minutes)}>
                  {expiryLabel(minutes)}
                </option>
              ))}
              <option value="custom">{t["cashIn.form.expiryCustom"]}</option>
            </select>
          </div>
          {expiry === "custom" ? (
            <TextField
              id="customExpiryMinutes"
              inputMode="numeric"
              min={1}
              max={maxCustomExpiryMinutes}
              label={t["cashIn.form.customExpiry"]}
              error={errors.customExpiryMinutes?.message}
              {...register("customExpiryMinutes")}
            />
          ) : null}
        </div>

        <fieldset className="rounded-lg border border-slate-300 p-4">
          <legend className="px-1 font-semibold">{t["cashIn.form.metadata"]}</legend>
          <ul className="space-y-3">
            {metadataRows.fields.map((row, index) => (
              <li key={row.id} className="grid items-start gap-3 md:grid-cols-[1fr_1fr_auto]">
                <TextField
                  id={`metadata-${index}-key`}
                  autoComplete="off"
                  label={`${t["cashIn.form.metadataKey"]} ${index + 1}`}
                  error={errors.metadata?.[index]?.key?.message}
                  {...register(`metadata.${index}.key`)}
                />
                <TextField
                  id={`metadata-${index}-value`}
                  autoComplete="off"
                  label={`${t["cashIn.form.metadataValue"]} ${index + 1}`}
                  error={errors.metadata?.[index]?.value?.message}
                  {...register(`metadata.${index}.value`)}
                />
                <Button type="button" variant="secondary" className="md:mt-6" onClick={() => metadataRows.remove(index)}>
                  {fill(t["cashIn.form.removeMetadata"], { n: index + 1 })}
                </Button>
              </li>
            ))}
          </ul>
          {errors.metadata?.message ? <p className="mt-2 text-sm text-red-800">{errors.metadata.message}</p> : null}
          <Button type="button" variant="secondary" className="mt-3" onClick={() => metadataRows.append({ key: "", value: "" })}>
            {t["cashIn.form.addMetadata"]}
          </Button>
        </fieldset>

        <TextField
          id="externalReference"
          autoComplete="off"
          label={t["cashIn.form.externalReference"]}
          error={errors.externalReference?.message}
          {...register("externalReference")}
        />

        <details className="rounded-lg border border-slate-300 p-4">
          <summary className="cursor-pointer font-semibold">{t["cashIn.form.advanced"]}</summary>
          <p className="my-3 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950">{t["cashIn.form.callbackWarning"]}</p>
          <TextField
            id="customCallbackUrl"
            type="url"
            autoComplete="off"
            label={t["cashIn.form.callbackUrl"]}
            error={errors.customCallbackUrl?.message}
            {...register("customCallbackUrl")}
          />
        </details>

        <StoreChoiceField t={t} stores={stores} field={register("storeId")} error={errors.storeId?.message} />

        {storeCounters.length ? (
          <div className="max-w-sm">
            <label htmlFor="showOnCounterId" className="block text-sm font-medium text-slate-800">
              {t["cashIn.form.showOnCounter"]}
            </label>
            <select
              id="showOnCounterId"
              className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2"
              {...register("showOnCounterId")}
            >
              <option value="">{t["cashIn.form.showOnCounterNone"]}</option>
              {storeCounters.map((counter) => (
                <option key={counter.id} value={counter.id}>
                  {counter.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}

        <Button type="submit" disabled={sending || created}>
          {sending || created ? t["cashIn.form.submitting"] : t["cashIn.form.submit"]}
        </Button>
      </form>
    </>
  );
}
