// Dates and times on pages are shown in São Paulo time (the merchants' zone), whatever zone the
// server runs in.
import { ledgerTimeZone } from "@/lib/ledger/sao-paulo-dates";

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: ledgerTimeZone });
}
