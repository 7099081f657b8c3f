// The Overview's period: the date-range picker (components/ui/date-range-picker.tsx) in a plain GET
// form, `range` naming the preset (or "custom" with the from/to days), read by
// lib/schemas/overview-range.ts. The transactions and the export links below follow the period shown.
import { Button } from "@/components/ui/button";
import { ButtonAnchor } from "@/components/ui/button-link";
import { DateRangePicker } from "@/components/ui/date-range-picker";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { ledgerQueryString } from "@/lib/schemas/ledger-filters";
import { maxCustomDays, type OverviewRange } from "@/lib/schemas/overview-range";

export function OverviewRangeForm({
  range,
  t,
  pickerMessages,
  locale,
  today,
}: {
  range: OverviewRange;
  t: Messages;
  pickerMessages: ClientMessages<"dateRangePicker">;
  locale: string;
  today: string;
}) {
  const errorText = (key: OverviewRange["errors"]["from"]) => (key ? fill(t[key], { days: maxCustomDays }) : undefined);
  const custom = range.kind === "custom";
  // The ledger reads the same presets (`period`), so its list and export name the same days.
  const ledgerQuery = ledgerQueryString(custom ? { from: range.from, to: range.to } : { period: range.kind });
  return (
    <div className="mb-4 space-y-2">
      <form method="get" className="flex flex-wrap items-end gap-4" aria-label={t["charts.range.legend"]}>
        <DateRangePicker
          names={{ period: "range", from: "from", to: "to" }}
          idPrefix="overview-"
          period={range.kind}
          from={range.input.from}
          to={range.input.to}
          today={today}
          locale={locale}
          errors={{ from: errorText(range.errors.from), to: errorText(range.errors.to) }}
          t={pickerMessages}
        />
        <Button type="submit">{t["charts.range.apply"]}</Button>
      </form>
      <p className="flex flex-wrap gap-3 text-sm">
        <ButtonAnchor href={`/transactions${ledgerQuery}`} variant="link" size="sm" data-testid="overview-period-transactions">
          {t["charts.range.transactions"]}
        </ButtonAnchor>
        <ButtonAnchor
          href={`/api/transactions/export${ledgerQuery ? `${ledgerQuery}&` : "?"}format=${locale.startsWith("pt") ? "br" : "standard"}`}
          download
          variant="link"
          size="sm"
          data-testid="overview-period-export"
        >
          {t["charts.range.export"]}
        </ButtonAnchor>
      </p>
    </div>
  );
}
