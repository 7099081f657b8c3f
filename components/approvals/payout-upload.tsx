"use client";
// Bulk payouts: choose a CSV, see every bad row with its line number (nothing saved), or a review
// of the batch (count, total, per key type, duplicates), then submit it as one approval request.
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { BatchByKeyTypeList, BatchDuplicatesList } from "@/components/approvals/batch-summary-lists";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { FormMessage } from "@/components/ui/form-message";
import { StoreChoiceField } from "@/components/stores/store-choice-field";
import { checkPayoutCsvAction, type PayoutCsvCheck } from "@/lib/actions/check-payout-csv-action";
import { submitPayoutBatchAction } from "@/lib/actions/submit-payout-batch-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { Locale } from "@/lib/i18n/messages";
import { formatBRL } from "@/lib/format";
import type { StoreChoice } from "@/lib/vocabulary/stores";

type Checked = { fileName: string; csvText: string; check: PayoutCsvCheck };

export function PayoutUpload({
  uploadKey,
  t,
  locale,
  stores = [],
}: {
  uploadKey: string;
  t: ClientMessages<"payoutUpload">;
  locale: Locale;
  /** The stores the batch may be sent for (issue #49): a choice only shown when there is more than one. */
  stores?: StoreChoice[];
}) {
  const router = useRouter();
  const [storeId, setStoreId] = useState(stores[0]?.id ?? "");
  const fileInput = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState<Checked>();
  const { send, pending: busy, message, setMessage } = useActionMutation({ t, stepUp: false });
  const error = message?.kind === "error" ? message.text : undefined;
  const setError = (text: string | undefined) => setMessage(text === undefined ? undefined : { kind: "error", text });

  async function check(event: React.FormEvent) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return setError(t["bulk.noFile"]);
    setError(undefined);
    const csvText = await file.text();
    await send(() => checkPayoutCsvAction({ uploadKey, fileName: file.name, csvText }), {
      unreachable: t["cashOut.review.unreachable"],
      onSuccess: (check) => setChecked({ fileName: file.name, csvText, check }),
    });
  }

  async function submit() {
    if (!checked || busy) return;
    await send(() => submitPayoutBatchAction({ uploadKey, fileName: checked.fileName, csvText: checked.csvText, storeId }), {
      unreachable: t["cashOut.review.unreachable"],
      onSuccess: (data) => router.push(`/approvals/${data.requestId}`),
    });
  }

  const check_ = checked?.check;
  return (
    <div className="space-y-6">
      <form onSubmit={check} className="max-w-xl space-y-3 rounded-lg border border-slate-300 bg-white p-5">
        <StoreChoiceField
          t={t}
          stores={stores}
          field={{ name: "storeId", value: storeId, onChange: (event) => setStoreId(event.target.value) }}
        />
        <div>
          <label htmlFor="payout-file" className="block text-sm font-medium text-slate-800">
            {t["bulk.file"]}
          </label>
          <input
            id="payout-file"
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full text-sm"
            onChange={() => {
              setChecked(undefined);
              setError(undefined);
            }}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy && !checked ? t["bulk.checking"] : t["bulk.check"]}
        </Button>
      </form>
      <FormMessage kind="error">{error}</FormMessage>

      {check_ && !check_.valid ? (
        <section aria-labelledby="problems-heading" className="space-y-2" role="alert">
          <h2 id="problems-heading" className="text-lg font-bold text-red-900">
            {t["bulk.problemsTitle"]}
          </h2>
          {check_.fileError ? <p data-testid="file-error">{check_.fileError}</p> : null}
          {check_.problems.length ? (
            <DataTable
              caption={t["bulk.problemsTitle"]}
              columns={[t["bulk.problem.line"], t["bulk.problem.field"], t["bulk.problem.message"]]}
            >
              {check_.problems.map((problem, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once; one line can have two problems with the same field
                <tr key={`${problem.line}-${index}`} className="border-t border-slate-200" data-testid="csv-problem">
                  <td className="px-3 py-2">{problem.line}</td>
                  <td className="px-3 py-2 font-mono">{problem.field}</td>
                  <td className="px-3 py-2">{problem.message}</td>
                </tr>
              ))}
            </DataTable>
          ) : null}
        </section>
      ) : null}

      {check_?.valid ? (
        <section aria-labelledby="batch-review-heading" className="max-w-3xl space-y-4 rounded-lg border-2 border-amber-500 bg-white p-5">
          <h2 id="batch-review-heading" className="text-xl font-bold">
            {t["bulk.review.title"]}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-medium text-slate-700">{t["bulk.review.count"]}</dt>
            <dd data-testid="batch-count">{check_.summary.count}</dd>
            <dt className="font-medium text-slate-700">{t["bulk.review.total"]}</dt>
            <dd data-testid="batch-total" className="text-2xl font-bold">
              {formatBRL(check_.summary.totalCents)}
            </dd>
            <dt className="font-medium text-slate-700">{t["bulk.review.byType"]}</dt>
            <dd>
              <BatchByKeyTypeList summary={check_.summary} locale={locale} />
            </dd>
            <dt className="font-medium text-slate-700">{t["bulk.review.duplicates"]}</dt>
            <dd data-testid="batch-duplicates">
              <BatchDuplicatesList
                summary={check_.summary}
                lineTemplate={t["bulk.review.duplicateLines"]}
                noneLabel={t["bulk.review.noDuplicates"]}
              />
            </dd>
          </dl>
          <div className="flex flex-wrap gap-3">
            <Button type="button" variant="danger" onClick={submit} disabled={busy}>
              {busy ? t["bulk.review.submitting"] : t["bulk.review.submit"]}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
