"use client";
// A period for a GET form: a preset (hoje, ontem, últimos 7/30 dias, este mês, mês passado) or
// custom São Paulo days typed as the language writes them (DD/MM/AAAA in Portuguese, YYYY-MM-DD in
// English), with a calendar to pick them. Without JavaScript the form sends the preset and the
// fields as they are and the server reads the preset first (lib/schemas/date-range.ts). With it,
// choosing a preset fills the fields with its days and sends the preset alone; typing or picking a
// day makes the period custom. The calendar (react-day-picker and its locale) is loaded when first
// asked for, never with the page (JS budgets, scripts/check-route-budgets.mjs).
import { CalendarDays } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { formatCalendarDay } from "@/lib/format";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { type DateRangePreset, type DayRange, dateRangePresets, dayFromInput, presetDays } from "@/lib/vocabulary/date-range-presets";
import { isSupportedDay } from "@/lib/vocabulary/sao-paulo-dates";

const loadCalendar = () => import("@/components/ui/date-range-calendar");
const DateRangeCalendar = lazy(() => loadCalendar().then((module) => ({ default: module.DateRangeCalendar })));

/** A São Paulo day ("2026-11-25") as the fields show it in this language: "25/11/2026" in Portuguese. */
export function dayForField(locale: string, day: string): string {
  return locale.startsWith("pt") ? formatCalendarDay("pt-BR", day) : day;
}

/** What the fields show first: a preset's days, or the custom days as given (a São Paulo day in the language's way). */
function initialFields(period: DateRangePreset | "", typed: Partial<DayRange>, today: string, locale: string): DayRange {
  if (period !== "" && period !== "custom") {
    const days = presetDays(period, today);
    return { from: dayForField(locale, days.from), to: dayForField(locale, days.to) };
  }
  const shown = (text?: string) => (text && isSupportedDay(text) ? dayForField(locale, text) : (text ?? ""));
  return { from: shown(typed.from), to: shown(typed.to) };
}

export type DateRangePickerProps = {
  /** The form's field names (e.g. { period: "period", from: "from", to: "to" }); each field's id is idPrefix + its name. */
  names: { period: string; from: string; to: string };
  idPrefix?: string;
  /** The chosen preset; "" is "any date" (only with allowAny). */
  period: DateRangePreset | "";
  /** The custom days, as typed or as São Paulo days. */
  from?: string;
  to?: string;
  /** Today's São Paulo day (the server's), which the presets count from. */
  today: string;
  locale: string;
  /** Offer "any date" (no period): a list's filter. */
  allowAny?: boolean;
  errors?: { from?: string; to?: string };
  t: ClientMessages<"dateRangePicker">;
};

export function DateRangePicker({
  names,
  idPrefix = "",
  period: initialPeriod,
  from,
  to,
  today,
  locale,
  allowAny,
  errors,
  t,
}: DateRangePickerProps) {
  const [period, setPeriod] = useState<DateRangePreset | "">(initialPeriod);
  const [fields, setFields] = useState(() => initialFields(initialPeriod, { from, to }, today, locale));
  const [calendarOpen, setCalendarOpen] = useState(false);
  // Until hydrated the fields keep their names, so a form sent without JavaScript carries them.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const choosePreset = (preset: DateRangePreset | "") => {
    setPeriod(preset);
    if (preset === "") setFields({ from: "", to: "" });
    else if (preset !== "custom") {
      const days = presetDays(preset, today);
      setFields({ from: dayForField(locale, days.from), to: dayForField(locale, days.to) });
    }
  };
  const typeDay = (field: "from" | "to", text: string) => {
    setFields((current) => ({ ...current, [field]: text }));
    setPeriod("custom");
  };
  const pickDays = (range: Partial<DayRange>) => {
    setFields({ from: range.from ? dayForField(locale, range.from) : "", to: range.to ? dayForField(locale, range.to) : "" });
    setPeriod("custom");
  };
  const asDay = (text: string) => {
    const day = dayFromInput(text.trim());
    return isSupportedDay(day) ? day : undefined;
  };
  // A preset is sent alone once the page runs: its days are the server's to count.
  const sendDays = !hydrated || period === "custom" || period === "";
  const calendarId = `${idPrefix}${names.period}-calendar`;

  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t["dateRange.period"]}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${idPrefix}${names.period}`} className="sr-only">
            {t["dateRange.period"]}
          </label>
          <select
            id={`${idPrefix}${names.period}`}
            name={names.period}
            value={period}
            onChange={(event) => choosePreset(event.target.value as DateRangePreset | "")}
            className="block rounded-md border border-slate-400 bg-white px-3 py-2"
          >
            {allowAny ? <option value="">{t["dateRange.preset.any"]}</option> : null}
            {dateRangePresets.map((preset) => (
              <option key={preset} value={preset}>
                {t[`dateRange.preset.${preset}`]}
              </option>
            ))}
          </select>
        </div>
        {(["from", "to"] as const).map((field) => (
          <TextField
            key={field}
            id={`${idPrefix}${names[field]}`}
            name={sendDays ? names[field] : undefined}
            label={t[`dateRange.${field}`]}
            hint={t["dateRange.dayFormat"]}
            value={fields[field]}
            onChange={(event) => typeDay(field, event.target.value)}
            error={errors?.[field]}
            inputMode="numeric"
            autoComplete="off"
            className="w-40"
          />
        ))}
        <Button
          type="button"
          variant="secondary"
          aria-expanded={calendarOpen}
          aria-controls={calendarId}
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
          onClick={() => setCalendarOpen((open) => !open)}
        >
          <CalendarDays aria-hidden="true" className="h-4 w-4" />
          {calendarOpen ? t["dateRange.closeCalendar"] : t["dateRange.openCalendar"]}
        </Button>
      </div>
      <div id={calendarId} hidden={!calendarOpen} className="rounded-md border border-slate-300 bg-white p-2">
        {calendarOpen ? (
          <>
            <p className="px-2 text-sm text-slate-700">{t["dateRange.calendarHint"]}</p>
            <Suspense fallback={<p className="p-2 text-sm text-slate-700">{t["dateRange.loading"]}</p>}>
              <DateRangeCalendar
                range={{ from: asDay(fields.from), to: asDay(fields.to) }}
                today={today}
                locale={locale}
                onSelect={pickDays}
              />
            </Suspense>
          </>
        ) : null}
      </div>
    </fieldset>
  );
}
