// What a detail page needs to offer a receipt: whether the transaction has one, and the public
// verification link to copy; plus the action labels in the page's language.
import { fill } from "@/lib/i18n/fill";
import type { Locale, Messages } from "@/lib/i18n/messages";
import { hasReceipt } from "./receipt";
import { receiptVerificationCode, receiptVerificationUrl } from "./verification-code";

export function receiptLinkFor(
  transaction: { id: string; creationState: string; status: string | null; walletTransactionId: string | null },
  config: { appUrl: string; authSecret: string },
): string | null {
  if (!hasReceipt(transaction) || !transaction.walletTransactionId) return null;
  return receiptVerificationUrl(config.appUrl, receiptVerificationCode(config.authSecret, transaction.id));
}

export function receiptActionLabels(t: Messages, locale: Locale) {
  return {
    section: t["receipt.section"],
    pdf: {
      "pt-BR": fill(t["receipt.downloadPdf"], { language: t["receipt.language.pt-BR"] }),
      en: fill(t["receipt.downloadPdf"], { language: t["receipt.language.en"] }),
    },
    png: fill(t["receipt.downloadPng"], { language: t[`receipt.language.${locale}`] }),
    copyLink: t["receipt.copyLink"],
    copied: t["receipt.linkCopied"],
    copyFailed: t["receipt.copyFailed"],
  };
}
