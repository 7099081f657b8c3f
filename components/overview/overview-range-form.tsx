// The Overview's period picker: a plain GET form (works without JavaScript). The custom days are
// used when "Custom" is chosen. They are text fields in the chosen language's way of writing a day
// (DD/MM/AAAA in Portuguese, YYYY-MM-DD in English) rather than the browser's date picker, whose
// format follows the browser's language, not the dashboard's (#37); the server reads both.
import { formatCalendarDay } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { maxCustomDays, overviewRangeKinds, type OverviewRange } from "@/lib/schemas/overview-range";

/** A São Paulo day ("2026-11-25") as the form shows it in this language. */
function dayForField(locale: string, day: string): string {
  return locale.startsWith("pt") ? formatCalendarDay("pt-BR", day) : day;
}

export function OverviewRangeForm({ range, t, locale }: { range: OverviewRange; t: Messages; locale: string }) {
  const errorText = (key: OverviewRange["errors"]["from"]) => (key ? fill(t[key], { days: maxCustomDays }) : undefined);
  const fromError = errorText(range.errors.from);
  const toError = errorText(range.errors.to);
  return (
    <form method="get" className="mb-4 flex flex-wrap items-end gap-4" aria-label={t["charts.range.legend"]}>
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="mb-1 text-sm font-medium">{t["charts.range.legend"]}</legend>
        {overviewRangeKinds.map((kind) => (
          <label key={kind} className="flex items-center gap-1 text-sm">
            <input type="radio" name="range" value={kind} defaultChecked={range.kind === kind} />
            {t[`charts.range.${kind}`]}
          </label>
        ))}
      </fieldset>
      {(["from", "to"] as const).map((field) => {
        const error = field === "from" ? fromError : toError;
        return (
          <div key={field}>
            <label htmlFor={`overview-${field}`} className="block text-sm font-medium">
              {t[`charts.range.${field}`]}
            </label>
            <input
              id={`overview-${field}`}
              name={field}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t["charts.range.dayFormat"]}
              defaultValue={range.input[field] ?? (range.kind === "custom" ? "" : dayForField(locale, range[field]))}
              aria-invalid={error ? true : undefined}
              aria-describedby={`overview-${field}-format${error ? ` overview-${field}-error` : ""}`}
              className="mt-1 w-36 rounded-md border border-slate-400 bg-white px-3 py-2"
            />
            <p id={`overview-${field}-format`} className="mt-1 text-xs text-slate-700">
              {t["charts.range.dayFormat"]}
            </p>
            {error ? (
              <p id={`overview-${field}-error`} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        {t["charts.range.apply"]}
      </button>
    </form>
  );
}
