"use client";
// A person's request from search to done: find what is held about one CPF/CNPJ, e-mail or phone
// (listed masked), download it in full (JSON or CSV, an audited POST so the identifier never sits
// in a URL), or erase it with a reason and the request's reference (a fresh second factor first).
import { useState } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { InlineStatus } from "@/components/ui/inline-status";
import { TextField } from "@/components/ui/text-field";
import { erasePersonalDataAction } from "@/lib/actions/erase-personal-data-action";
import { findPersonalDataAction, type PersonSummary } from "@/lib/actions/find-personal-data-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { formatBRL, formatDateTime } from "@/lib/format";
import { transactionKindLabels, transactionStateLabels } from "@/lib/vocabulary/code-labels";

export function PersonRequestsPanel({
  t,
  locale,
  initialSubject,
}: {
  t: ClientMessages<"personRequestsPanel">;
  locale: string;
  /** A customer's CPF/CNPJ when the request starts from their page (/customers/<id>). */
  initialSubject?: string;
}) {
  const [found, setFound] = useState<{ subject: string; summary: PersonSummary }>();
  const [erased, setErased] = useState<string>();
  const search = useActionForm({
    t,
    defaultValues: { subject: initialSubject ?? "" },
    action: (values) => findPersonalDataAction(values),
    onSuccess: (summary, values) => setFound({ subject: values.subject, summary }),
    onFailure: () => setFound(undefined),
  });
  const erase = useActionForm({
    t,
    defaultValues: { reason: "", reference: "" },
    action: (values) => {
      setErased(undefined);
      // `found` is there: this form is shown only under a search's result.
      return erasePersonalDataAction({ subject: found?.subject ?? "", ...values });
    },
    onSuccess: async (outcome) => {
      // What was erased, and what the law made us keep (docs/decisions/personal-data.md).
      const done = fill(t["personalData.erase.done"], { count: String(outcome.erased + outcome.payoutRows) });
      const kept = outcome.kept.length
        ? ` ${fill(t["personalData.erase.refused"], { count: String(outcome.kept.length), days: String(outcome.retentionDays) })}`
        : "";
      setErased(done + kept);
      await search.send(search.form.getValues());
    },
  });

  return (
    <div className="space-y-6">
      <form ref={search.formRef} className="flex flex-wrap items-end gap-3" onSubmit={search.onSubmit}>
        <TextField
          id="subject"
          label={t["personalData.search.label"]}
          autoComplete="off"
          // The search's refusal, whichever it is, is the field's message.
          error={search.message?.text}
          {...search.form.register("subject")}
        />
        <Button type="submit" disabled={search.pending}>
          {t["personalData.search.submit"]}
        </Button>
      </form>
      {found ? (
        <section aria-labelledby="found-heading" className="space-y-4 rounded-lg border border-slate-300 bg-white p-4">
          <h2 id="found-heading" className="text-lg font-semibold" data-testid="person-found">
            {found.summary.transactions.length + found.summary.payoutRows === 0
              ? t["personalData.none"]
              : fill(t["personalData.found"], { count: String(found.summary.transactions.length + found.summary.payoutRows) })}
          </h2>
          <ul className="space-y-1 text-sm">
            {found.summary.transactions.map((row) => (
              <li key={row.id} data-testid="person-record">
                {formatDateTime(locale, row.createdAt)} · {t[transactionKindLabels[row.kind]]} · {t[transactionStateLabels[row.status]]} ·
                {formatBRL(row.amountCents)} · {row.who}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {(["json", "csv"] as const).map((format) => (
              <form key={format} method="post" action="/api/personal-data/export">
                <input type="hidden" name="subject" value={found.subject} />
                <input type="hidden" name="format" value={format} />
                <Button type="submit" variant="secondary" size="sm">
                  {t[format === "json" ? "personalData.exportJson" : "personalData.exportCsv"]}
                </Button>
              </form>
            ))}
          </div>
          <form ref={erase.formRef} className="space-y-3 border-t border-slate-200 pt-4" onSubmit={erase.onSubmit}>
            <h3 className="font-semibold">{t["personalData.erase.title"]}</h3>
            {erase.stepUpDialog}
            <TextField
              id="erase-reason"
              label={t["personalData.erase.reason"]}
              error={erase.form.formState.errors.reason?.message}
              {...erase.form.register("reason")}
            />
            <TextField
              id="erase-reference"
              label={t["personalData.erase.reference"]}
              error={erase.form.formState.errors.reference?.message}
              {...erase.form.register("reference")}
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" variant="danger" disabled={erase.pending}>
                {t["personalData.erase.submit"]}
              </Button>
              <InlineStatus message={erase.message} />
            </div>
          </form>
        </section>
      ) : null}
      <p role="status" data-testid="erase-outcome" className="text-sm text-emerald-800">
        {erased}
      </p>
    </div>
  );
}
