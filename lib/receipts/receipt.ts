// A receipt ("comprovante") as lines of text in one language, built from a paid transaction's
// ledger row: the one source both renderings (receipt-pdf.ts, receipt-png.ts) draw, so the PDF and
// the image never disagree. Documents and PIX keys go through the one masking
// (lib/vocabulary/personal-data-masks.ts); times are São Paulo's (lib/format).
import type { ReceiptRow } from "@/lib/db/queries/receipts";
import { formatBRL, formatDateTime } from "@/lib/format";
import { dictionaries, type Locale } from "@/lib/i18n/messages";
import { formatCnpjForPrint } from "@/lib/schemas/brazilian-documents";
import { pixKeyTypes } from "@/lib/vocabulary/pix-key-types";
import { describeTax } from "@/lib/transactions/describe-tax";
import type { MerchantIdentity, MerchantLogo } from "@/lib/vocabulary/merchant-identity";
import type { WalletTaxUnit } from "@/lib/vocabulary/wallet-tax";
import { maskDocument, maskPixKey } from "@/lib/vocabulary/personal-data-masks";
import { receiptVerificationCode, receiptVerificationUrl } from "./verification-code";

export type ReceiptLine = { label: string; value: string };
export type Receipt = {
  locale: Locale;
  title: string;
  lines: ReceiptLine[];
  verificationLabel: string;
  verificationCode: string;
  verifyHint: string;
  verificationUrl: string;
  /** The merchant's logo (lib/merchant-identity/logo.ts), printed above the title; null when none is set. */
  logo: MerchantLogo | null;
  /** For the file's name. */
  transactionId: string;
};

export type ReceiptSettings = {
  merchantName: string;
  appUrl: string;
  authSecret: string;
  taxUnit: WalletTaxUnit;
  /** The merchant's legal name, CNPJ, address and logo (lib/db/queries/merchant-identity.ts); null while not set. */
  identity: MerchantIdentity | null;
};

/** Only a paid transaction has a receipt: a pending, failed or unconfirmed one proves nothing. */
export function hasReceipt(row: { creationState: string; status: string | null }): boolean {
  return row.creationState === "created" && row.status === "SUCCEED";
}

/** When the money moved: the paid status's time, else (an old row without it) when it was created. */
export function paidAt(row: Pick<ReceiptRow, "statusChangedAt" | "createdAt">): Date {
  return row.statusChangedAt ?? row.createdAt;
}

export function buildReceipt(row: ReceiptRow, settings: ReceiptSettings, locale: Locale): Receipt | null {
  if (!hasReceipt(row) || !row.walletTransactionId) return null;
  const t = dictionaries[locale];
  const lines: ReceiptLine[] = [
    { label: t["receipt.merchant"], value: settings.merchantName },
    ...merchantIdentityLines(settings.identity, t),
    { label: t["receipt.amount"], value: formatBRL(row.amountCents) },
  ];
  if (row.tax !== null) lines.push({ label: t["receipt.fee"], value: describeTax(row.tax, settings.taxUnit, t) });
  if (row.kind === "CASH_IN") {
    if (row.paymentLinkName) lines.push({ label: t["receipt.paymentLink"], value: row.paymentLinkName });
    if (row.payerName) lines.push({ label: t["receipt.payer"], value: row.payerName });
    if (row.payerDocument) lines.push({ label: t["receipt.document"], value: maskDocument(row.payerDocument) });
  } else if (row.pixKeyType && row.pixKey) {
    lines.push({
      label: `${t["receipt.recipient"]} — ${t["receipt.pixKey"]}`,
      value: `${pixKeyTypes[row.pixKeyType][locale].label}: ${maskPixKey(row.pixKeyType, row.pixKey)}`,
    });
  }
  lines.push(
    { label: t["receipt.dateTime"], value: formatDateTime(locale, paidAt(row), { seconds: true }) },
    { label: t["receipt.status"], value: t["status.SUCCEED"] },
    { label: t["receipt.walletId"], value: row.walletTransactionId },
    { label: t["receipt.ourId"], value: row.id },
    // The wallet API gives no end-to-end id and no bank data: the receipt says so rather than leave a gap (#51).
    { label: t["receipt.notProvided"], value: t["receipt.notProvidedValue"] },
  );
  const verificationCode = receiptVerificationCode(settings.authSecret, row.id);
  return {
    locale,
    title: t[`receipt.title.${row.kind}`],
    lines,
    verificationLabel: t["receipt.verificationCode"],
    verificationCode,
    verifyHint: t["receipt.verifyHint"],
    verificationUrl: receiptVerificationUrl(settings.appUrl, verificationCode),
    logo: settings.identity?.logo ?? null,
    transactionId: row.id,
  };
}

/** The merchant's legal name, CNPJ (formatted) and address (when given) as receipt lines; none while not set. */
export function merchantIdentityLines(identity: MerchantIdentity | null, t: (typeof dictionaries)[Locale]): ReceiptLine[] {
  if (!identity) return [];
  const lines = [
    { label: t["receipt.legalName"], value: identity.legalName },
    { label: t["receipt.cnpj"], value: formatCnpjForPrint(identity.cnpj) },
  ];
  if (identity.address) lines.push({ label: t["receipt.address"], value: identity.address });
  return lines;
}

/** "comprovante-<id>.pdf" / "receipt-<id>.png": the name says what it is in the reader's language. */
export function receiptFileName(receipt: Receipt, extension: "pdf" | "png"): string {
  return `${receipt.locale === "pt-BR" ? "comprovante" : "receipt"}-${receipt.transactionId}.${extension}`;
}
