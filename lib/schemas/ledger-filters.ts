// The Transactions list's filters and page cursor, read from the URL query string. Each field is
// parsed on its own: an invalid one gets a message for its field and is ignored, the others apply.
import * as z from "@/lib/schemas/zod";
import { msg, translateMessage } from "@/lib/i18n/message";
import type { LedgerFilters } from "@/lib/db/queries/ledger";
import { defaultLedgerSort, type LedgerCursor, type LedgerSort, ledgerSort } from "@/lib/vocabulary/ledger-page";
import { cursorFitsSort as listCursorFitsSort, decodeListCursor, encodeListCursor, parseListSort } from "@/lib/schemas/list-sort";
import { calendarDateErrors, calendarDaySchema } from "@/lib/schemas/calendar-dates";
import { type DateRangePreset, dateRangePresets, dayFromInput, presetDays } from "@/lib/vocabulary/date-range-presets";
import { nextCalendarDay, saoPauloDayOf, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import { amountErrorMessages, parseReaisToCents } from "@/lib/schemas/money";
import { transactionKinds, walletStatuses } from "@/lib/vocabulary/transaction-statuses";
import {
  defaultLedgerDensity,
  type LedgerDensity,
  type LedgerOptionalColumn,
  ledgerDensities,
  ledgerOptionalColumns,
  parseLedgerColumns,
} from "@/lib/vocabulary/ledger-columns";

/**
 * The query-string names: kind, status, period (a date-range preset, counted from today's São Paulo
 * day: lib/vocabulary/date-range-presets.ts), created from/to (São Paulo days, used when no preset
 * is), paid (a preset: paid in that period), older (created more than so many minutes ago), amount
 * min/max (reais), search, payment link (its id), the order (lib/vocabulary/ledger-page.ts), and how
 * the table looks: its columns and density (lib/vocabulary/ledger-columns.ts); expired (`1`: cash-ins
 * past their expiry with no final status from the wallet, the Reconciliation page's list). All of it is a view:
 * what a saved view stores and a shared link carries.
 */
export const ledgerFilterFields = [
  "kind",
  "status",
  "period",
  "from",
  "to",
  "paid",
  "older",
  "expired",
  "min",
  "max",
  "q",
  "link",
  "sort",
  "cols",
  "density",
] as const;
export type LedgerFilterField = (typeof ledgerFilterFields)[number];
export type LedgerFilterValues = Partial<Record<LedgerFilterField, string>>;

/** The fields that choose how the table looks rather than which rows: no chip, no export. */
export const ledgerLookFields = ["cols", "density"] as const satisfies readonly LedgerFilterField[];
/** The most minutes `older` takes: 30 days. */
export const maxOlderMinutes = 43_200;

export const ledgerStatusFilters = [...walletStatuses, "UNKNOWN"] as const;
export const maxSearchLength = 200;

/** Encoded message keys (lib/i18n/message.ts); `parseLedgerQuery(params, t)` returns them translated. */
export const ledgerFilterErrorMessages = {
  kind: msg("errors.ledger.kind"),
  status: msg("errors.ledger.status"),
  day: calendarDateErrors.day,
  toBeforeFrom: msg("errors.ledger.toBeforeFrom"),
  maxBelowMin: msg("errors.ledger.maxBelowMin"),
  search: msg("errors.ledger.search", { max: maxSearchLength }),
  cursor: msg("errors.ledger.cursor"),
  sort: msg("errors.list.sort"),
  sortPaid: msg("errors.ledger.sortPaid"),
  link: msg("errors.paymentLinks.unknown"),
  paid: msg("errors.ledger.paid"),
  paidStatus: msg("errors.ledger.paidStatus"),
  older: msg("errors.ledger.older", { max: maxOlderMinutes }),
  expired: msg("errors.ledger.expired"),
  cols: msg("errors.ledger.columns"),
  density: msg("errors.ledger.density"),
} as const;

const kindSchema = z.enum(transactionKinds, { error: ledgerFilterErrorMessages.kind });
const statusSchema = z.enum(ledgerStatusFilters, { error: ledgerFilterErrorMessages.status });
const daySchema = calendarDaySchema(ledgerFilterErrorMessages.day);
const presets = new Set<string>(dateRangePresets);
const isPreset = (text: string | undefined): text is Exclude<DateRangePreset, "custom"> =>
  text !== undefined && text !== "custom" && presets.has(text);
const paidSchema = z.enum(
  dateRangePresets.filter((preset) => preset !== "custom") as [Exclude<DateRangePreset, "custom">, ...Exclude<DateRangePreset, "custom">[]],
  { error: ledgerFilterErrorMessages.paid },
);
const olderSchema = z.pipe(
  z.string().check(z.regex(/^\d{1,5}$/, { error: ledgerFilterErrorMessages.older })),
  z.transform((text, context) => {
    const minutes = Number(text);
    return minutes >= 1 && minutes <= maxOlderMinutes ? minutes : z.refuse(context, ledgerFilterErrorMessages.older, text);
  }),
);
const expiredSchema = z.literal("1", { error: ledgerFilterErrorMessages.expired });
const columnsSchema = z.pipe(
  z.string(),
  z.transform((text, context) => parseLedgerColumns(text) ?? z.refuse(context, ledgerFilterErrorMessages.cols, text)),
);
const densitySchema = z.enum(ledgerDensities, { error: ledgerFilterErrorMessages.density });
const linkSchema = z.uuid({ error: ledgerFilterErrorMessages.link });
const searchSchema = z.string().check(z.maxLength(maxSearchLength, { error: ledgerFilterErrorMessages.search }));

/** An amount bound in reais ("1.234,56"), to cents; unlike a charge's amount, zero is a fine lower bound. */
const amountBoundSchema = z.pipe(
  z.string(),
  z.transform((text, context) => {
    const result = parseReaisToCents(text);
    if (result.ok) return result.cents;
    if (result.error === amountErrorMessages.zero) return 0;
    return z.refuse(context, result.error, text);
  }),
);

/** The list's page cursor: the shared keyset encoding (lib/schemas/list-sort.ts), always with the row's creation time. */
export function encodeLedgerCursor(cursor: LedgerCursor): string {
  return encodeListCursor({ id: cursor.id, direction: cursor.direction, time: cursor.createdAt, value: cursor.sortValue });
}

export function decodeLedgerCursor(text: string): LedgerCursor | undefined {
  const cursor = decodeListCursor(text);
  if (!cursor?.time || !uuidSchema.safeParse(cursor.id).success) return undefined;
  const key = { createdAt: cursor.time, id: cursor.id, direction: cursor.direction };
  return cursor.value === undefined ? key : { ...key, sortValue: cursor.value };
}
const uuidSchema = z.uuid();

export type ParsedLedgerQuery = {
  filters: LedgerFilters;
  /** The valid filters as given: what links (pages, export, Overview) carry. */
  values: LedgerFilterValues;
  /** Everything as typed, to refill the form. */
  input: LedgerFilterValues;
  errors: Partial<Record<LedgerFilterField | "cursor", string>>;
  cursor?: LedgerCursor;
  /** The list's order (a search's is always the default: its indexes are in creation order). */
  sort: LedgerSort;
  /** The optional columns shown, in their order (every one by default). */
  columns: LedgerOptionalColumn[];
  density: LedgerDensity;
};

type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

function readParam(params: SearchParamsInput, name: string): string | undefined {
  const value = params instanceof URLSearchParams ? (params.get(name) ?? undefined) : params[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Reads the list's query string. Never throws: bad values come back as field errors, as message
 * keys, or translated when the page's dictionary `t` is given.
 */
export function parseLedgerQuery(
  params: SearchParamsInput,
  t?: Readonly<Record<string, string>>,
  now: Date = new Date(),
): ParsedLedgerQuery {
  const result = parseLedgerQueryKeys(params, now);
  if (t)
    for (const [field, message] of Object.entries(result.errors))
      result.errors[field as keyof typeof result.errors] = translateMessage(t, message);
  return result;
}

function parseLedgerQueryKeys(params: SearchParamsInput, now: Date): ParsedLedgerQuery {
  const input: LedgerFilterValues = {};
  for (const field of ledgerFilterFields) {
    const value = readParam(params, field)?.trim();
    if (value) input[field] = value;
  }
  const result: ParsedLedgerQuery = {
    filters: {},
    values: {},
    input,
    errors: {},
    sort: defaultLedgerSort,
    columns: [...ledgerOptionalColumns],
    density: defaultLedgerDensity,
  };
  // `asGiven` turns the text into the form links carry (a typed day into YYYY-MM-DD).
  const accept = <T>(
    field: LedgerFilterField,
    schema: z.ZodMiniType<T, string>,
    apply: (value: T) => void,
    asGiven = (typed: string) => typed,
  ) => {
    const typed = input[field];
    if (typed === undefined) return;
    const text = asGiven(typed);
    const parsed = schema.safeParse(text);
    if (!parsed.success) {
      result.errors[field] = parsed.error.issues[0]?.message;
      return;
    }
    result.values[field] = text;
    apply(parsed.data);
  };

  accept("kind", kindSchema, (kind) => (result.filters.kind = kind));
  accept("status", statusSchema, (status) => (result.filters.status = status));
  // A preset names its days (and the custom ones are not read); an unknown period is ignored.
  const period = input.period;
  if (isPreset(period)) {
    const days = presetDays(period, saoPauloDayOf(now));
    result.values.period = period;
    result.filters.createdFrom = saoPauloDayStart(days.from);
    result.filters.createdBefore = saoPauloDayStart(nextCalendarDay(days.to));
  } else {
    // Days as typed in the language's way (25/11/2026) or as links carry them (2026-11-25): links keep the latter.
    accept("from", daySchema, (day) => (result.filters.createdFrom = saoPauloDayStart(day)), dayFromInput);
    accept("to", daySchema, (day) => (result.filters.createdBefore = saoPauloDayStart(nextCalendarDay(day))), dayFromInput);
  }
  if (result.values.from && result.values.to && result.values.to < result.values.from) {
    result.errors.to = ledgerFilterErrorMessages.toBeforeFrom;
    delete result.values.to;
    delete result.filters.createdBefore;
  }
  // Paid in a period: paid rows only, like the order by time paid.
  accept("paid", paidSchema, (preset) => {
    if (result.filters.status !== undefined && result.filters.status !== "SUCCEED") {
      result.errors.paid = ledgerFilterErrorMessages.paidStatus;
      delete result.values.paid;
      return;
    }
    const days = presetDays(preset, saoPauloDayOf(now));
    result.filters.status = "SUCCEED";
    result.filters.paidFrom = saoPauloDayStart(days.from);
    result.filters.paidBefore = saoPauloDayStart(nextCalendarDay(days.to));
  });
  // Older than so many minutes: the creation's end moves back to then (or stays, when earlier).
  accept("older", olderSchema, (minutes) => {
    const before = new Date(now.getTime() - minutes * 60_000);
    if (!result.filters.createdBefore || before < result.filters.createdBefore) result.filters.createdBefore = before;
  });
  // Past expiry as of now, still pending: the Reconciliation page links here for its expired charges.
  accept("expired", expiredSchema, () => (result.filters.expiredBy = now));
  accept("min", amountBoundSchema, (cents) => (result.filters.amountMinCents = cents));
  accept("max", amountBoundSchema, (cents) => (result.filters.amountMaxCents = cents));
  if (
    result.filters.amountMinCents !== undefined &&
    result.filters.amountMaxCents !== undefined &&
    result.filters.amountMaxCents < result.filters.amountMinCents
  ) {
    result.errors.max = ledgerFilterErrorMessages.maxBelowMin;
    delete result.values.max;
    delete result.filters.amountMaxCents;
  }
  accept("q", searchSchema, (search) => (result.filters.search = search));
  accept("link", linkSchema, (id) => (result.filters.paymentLinkId = id.toLowerCase()));

  acceptSort(result);
  accept(
    "cols",
    columnsSchema,
    (columns) => (result.columns = columns),
    // Kept as written now (dots): a link or view made with commas is rewritten.
    (typed) => typed.replace(/\s+/g, "").replaceAll(",", "."),
  );
  accept("density", densitySchema, (density) => {
    result.density = density;
    if (density === defaultLedgerDensity) delete result.values.density;
  });

  const cursorText = readParam(params, "cursor");
  if (cursorText) {
    result.cursor = decodeLedgerCursor(cursorText);
    if (!result.cursor || !cursorFitsSort(result.cursor, result.sort)) {
      result.cursor = undefined;
      result.errors.cursor = ledgerFilterErrorMessages.cursor;
    }
  }
  return result;
}

/**
 * The order: any with the filters, none with a search (the default order then, and no sort in the
 * links). By time paid lists paid rows only: it sets the Paid status, and refuses another one.
 */
function acceptSort(result: ParsedLedgerQuery): void {
  const text = result.input.sort;
  if (text === undefined || result.filters.search) return;
  const parsed = parseListSort(ledgerSort, text, ledgerFilterErrorMessages.sort);
  if (parsed.error) {
    result.errors.sort = parsed.error;
    return;
  }
  if (parsed.sort === "paid" || parsed.sort === "-paid") {
    if (result.filters.status !== undefined && result.filters.status !== "SUCCEED") {
      result.errors.sort = ledgerFilterErrorMessages.sortPaid;
      return;
    }
    result.filters.status = "SUCCEED";
  }
  result.sort = parsed.sort;
  if (parsed.sort !== defaultLedgerSort) result.values.sort = parsed.sort;
}

/** A page link made for this order: by amount or time paid it carries that row's value, of that form. */
function cursorFitsSort(cursor: LedgerCursor, sort: LedgerSort): boolean {
  return listCursorFitsSort(ledgerSort, sort, { id: cursor.id, direction: cursor.direction, value: cursor.sortValue });
}

/** A query string for the given filters (and page), e.g. for links; empty values are left out. */
export function ledgerQueryString(values: LedgerFilterValues, cursor?: LedgerCursor): string {
  const params = new URLSearchParams();
  for (const field of ledgerFilterFields) {
    const value = values[field];
    if (value) params.set(field, value);
  }
  if (cursor) params.set("cursor", encodeLedgerCursor(cursor));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * A saved view's query: the list's query string read by this parser, written back as it writes
 * links (valid fields only, in their order, no page cursor). Undefined when any field is invalid
 * (an outdated or altered view), so it is refused on save and shown as such when listed.
 */
export function ledgerViewQuery(text: string, now: Date = new Date()): string | undefined {
  const params = new URLSearchParams(text.startsWith("?") ? text.slice(1) : text);
  params.delete("cursor");
  const parsed = parseLedgerQuery(params, undefined, now);
  if (Object.keys(parsed.errors).length > 0) return undefined;
  return ledgerQueryString(parsed.values).slice(1);
}
