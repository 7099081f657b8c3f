"use client";
// A person's request from search to done: find what is held about one CPF/CNPJ, e-mail or phone
// (listed masked), download it in full (JSON or CSV, an audited POST so the identifier never sits
// in a URL), or erase it with a reason and the request's reference (a fresh second factor first).
import { useState, useTransition } from "react";
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import { Button } from "@/components/ui/button";
import { InlineStatus } from "@/components/ui/inline-status";
import { TextField } from "@/components/ui/text-field";
import { erasePersonalDataAction } from "@/lib/actions/erase-personal-data-action";
import { findPersonalDataAction, type PersonSummary } from "@/lib/actions/find-personal-data-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { translateMessage } from "@/lib/i18n/message";
import { formatBRL, formatDateTime } from "@/lib/format";

export function PersonRequestsPanel({ t, locale }: { t: ClientMessages<"personRequestsPanel">; locale: string }) {
  const [subject, setSubject] = useState("");
  const [found, setFound] = useState<{ subject: string; summary: PersonSummary }>();
  const [searchError, setSearchError] = useState<string>();
  const [searching, startSearch] = useTransition();
  const [reason, setReason] = useState("");
  const [reference, setReference] = useState("");
  const erase = useStepUpAction(t);
  const [erased, setErased] = useState<string>();

  const search = () =>
    startSearch(async () => {
      setSearchError(undefined);
      const result = await findPersonalDataAction({ subject });
      if (result.ok) setFound({ subject, summary: result.data });
      else {
        setFound(undefined);
        setSearchError(translateMessage(t, result.error));
      }
    });

  return (
    <div className="space-y-6">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <TextField
          id="subject"
          label={t["personalData.search.label"]}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          autoComplete="off"
          error={searchError}
        />
        <Button type="submit" disabled={searching}>
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
                {formatDateTime(locale, row.createdAt)} · {row.kind} · {row.status} · {formatBRL(row.amountCents)} · {row.who}
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
          <form
            className="space-y-3 border-t border-slate-200 pt-4"
            onSubmit={(event) => {
              event.preventDefault();
              setErased(undefined);
              erase.run(() => erasePersonalDataAction({ subject: found.subject, reason, reference }), {
                success: "",
                onSuccess: (outcome) => {
                  // What was erased, and what the law made us keep (docs/decisions/personal-data.md).
                  const done = fill(t["personalData.erase.done"], { count: String(outcome.erased + outcome.payoutRows) });
                  const kept = outcome.kept.length
                    ? ` ${fill(t["personalData.erase.refused"], { count: String(outcome.kept.length), days: String(outcome.retentionDays) })}`
                    : "";
                  setErased(done + kept);
                  search();
                },
              });
            }}
          >
            <h3 className="font-semibold">{t["personalData.erase.title"]}</h3>
            {erase.stepUpDialog}
            <TextField
              id="erase-reason"
              label={t["personalData.erase.reason"]}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={erase.fieldErrors.reason?.[0]}
            />
            <TextField
              id="erase-reference"
              label={t["personalData.erase.reference"]}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              error={erase.fieldErrors.reference?.[0]}
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" variant="danger" disabled={erase.pending}>
                {t["personalData.erase.submit"]}
              </Button>
              <InlineStatus message={erase.message?.kind === "error" ? erase.message : undefined} />
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
