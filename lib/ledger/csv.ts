// The ledger as CSV (RFC 4180, CRLF, UTF-8 with a BOM so Excel reads accents), in two dialects:
// "standard" (comma separated, 1234.56) and "br" (semicolon separated, 1234,56: what Excel expects
// in a Brazilian locale, the default for pt-BR). Cells are guarded against formula injection: text
// starting with = + - @ (or tab/CR) gets a leading ', except a number-like key such as a PIX phone
// "+5511987654321", which is quoted as it is (it cannot run anything, and a ' would corrupt it).
import type { LedgerRow } from "@/lib/db/queries/ledger";
import { formatDecimalReais } from "@/lib/format";
import type { Locale, Messages } from "@/lib/i18n/messages";
import { saoPauloDateTimeText, saoPauloStamp } from "@/lib/vocabulary/sao-paulo-dates";
import { maskPersonalFields } from "@/lib/vocabulary/personal-data-masks";
import { transactionKindLabels, transactionStatusLabels } from "@/lib/vocabulary/code-labels";
import { taxAsReported, taxToCents, type WalletTaxUnit } from "@/lib/vocabulary/wallet-tax";

export const csvByteOrderMark = "\uFEFF";

export const csvDialects = {
  standard: { separator: ",", decimal: "." },
  br: { separator: ";", decimal: "," },
} as const;
export type CsvDialectName = keyof typeof csvDialects;
export type CsvDialect = (typeof csvDialects)[CsvDialectName];

/** The dialect asked for (`?format=br|standard`), else the language's default (pt-BR: br). */
export function csvDialectFor(requested: string | null | undefined, locale: Locale): CsvDialectName {
  if (requested === "br" || requested === "standard") return requested;
  return locale === "pt-BR" ? "br" : "standard";
}

const formulaTriggers = /^[=+\-@\t\r]/;
const numberLikeKey = /^\+\d{8,15}$/;

/**
 * A number the dashboard wrote as text in the dialect's form ("-1,50"): written as it is, so a
 * spreadsheet reads a negative amount as a number, where text starting with "-" is guarded against
 * formulas. Only digits, one sign and one decimal mark pass.
 */
export type CsvNumberText = { readonly csvNumber: string };
export function csvNumberText(text: string): CsvNumberText {
  if (!/^-?\d+([.,]\d+)?$/.test(text)) throw new TypeError(`Not a number as text: ${text}`);
  return { csvNumber: text };
}

type CsvValue = string | number | CsvNumberText | null | undefined;

/** One cell: empty for null, numbers as written, text guarded and quoted when needed. */
export function csvCell(value: CsvValue, dialect: CsvDialect = csvDialects.standard): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "object") return value.csvNumber;
  if (numberLikeKey.test(value)) return `"${value}"`;
  const guarded = formulaTriggers.test(value) ? `'${value}` : value;
  const needsQuotes = /["\r\n]/.test(guarded) || guarded.includes(dialect.separator);
  return needsQuotes ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function csvLine(cells: ReadonlyArray<CsvValue>, dialect: CsvDialect = csvDialects.standard): string {
  return `${cells.map((cell) => csvCell(cell, dialect)).join(dialect.separator)}\r\n`;
}

export const ledgerCsvColumns = [
  "id",
  "wallet_transaction_id",
  "kind",
  "kind_label",
  "status",
  "status_label",
  "creation_state",
  "amount_reais",
  "amount_cents",
  "fee_reais",
  "fee_as_reported",
  "description",
  "payer_name",
  "payer_email",
  "payer_document",
  "pix_key_type",
  "pix_key",
  "external_reference",
  "created_by",
  "created_at_utc",
  "created_at_sao_paulo",
  "paid_at_sao_paulo",
  // Last, so the columns before keep their places for existing imports (#48).
  "payment_link_id",
  "payment_link_name",
] as const;

/** `personalData`: "full" only for a role allowed unmasked exports (lib/personal-data/export-choice.ts). */
/** taxUnit: WALLET_TAX_UNIT (lib/config.ts), how fee_reais reads the wallet's tax (empty when unknown). */
export type LedgerCsvOptions = { dialect: CsvDialect; t: Messages; taxUnit: WalletTaxUnit; personalData?: "masked" | "full" };

export function ledgerCsvHeader(dialect: CsvDialect = csvDialects.standard): string {
  return csvByteOrderMark + csvLine(ledgerCsvColumns, dialect);
}

function statusLabel(row: LedgerRow, t: Messages): string {
  if (row.creationState === "outcome_unknown") return t[transactionStatusLabels.UNKNOWN];
  return row.status ? t[transactionStatusLabels[row.status]] : "";
}

export function ledgerCsvRow(stored: LedgerRow, { dialect, t, taxUnit, personalData = "masked" }: LedgerCsvOptions): string {
  const row = personalData === "full" ? stored : maskPersonalFields(stored);
  const feeCents = taxToCents(row.tax, taxUnit);
  return csvLine(
    [
      row.id,
      row.walletTransactionId,
      row.kind,
      t[transactionKindLabels[row.kind]],
      row.status,
      statusLabel(row, t),
      row.creationState,
      formatDecimalReais(row.amountCents, dialect.decimal),
      row.amountCents,
      feeCents === null ? null : formatDecimalReais(feeCents, dialect.decimal),
      row.tax === null ? null : taxAsReported(row.tax),
      row.invoiceDescription,
      row.payerName,
      row.payerEmail,
      row.payerDocument,
      row.pixKeyType,
      row.pixKey,
      row.externalReference,
      row.createdByEmail,
      row.createdAt.toISOString(),
      saoPauloDateTimeText(row.createdAt),
      row.status === "SUCCEED" && row.statusChangedAt ? saoPauloDateTimeText(row.statusChangedAt) : null,
      row.paymentLinkId,
      row.paymentLinkName,
    ],
    dialect,
  );
}

/** transactions-YYYYMMDD-HHMM.csv, in São Paulo time. */
export function ledgerCsvFileName(now: Date): string {
  return `transactions-${saoPauloStamp(now)}.csv`;
}
