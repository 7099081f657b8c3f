import { actorLabel } from "@/lib/vocabulary/api-key-actor";
import { translateMessage } from "@/lib/i18n/message";
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { LiveCallbackTimeline } from "@/components/callbacks/live-callback-timeline";
import { LazyResendCallbackForm } from "@/components/callbacks/lazy-resend-callback-form";
import { SandboxStatusControls } from "@/components/sandbox/sandbox-status-controls";
import {
  LiveOnceStatus,
  LiveStatus,
  LiveStatusChangedAt,
  LiveStatusDescription,
  LiveTransaction,
  LiveWhilePending,
} from "@/components/transactions/live-status";
import { StatusBadge } from "@/components/transactions/status-badge";
import { PersonalDataReveal } from "@/components/personal-data/personal-data-reveal";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { listDeliveriesForTransaction } from "@/lib/db/queries/callback-deliveries";
import { findAnonymisedAt } from "@/lib/db/queries/anonymised-transactions";
import { findTransaction } from "@/lib/db/queries/transactions";
import { fill } from "@/lib/i18n/fill";
import { getMessages } from "@/lib/i18n/locale";
import { formatBRL, formatDate, formatDateTime } from "@/lib/format";
import { exposureOf, personalLineOf } from "@/lib/personal-data/exposure";
import { pixKeyTypes } from "@/lib/vocabulary/pix-key-types";
import { describeTax } from "@/lib/transactions/describe-tax";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";
import { getRuntime } from "@/lib/server/runtime";
import { isFinalStatus } from "@/lib/transactions/status-polling";
import { callbackTimelineEntry, transactionLiveState } from "@/lib/vocabulary/transaction-live";
import { clientMessages } from "@/lib/i18n/client-messages";
import { ReceiptActions } from "@/components/receipts/receipt-actions";
import { receiptActionLabels, receiptLinkFor } from "@/lib/receipts/receipt-link";

export const metadata: Metadata = { title: "Transaction" };

export default async function TransactionDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requirePageOperator("read");
  const id = transactionIdSchema.safeParse((await params).id);
  if (!id.success) notFound();
  const { db, config } = await getRuntime();
  const transaction = await findTransaction(db, operator.storeGrants, id.data);
  if (!transaction || transaction.creationState === "creating") notFound();
  const [anonymisedAt, deliveries] = await Promise.all([
    findAnonymisedAt(db, transaction.id),
    listDeliveriesForTransaction(db, transaction.id),
  ]);
  const { locale, t } = await getMessages();
  // One object for all of the page's forms: the messages they share travel once.
  const formMessages = clientMessages(t, "sandboxStatusControls", "resendCallbackForm");
  const none = t["detail.none"];
  const final = isFinalStatus(transaction.status);
  const live = transaction.creationState === "created" && !final;
  const fields: Array<[string, React.ReactNode]> = [
    [
      t["detail.localId"],
      <span className="font-mono" key="id">
        {transaction.id}
      </span>,
    ],
    [
      t["detail.walletId"],
      transaction.walletTransactionId ? (
        <span className="font-mono" key="wid">
          {transaction.walletTransactionId}
        </span>
      ) : (
        none
      ),
    ],
    [t["detail.kind"], t[`detail.kind.${transaction.kind}`]],
    [t["detail.amount"], formatBRL(transaction.amountCents)],
    // The rule of the cash-out page (lib/transactions/describe-tax.ts), with the transaction's own sandbox flag.
    [t["detail.tax"], transaction.tax === null ? none : describeTax(transaction.tax, config.wallet.taxUnit, t)],
    [
      t["detail.status"],
      <span data-testid="detail-status" key="status">
        {live ? <LiveStatus t={clientMessages(t, "liveStatus")} /> : <StatusBadge status={transaction.status} t={t} />}
      </span>,
    ],
    [
      t["detail.creation"],
      <span key="creation" data-testid="detail-creation">
        {t[`journeys.creation.${transaction.creationState}`] +
          (transaction.failureMessage ? ` — ${translateMessage(t, transaction.failureMessage)}` : "")}
      </span>,
    ],
    // Masked as the matrix says (docs/personal-data.md); finance and admin may ask for it in full (audited).
    [
      transaction.kind === "CASH_IN" ? t["detail.payer"] : t["detail.pixKey"],
      <span key="personal">
        {transaction.kind === "CASH_OUT" && transaction.pixKeyType ? `${pixKeyTypes[transaction.pixKeyType][locale].label} · ` : null}
        <PersonalDataReveal
          transactionId={transaction.id}
          masked={personalLineOf(transaction, "masked")}
          canReveal={exposureOf("detail", operator.role) === "reveal-on-request"}
          t={clientMessages(t, "personalDataReveal")}
        />
        {transaction.kind === "CASH_OUT" && !transaction.pixKey ? none : null}
        {anonymisedAt ? (
          <span className="ml-2 text-sm text-slate-700" data-testid="anonymised-on">
            {fill(t["personalData.anonymisedOn"], { date: formatDate(locale, anonymisedAt) })}
          </span>
        ) : null}
      </span>,
    ],
    [t["detail.externalReference"], transaction.externalReference ?? none],
    [t["detail.invoiceDescription"], transaction.invoiceDescription ?? none],
    // What the wallet said when it created the transaction is history once the status moved on:
    // labelled as such, beside the description that came with the current status.
    // The wallet's own words (in its language, not ours): marked translate="no", like other data.
    [
      t["journeys.detail.walletDescriptionAtCreation"],
      transaction.walletDescription ? (
        <span translate="no" key="wallet-description">
          {transaction.walletDescription}
        </span>
      ) : (
        none
      ),
    ],
  ];
  // After the status's own description (LiveStatusDescription, which follows the status).
  const laterFields: Array<[string, React.ReactNode]> = [
    [
      t["detail.metadata"],
      Object.keys(transaction.metadata).length ? (
        <code key="meta" className="break-all">
          {JSON.stringify(transaction.metadata)}
        </code>
      ) : (
        none
      ),
    ],
    [t["detail.callbackUrl"], transaction.customCallbackUrl ?? t["detail.ownReceiver"]],
    [t["detail.expiresAt"], transaction.expiresAt ? formatDateTime(locale, transaction.expiresAt) : none],
    [t["detail.createdBy"], transaction.createdByEmail ? actorLabel(transaction.createdByEmail, t["auditLog.actor.apiKey"]) : none],
    [t["detail.createdAt"], formatDateTime(locale, transaction.createdAt, { seconds: true })],
    [t["detail.statusChangedAt"], <LiveStatusChangedAt none={none} key="status-changed-at" />],
  ];
  // The link its receipt has once paid (its code does not depend on the status): shown when the live status is.
  const receiptLink =
    transaction.status === "PENDING" || transaction.status === "SUCCEED"
      ? receiptLinkFor({ ...transaction, status: "SUCCEED" }, config)
      : null;
  const canResend = config.wallet.isSandbox && roleCan(operator.role, "useSandboxTools") && transaction.walletTransactionId;

  return (
    <>
      <PageHeader title={`${t["detail.title"]} ${formatBRL(transaction.amountCents)}`} />
      {/* What can change after the render follows the transaction's live state: the status, its
          time and description, the receipt, the sandbox buttons, the callback timeline. */}
      <LiveTransaction transactionId={transaction.id} initial={transactionLiveState(transaction)} follow={live} locale={locale}>
        <div className="grid gap-8 xl:grid-cols-2">
          <section aria-labelledby="fields-heading">
            <h2 id="fields-heading" className="mb-3 text-lg font-semibold">
              {t["detail.fields"]}
            </h2>
            <dl className="grid gap-x-4 gap-y-2 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-[minmax(8rem,auto)_1fr]">
              {fields.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium text-slate-700">{label}</dt>
                  <dd className="min-w-0 wrap-anywhere">{value}</dd>
                </div>
              ))}
              <LiveStatusDescription term={t["journeys.detail.statusDescription"]} />
              {laterFields.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium text-slate-700">{label}</dt>
                  <dd className="min-w-0 wrap-anywhere">{value}</dd>
                </div>
              ))}
            </dl>
            {transaction.kind === "CASH_IN" && transaction.creationState === "created" ? (
              <p className="mt-3">
                <Link href={`/cash-in/${transaction.id}`} className="font-medium text-brand-700 underline">
                  {t["detail.openCharge"]}
                </Link>
              </p>
            ) : null}
            {transaction.kind === "CASH_OUT" ? (
              <p className="mt-3">
                <Link href={`/cash-out/${transaction.id}`} className="font-medium text-brand-700 underline">
                  {t["journeys.detail.openCashOut"]}
                </Link>
              </p>
            ) : null}
            {receiptLink ? (
              <LiveOnceStatus statuses={["SUCCEED"]}>
                <ReceiptActions
                  transactionId={transaction.id}
                  locale={locale}
                  verificationUrl={receiptLink}
                  labels={receiptActionLabels(t, locale)}
                />
              </LiveOnceStatus>
            ) : null}
            {live && config.wallet.isSandbox && transaction.walletTransactionId && roleCan(operator.role, "useSandboxTools") ? (
              <LiveWhilePending>
                <div className="mt-6">
                  <SandboxStatusControls
                    transactionId={transaction.id}
                    changes={transaction.kind === "CASH_IN" ? ["expireCashIn"] : ["settleCashOut", "failCashOut"]}
                    t={formMessages}
                  />
                </div>
              </LiveWhilePending>
            ) : null}
          </section>
          <div className="space-y-6">
            <LiveCallbackTimeline
              transactionId={transaction.id}
              initial={deliveries.map(callbackTimelineEntry)}
              locale={locale}
              t={clientMessages(t, "callbackTimeline")}
            />
            {canResend ? (
              <LazyResendCallbackForm
                transactionId={transaction.id}
                walletTransactionId={transaction.walletTransactionId!}
                t={formMessages}
              />
            ) : null}
          </div>
        </div>
      </LiveTransaction>
    </>
  );
}
