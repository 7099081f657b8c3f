// The Transactions list's filters: a plain GET form (works without JavaScript), refilled from the
// URL, with each invalid value's message next to its field.
import Link from "next/link";
import { TextField } from "@/components/ui/text-field";
import type { Messages } from "@/lib/i18n/messages";
import { ledgerStatusFilters, type ParsedLedgerQuery } from "@/lib/schemas/ledger-filters";
import { transactionKinds } from "@/lib/transactions/statuses";

function SelectField({
  id,
  label,
  value,
  error,
  options,
}: {
  id: string;
  label: string;
  value?: string;
  error?: string;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={id}
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 ${error ? "border-red-700" : "border-slate-400"}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function LedgerFilterForm({ query, t }: { query: ParsedLedgerQuery; t: Messages }) {
  const { input, errors } = query;
  const statusLabel = (status: (typeof ledgerStatusFilters)[number]) =>
    status === "UNKNOWN" ? t["ledger.status.UNKNOWN"] : t[`status.${status}`];
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet announced by every screen reader we support; role=search on the form is
    <form
      method="get"
      action="/transactions"
      role="search"
      aria-label={t["ledger.filters"]}
      className="mb-6 space-y-4 rounded-lg border border-slate-300 bg-white p-4"
    >
      <TextField
        id="q"
        name="q"
        type="search"
        label={t["ledger.search"]}
        hint={t["ledger.searchHint"]}
        defaultValue={input.q}
        error={errors.q}
        autoComplete="off"
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          id="kind"
          label={t["ledger.kind"]}
          value={input.kind}
          error={errors.kind}
          options={[
            { value: "", label: t["ledger.kind.all"] },
            ...transactionKinds.map((kind) => ({ value: kind, label: t[`ledger.kind.${kind}`] })),
          ]}
        />
        <SelectField
          id="status"
          label={t["ledger.status"]}
          value={input.status}
          error={errors.status}
          options={[
            { value: "", label: t["ledger.status.all"] },
            ...ledgerStatusFilters.map((status) => ({ value: status, label: statusLabel(status) })),
          ]}
        />
        <TextField
          id="from"
          name="from"
          type="date"
          label={t["ledger.from"]}
          defaultValue={input.from}
          error={errors.from}
          aria-describedby={`ledger-date-hint${errors.from ? " from-error" : ""}`}
        />
        <TextField
          id="to"
          name="to"
          type="date"
          label={t["ledger.to"]}
          defaultValue={input.to}
          error={errors.to}
          aria-describedby={`ledger-date-hint${errors.to ? " to-error" : ""}`}
        />
        <TextField
          id="min"
          name="min"
          inputMode="decimal"
          label={t["ledger.min"]}
          defaultValue={input.min}
          error={errors.min}
          autoComplete="off"
          aria-describedby={`ledger-amount-hint${errors.min ? " min-error" : ""}`}
        />
        <TextField
          id="max"
          name="max"
          inputMode="decimal"
          label={t["ledger.max"]}
          defaultValue={input.max}
          error={errors.max}
          autoComplete="off"
          aria-describedby={`ledger-amount-hint${errors.max ? " max-error" : ""}`}
        />
      </div>
      <div className="space-y-1 text-sm text-slate-600">
        <p id="ledger-date-hint">{t["ledger.dateHint"]}</p>
        <p id="ledger-amount-hint">{t["ledger.amountHint"]}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          {t["ledger.apply"]}
        </button>
        <Link href="/transactions" className="text-sm font-medium text-brand-700 underline">
          {t["ledger.clear"]}
        </Link>
      </div>
    </form>
  );
}
