// Calendar days in America/Sao_Paulo, the operators' time zone: the ledger's date filters and the
// Overview's "today" are São Paulo days whatever zone the server runs in.
export const ledgerTimeZone = "America/Sao_Paulo";

/** The time zones a store may be given (issue #49): Brazil's, São Paulo first (the default). */
export const storeTimeZones = [
  ledgerTimeZone,
  "America/Noronha",
  "America/Belem",
  "America/Fortaleza",
  "America/Recife",
  "America/Araguaina",
  "America/Maceio",
  "America/Bahia",
  "America/Santarem",
  "America/Campo_Grande",
  "America/Cuiaba",
  "America/Porto_Velho",
  "America/Boa_Vista",
  "America/Manaus",
  "America/Eirunepe",
  "America/Rio_Branco",
] as const;
export type StoreTimeZone = (typeof storeTimeZones)[number];

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: ledgerTimeZone, timeZoneName: "longOffset" });
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: ledgerTimeZone, year: "numeric", month: "2-digit", day: "2-digit" });
const minuteFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: ledgerTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const offsetByHour = new Map<number, number>();

/**
 * Minutes São Paulo is ahead of UTC at that instant (−180 since 2019, when Brazil dropped daylight
 * saving), looked up once per hour of time: asking Intl costs tens of microseconds, and a chart's
 * days, a statement's rows and the Overview's ranges ask for the same few hours again and again.
 */
function offsetMinutesAt(epochMs: number): number {
  const hour = Math.floor(epochMs / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = offsetMinutesFromIntl(epochMs);
    if (offsetByHour.size > 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

function offsetMinutesFromIntl(epochMs: number): number {
  const name = offsetFormat.formatToParts(new Date(epochMs)).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  // Local mean time before 1914 has seconds ("GMT-03:06:28"): kept as a fraction of a minute.
  const match = /GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]) + Number(match[4] ?? 0) / 60;
  return match[1] === "-" ? -minutes : minutes;
}

/** True for an existing calendar day written YYYY-MM-DD (so 2025-02-30 is false). */
export function isCalendarDay(text: string): boolean {
  const match = dayPattern.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 9999 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The days and months the dashboard accepts as input (URLs, forms, actions): a day's end (the next
 * day's start) and a month's end (the next month's first day) must still be a calendar day
 * isCalendarDay holds, so the last day is 9999-12-30 and the last month 9999-11. The first is
 * 2000-01-01: the PIX wallet (2020) has nothing older. lib/schemas/calendar-dates.ts parses with them.
 */
export const supportedDays = { first: "2000-01-01", last: "9999-12-30" } as const;
export const supportedMonths = { first: "2000-01", last: "9999-11" } as const;

/** A calendar day (YYYY-MM-DD) within supportedDays: its next day exists too. */
export function isSupportedDay(text: string): boolean {
  return isCalendarDay(text) && text >= supportedDays.first && text <= supportedDays.last;
}

/** A month (YYYY-MM) within supportedMonths: its first day and the next month's first day exist. */
export function isSupportedMonth(text: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(text) && text >= supportedMonths.first && text <= supportedMonths.last;
}

/** The month after, as YYYY-MM. */
export function nextCalendarMonth(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12
    ? `${String(year + 1).padStart(4, "0")}-01`
    : `${String(year).padStart(4, "0")}-${String(number + 1).padStart(2, "0")}`;
}

/** A month (YYYY-MM) as a half-open range of instants: from its first São Paulo midnight to the next month's. */
export function saoPauloMonthRange(month: string): { start: Date; end: Date } {
  return { start: saoPauloDayStart(`${month}-01`), end: saoPauloDayStart(`${nextCalendarMonth(month)}-01`) };
}

/** The instant a São Paulo day (YYYY-MM-DD) begins. */
export function saoPauloDayStart(day: string): Date {
  const match = dayPattern.exec(day);
  if (!match || !isCalendarDay(day)) throw new RangeError(`Not a calendar day: ${day}`);
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const firstGuess = utcMidnight - offsetMinutesAt(utcMidnight) * 60_000;
  // Near a (historical) daylight-saving change the offset at the guess may differ: use that one.
  return new Date(utcMidnight - offsetMinutesAt(firstGuess) * 60_000);
}

/**
 * The instant a São Paulo wall-clock time names: a day (YYYY-MM-DD) and "HH:MM" (a datetime-local
 * field's value, read in the operators' time zone whatever zone the browser or server runs in).
 */
export function saoPauloInstant(day: string, time: string): Date {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Not a time of day: ${time}`);
  const guess = saoPauloDayStart(day).getTime() + (Number(match[1]) * 60 + Number(match[2])) * 60_000;
  // The offset at the guess, not at midnight: a (historical) daylight-saving change may lie between.
  const utcWall = Date.parse(`${day}T${time}:00Z`);
  return new Date(utcWall - offsetMinutesAt(guess) * 60_000);
}

/** The day after, as YYYY-MM-DD. */
export function nextCalendarDay(day: string): string {
  const start = new Date(`${day}T00:00:00Z`);
  return new Date(start.getTime() + 86_400_000).toISOString().slice(0, 10);
}

/** The São Paulo day (YYYY-MM-DD) an instant falls on. */
export function saoPauloDayOf(instant: Date): string {
  return dayFormat.format(instant);
}

/** A São Paulo day as a half-open range of instants: [start, end). */
export function saoPauloDayRange(day: string): { start: Date; end: Date } {
  return { start: saoPauloDayStart(day), end: saoPauloDayStart(nextCalendarDay(day)) };
}

/** YYYYMMDD-HHMM in São Paulo time, for file names. */
export function saoPauloStamp(instant: Date): string {
  const parts = Object.fromEntries(minuteFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}`;
}

/** "2026-11-25 14:05:09", São Paulo time: the CSV exports' timestamps. */
export function saoPauloDateTimeText(instant: Date): string {
  return saoPauloWallClock(instant).toISOString().slice(0, 19).replace("T", " ");
}

/** The São Paulo hour an instant falls in, "2026-11-25 14": a one-day chart's bucket. */
export function saoPauloHourKey(instant: Date): string {
  return saoPauloWallClock(instant).toISOString().slice(0, 13).replace("T", " ");
}

/** The São Paulo hour of the day (0–23) of an instant. */
export function saoPauloHourOfDay(instant: Date): number {
  return saoPauloWallClock(instant).getUTCHours();
}

/** A datetime-local value ("2026-11-25T14:05") in São Paulo time: the Callback logs' "since" filter. */
export function saoPauloDateTimeLocal(instant: Date): string {
  return saoPauloWallClock(instant).toISOString().slice(0, 16);
}

/**
 * The São Paulo wall-clock time of an instant, as a Date whose UTC fields read that time: what a
 * spreadsheet date cell (which has no time zone) must hold to show the operator's time.
 */
export function saoPauloWallClock(instant: Date): Date {
  return new Date(instant.getTime() + offsetMinutesAt(instant.getTime()) * 60_000);
}

/** An OFX date and time in São Paulo time with its offset, "20250315001000[-3:BRT]" (OFX 1.0.2, section 3.2.8.2). */
export function saoPauloOfxDateTime(instant: Date): string {
  const offsetMinutes = offsetMinutesAt(instant.getTime());
  const wall = saoPauloWallClock(instant).toISOString();
  // Whole hours as OFX writes them ("-3"); a pre-1914 local mean time's minutes as hundredths.
  const minutes = Math.abs(offsetMinutes);
  const hundredths = Math.round(((minutes % 60) * 100) / 60);
  const offset = `${offsetMinutes < 0 ? "-" : ""}${Math.floor(minutes / 60)}${hundredths ? `.${String(hundredths).padStart(2, "0")}` : ""}`;
  return `${wall.slice(0, 19).replace(/[-T:]/g, "")}[${offset}:BRT]`;
}
