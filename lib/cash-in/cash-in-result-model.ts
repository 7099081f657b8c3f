import "server-only";
// What a charge's result view shows, as plain values formatted for the operator's language. The
// result page builds it from the stored row; the cash-in action builds the same from the row it just
// wrote and returns it, so the form can show the charge at once instead of fetching the page
// (components/cash-in/cash-in-result.tsx renders it in both places).
import type { AppConfig } from "@/lib/config";
import type { Operator } from "@/lib/auth/operator";
import { roleCan } from "@/lib/auth/roles";
import type { TransactionRecord } from "@/lib/db/schema/transactions";
import { formatBRL, formatDateTime } from "@/lib/format";
import { maskDocument, maskEmail, maskPhone } from "@/lib/vocabulary/personal-data-masks";
import type { Locale } from "@/lib/i18n/messages";
import { isFinalStatus } from "@/lib/transactions/status-polling";
import type { WalletStatus } from "@/lib/vocabulary/transaction-statuses";
import { type TransactionLiveState, transactionLiveState } from "@/lib/vocabulary/transaction-live";

export type CashInResultModel = {
  id: string;
  /** The language the values are formatted in (the live parts format the times they are pushed). */
  locale: Locale;
  /** Its live state as rendered (components/transactions/live-status.tsx follows it from there). */
  live: TransactionLiveState;
  /** "R$ 12,34". */
  amount: string;
  status: string | null;
  /** Paid, expired or failed: the QR code, the code and the countdown give way to a notice. */
  finalStatus: Exclude<WalletStatus, "PENDING"> | null;
  outcomeUnknown: boolean;
  /** Created with the operator's own callback URL: this dashboard will not hear about it. */
  untracked: boolean;
  created: boolean;
  qrcodeImage: string | null;
  codeCopyPaste: string | null;
  payer: string;
  document: string | null;
  phone: string | null;
  description: string | null;
  externalReference: string | null;
  expiresAt: string | null;
  /** Milliseconds left when the model was made: the server's clock is the reference. */
  remainingMs: number | null;
  payerPath: string | null;
  canSimulatePayment: boolean;
  showSandboxControls: boolean;
};

export function cashInResultModel(
  transaction: TransactionRecord,
  { locale, operator, config, now = Date.now() }: { locale: Locale; operator: Pick<Operator, "role">; config: AppConfig; now?: number },
): CashInResultModel {
  const finalStatus = isFinalStatus(transaction.status) ? (transaction.status as Exclude<WalletStatus, "PENDING">) : null;
  const sandboxTools = Boolean(config.wallet.isSandbox && !finalStatus && transaction.walletTransactionId);
  return {
    id: transaction.id,
    amount: formatBRL(transaction.amountCents),
    status: transaction.status,
    finalStatus,
    outcomeUnknown: transaction.creationState === "outcome_unknown",
    untracked: Boolean(transaction.customCallbackUrl),
    created: transaction.creationState === "created",
    qrcodeImage: transaction.qrcodeImage,
    codeCopyPaste: transaction.codeCopyPaste,
    // Masked like every page (docs/personal-data.md); the transaction's detail page shows it in full on request.
    payer: [transaction.payerName, transaction.payerEmail ? maskEmail(transaction.payerEmail) : null].filter(Boolean).join(" · "),
    document: transaction.payerDocument ? maskDocument(transaction.payerDocument) : null,
    phone: transaction.payerPhone ? maskPhone(transaction.payerPhone) : null,
    description: transaction.invoiceDescription,
    externalReference: transaction.externalReference,
    expiresAt: transaction.expiresAt ? formatDateTime(locale, transaction.expiresAt) : null,
    remainingMs: transaction.expiresAt ? transaction.expiresAt.getTime() - now : null,
    payerPath: transaction.payerDisplayToken ? `/pay/${transaction.payerDisplayToken}` : null,
    canSimulatePayment: sandboxTools && roleCan(operator.role, "simulatePayment"),
    showSandboxControls: sandboxTools && roleCan(operator.role, "useSandboxTools"),
    locale,
    live: transactionLiveState(transaction),
  };
}
