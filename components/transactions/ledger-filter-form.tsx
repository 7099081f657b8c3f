// The Transactions list's filters: a compact bar (search and Apply; the other fields in a
// disclosure) and chips for the active filters. A plain GET form (works without JavaScript),
// refilled from the URL, with each invalid value's message next to its field.
import { DateRangePicker } from "@/components/ui/date-range-picker";
import { type FilterChip, FilterBar, FilterChips } from "@/components/ui/filter-bar";
import { TextField } from "@/components/ui/text-field";
import type { LedgerStatusFilter } from "@/lib/vocabulary/transaction-statuses";
import { formatDate, formatBRL } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { Locale, Messages } from "@/lib/i18n/messages";
import type { DateRangePreset } from "@/lib/vocabulary/date-range-presets";
import { defaultLedgerSort, type LedgerSort, ledgerSorts } from "@/lib/vocabulary/ledger-page";
import { saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import {
  type LedgerFilterField,
  ledgerFilterFields,
  ledgerLookFields,
  ledgerQueryString,
  ledgerStatusFilters,
  type ParsedLedgerQuery,
} from "@/lib/schemas/ledger-filters";
import { transactionStatusVocabulary } from "@/lib/vocabulary/status-labels";
import { type TransactionKind, transactionKinds } from "@/lib/vocabulary/transaction-statuses";

function SelectField({
  id,
  label,
  value,
  error,
  hint,
  options,
}: {
  id: string;
  label: string;
  value?: string;
  error?: string;
  hint?: string;
  options: Array<{ value: string; label: string }>;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
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
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 ${error ? "border-red-700" : "border-slate-400"}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const keptFields = ["link", "paid", "older", "expired", "cols", "density"] as const satisfies readonly LedgerFilterField[];
const isLookField = (field: LedgerFilterField) => (ledgerLookFields as readonly string[]).includes(field);

/** The active filters as chips, each link dropping that one filter (and the page cursor). */
function ledgerChips(query: ParsedLedgerQuery, t: Messages, locale: Locale): FilterChip[] {
  const { values, filters } = query;
  const readable: Record<LedgerFilterField, (text: string) => string> = {
    q: (text) => text,
    kind: (text) => t[`ledger.kind.${text as TransactionKind}`],
    status: (text) => t[transactionStatusVocabulary[text as LedgerStatusFilter].key],
    period: (text) => t[`dateRange.preset.${text as DateRangePreset}`],
    from: (text) => formatDate(locale, saoPauloDayStart(text)),
    to: (text) => formatDate(locale, saoPauloDayStart(text)),
    min: () => formatBRL(filters.amountMinCents ?? 0),
    max: () => formatBRL(filters.amountMaxCents ?? 0),
    link: (text) => text.slice(0, 8),
    sort: (text) => t[`ledger.sort.${text as LedgerSort}`],
    paid: (text) => t[`dateRange.preset.${text as DateRangePreset}`],
    older: (text) => fill(t["ledger.olderValue"], { n: text }),
    expired: () => t["ledger.expiredValue"],
    cols: (text) => text,
    density: (text) => text,
  };
  const labels: Record<LedgerFilterField, string> = {
    q: t["ledger.search"],
    kind: t["ledger.kind"],
    status: t["ledger.status"],
    period: t["dateRange.period"],
    from: t["ledger.from"],
    to: t["ledger.to"],
    min: t["ledger.min"],
    max: t["ledger.max"],
    link: t["ledger.paymentLink"],
    sort: t["ledger.sort"],
    paid: t["ledger.paid"],
    older: t["ledger.olderThan"],
    expired: t["ledger.expired"],
    cols: t["columns.button"],
    density: t["columns.density"],
  };
  return ledgerFilterFields.flatMap((field) => {
    const value = values[field];
    // The table's look (columns, density) is not a filter: the Columns control shows it.
    if (!value || isLookField(field)) return [];
    return [
      {
        name: field,
        label: labels[field],
        value: readable[field](value),
        verbatim: field === "q",
        removeHref: `/transactions${ledgerQueryString({ ...values, [field]: undefined })}`,
      },
    ];
  });
}

export function LedgerFilterChips({ query, t, locale }: { query: ParsedLedgerQuery; t: Messages; locale: Locale }) {
  // Clearing the filters keeps the table's look.
  const look = Object.fromEntries(ledgerLookFields.map((field) => [field, query.values[field]]));
  return (
    <FilterChips
      chips={ledgerChips(query, t, locale)}
      label={t["filters.active"]}
      removeLabel={t["filters.remove"]}
      clearHref={`/transactions${ledgerQueryString(look)}`}
      clearLabel={t["filters.clearAll"]}
    />
  );
}

export function LedgerFilterForm({
  query,
  t,
  pickerMessages,
  locale,
  today,
}: {
  query: ParsedLedgerQuery;
  t: Messages;
  pickerMessages: ClientMessages<"dateRangePicker">;
  locale: Locale;
  /** Today's São Paulo day, which the period's presets count from. */
  today: string;
}) {
  const { input, errors, values } = query;
  const statusLabel = (status: (typeof ledgerStatusFilters)[number]) => t[transactionStatusVocabulary[status].key];
  const moreFields = ["kind", "status", "period", "from", "to", "min", "max", "sort"] as const;
  const moreActive = moreFields.filter((field) => input[field]).length;
  return (
    <FilterBar
      action="/transactions"
      label={t["ledger.filters"]}
      submitLabel={t["ledger.apply"]}
      moreLabel={moreActive > 0 ? fill(t["filters.moreActive"], { n: moreActive }) : t["filters.more"]}
      moreOpen={moreFields.some((field) => errors[field])}
      main={
        <>
          {/* Filters the form has no field for (a payment link's, set from the link's page; a view's
              paid period and age) and the table's look survive applying the others. */}
          {keptFields.map((field) => (values[field] ? <input key={field} type="hidden" name={field} value={values[field]} /> : null))}
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
        </>
      }
    >
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
        <SelectField
          id="sort"
          label={t["ledger.sort"]}
          value={input.sort}
          error={errors.sort}
          hint={t["ledger.sortHint"]}
          options={ledgerSorts.map((sort) => ({ value: sort === defaultLedgerSort ? "" : sort, label: t[`ledger.sort.${sort}`] }))}
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
      <DateRangePicker
        names={{ period: "period", from: "from", to: "to" }}
        period={(values.period as DateRangePreset | undefined) ?? (values.from || values.to ? "custom" : "")}
        from={input.from}
        to={input.to}
        today={today}
        locale={locale}
        allowAny
        errors={{ from: errors.from, to: errors.to }}
        t={pickerMessages}
      />
      <div className="space-y-1 text-sm text-slate-600">
        <p id="ledger-date-hint">{t["ledger.dateHint"]}</p>
        <p id="ledger-amount-hint">{t["ledger.amountHint"]}</p>
      </div>
    </FilterBar>
  );
}
