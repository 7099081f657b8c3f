// The Overview's period picker: a plain GET form (works without JavaScript). The custom days are
// used when "Custom" is chosen.
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { maxCustomDays, overviewRangeKinds, type OverviewRange } from "@/lib/schemas/overview-range";

export function OverviewRangeForm({ range, t }: { range: OverviewRange; t: Messages }) {
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
              type="date"
              defaultValue={range.input[field] ?? (range.kind === "custom" ? "" : range[field])}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `overview-${field}-error` : undefined}
              className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2"
            />
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
