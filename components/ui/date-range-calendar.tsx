"use client";
// The date-range picker's calendar (react-day-picker: a keyboard-navigable grid whose days and
// buttons are named for screen readers in the page's language), loaded only when the operator opens
// it (components/ui/date-range-picker.tsx). Its cells are calendar days: a Date here is only a cell
// (local midnight of that day), turned back into "YYYY-MM-DD" at once, so the browser's time zone
// never moves a day; "today" is the server's São Paulo day.
import type { CSSProperties } from "react";
import { type DateRange, DayPicker } from "react-day-picker";
import { enGB, ptBR } from "react-day-picker/locale";
import "react-day-picker/style.css";
import type { DayRange } from "@/lib/vocabulary/date-range-presets";

function cellOf(day: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

function dayOf(cell: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${String(cell.getFullYear()).padStart(4, "0")}-${pad(cell.getMonth() + 1)}-${pad(cell.getDate())}`;
}

// The design system's colours (both themes follow them: app/globals.css mirrors the palette).
const themed = {
  "--rdp-accent-color": "var(--color-brand-700)",
  "--rdp-accent-background-color": "var(--color-slate-100)",
  "--rdp-range_start-color": "var(--color-white)",
  "--rdp-range_end-color": "var(--color-white)",
  "--rdp-today-color": "inherit",
  "--rdp-weekday-opacity": "1",
  "--rdp-day-height": "40px",
  "--rdp-day-width": "40px",
  "--rdp-day_button-height": "38px",
  "--rdp-day_button-width": "38px",
} as CSSProperties;

export function DateRangeCalendar({
  range,
  today,
  locale,
  onSelect,
}: {
  /** The chosen days, when both are real days. */
  range?: Partial<DayRange>;
  /** Today's São Paulo day: the last day that can be chosen. */
  today: string;
  locale: string;
  onSelect: (range: Partial<DayRange>) => void;
}) {
  const selected: DateRange | undefined = range?.from
    ? { from: cellOf(range.from), to: range.to ? cellOf(range.to) : undefined }
    : undefined;
  const todayCell = cellOf(today);
  return (
    <DayPicker
      mode="range"
      locale={locale.startsWith("pt") ? ptBR : enGB}
      today={todayCell}
      defaultMonth={selected?.to ?? selected?.from ?? todayCell}
      startMonth={new Date(2000, 0)}
      endMonth={todayCell}
      disabled={{ after: todayCell }}
      selected={selected}
      onSelect={(picked) =>
        onSelect({ from: picked?.from ? dayOf(picked.from) : undefined, to: picked?.to ? dayOf(picked.to) : undefined })
      }
      style={themed}
      classNames={{ today: "font-bold underline" }}
    />
  );
}
