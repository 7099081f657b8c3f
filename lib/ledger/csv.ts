// The ledger as CSV (RFC 4180, CRLF, UTF-8 with a BOM so Excel reads accents), with the usual guard
// against spreadsheet formula injection: a text cell starting with = + - @ (or tab/CR) gets a leading '.
import type { LedgerRow } from "@/lib/db/queries/ledger";
import { ledgerTimeZone, saoPauloStamp } from "@/lib/ledger/sao-paulo-dates";

export const csvByteOrderMark = "\uFEFF";

const formulaTriggers = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** One cell: empty for null, numbers as written, text guarded and quoted when needed. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const guarded = formulaTriggers.test(value) ? `'${value}` : value;
  return needsQuotes.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Integer cents as decimal reais with a dot, by integer arithmetic: 123456 → "1234.56". */
export function centsToDecimalReais(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new TypeError(`Amount must be a non-negative integer number of cents, got ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

const saoPauloTimeFormat = new Intl.DateTimeFormat("sv-SE", {
  timeZone: ledgerTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export const ledgerCsvColumns = [
  "id",
  "wallet_transaction_id",
  "kind",
  "status",
  "creation_state",
  "amount_reais",
  "amount_cents",
  "payer_name",
  "payer_email",
  "payer_document",
  "pix_key_type",
  "pix_key",
  "external_reference",
  "created_by",
  "created_at_utc",
  "created_at_sao_paulo",
] as const;

export function ledgerCsvHeader(): string {
  return csvByteOrderMark + csvLine(ledgerCsvColumns);
}

export function ledgerCsvRow(row: LedgerRow): string {
  return csvLine([
    row.id,
    row.walletTransactionId,
    row.kind,
    row.status,
    row.creationState,
    centsToDecimalReais(row.amountCents),
    row.amountCents,
    row.payerName,
    row.payerEmail,
    row.payerDocument,
    row.pixKeyType,
    row.pixKey,
    row.externalReference,
    row.createdByEmail,
    row.createdAt.toISOString(),
    saoPauloTimeFormat.format(row.createdAt),
  ]);
}

/** transactions-YYYYMMDD-HHMM.csv, in São Paulo time. */
export function ledgerCsvFileName(now: Date): string {
  return `transactions-${saoPauloStamp(now)}.csv`;
}
