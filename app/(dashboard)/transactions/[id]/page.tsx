import { translateMessage } from "@/lib/i18n/message";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CallbackTimeline } from "@/components/callbacks/callback-timeline";
import { ResendCallbackForm } from "@/components/callbacks/resend-callback-form";
import { AutoRefresh } from "@/components/shell/auto-refresh";
import { StatusBadge } from "@/components/transactions/status-badge";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { listDeliveriesForTransaction } from "@/lib/db/queries/callback-deliveries";
import { findTransaction } from "@/lib/db/queries/transactions";
import { getMessages } from "@/lib/i18n/locale";
import { formatBRL } from "@/lib/money";
import { describeTax } from "@/lib/transactions/describe-tax";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";
import { getRuntime } from "@/lib/server/runtime";
import { isFinalStatus } from "@/lib/transactions/status-polling";
import { dateTimeFormat } from "@/lib/i18n/date-time-format";

export const metadata: Metadata = { title: "Transaction" };

export default async function TransactionDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requirePageOperator("read");
  const id = transactionIdSchema.safeParse((await params).id);
  if (!id.success) notFound();
  const { db, config } = await getRuntime();
  const transaction = await findTransaction(db, id.data);
  if (!transaction || transaction.creationState === "creating") notFound();
  const deliveries = await listDeliveriesForTransaction(db, transaction.id);
  const { locale, t } = await getMessages();
  const dateFormat = dateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium" });
  const none = t["detail.none"];
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
    [t["detail.tax"], transaction.tax === null ? none : describeTax(transaction.tax, config.wallet.isSandbox, t)],
    [
      t["detail.status"],
      <span data-testid="detail-status" key="status">
        <StatusBadge status={transaction.status} t={t} />
      </span>,
    ],
    [
      t["detail.creation"],
      transaction.creationState + (transaction.failureMessage ? ` — ${translateMessage(t, transaction.failureMessage)}` : ""),
    ],
    ...(transaction.kind === "CASH_IN"
      ? ([
          [
            t["detail.payer"],
            [transaction.payerName, transaction.payerEmail, transaction.payerDocument, transaction.payerPhone].filter(Boolean).join(" · "),
          ],
        ] as Array<[string, string]>)
      : ([[t["detail.pixKey"], `${transaction.pixKeyType ?? ""} ${transaction.pixKey ?? ""}`]] as Array<[string, string]>)),
    [t["detail.externalReference"], transaction.externalReference ?? none],
    [t["detail.invoiceDescription"], transaction.invoiceDescription ?? none],
    [t["detail.walletDescription"], transaction.walletDescription ?? none],
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
    [t["detail.expiresAt"], transaction.expiresAt ? dateFormat.format(transaction.expiresAt) : none],
    [t["detail.createdBy"], transaction.createdByEmail ?? none],
    [t["detail.createdAt"], dateFormat.format(transaction.createdAt)],
    [t["detail.statusChangedAt"], transaction.statusChangedAt ? dateFormat.format(transaction.statusChangedAt) : none],
  ];
  const canResend = config.wallet.isSandbox && roleCan(operator.role, "useSandboxTools") && transaction.walletTransactionId;

  return (
    <>
      <PageHeader title={`${t["detail.title"]} ${formatBRL(transaction.amountCents)}`} />
      <AutoRefresh active={!isFinalStatus(transaction.status) && transaction.creationState === "created"} />
      <div className="grid gap-8 xl:grid-cols-2">
        <section aria-labelledby="fields-heading">
          <h2 id="fields-heading" className="mb-3 text-lg font-semibold">
            {t["detail.fields"]}
          </h2>
          <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-300 bg-white p-4">
            {fields.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-700">{label}</dt>
                <dd className="min-w-0 break-words">{value}</dd>
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
        </section>
        <div className="space-y-6">
          <CallbackTimeline entries={deliveries} t={t} dateFormat={dateFormat} />
          {canResend ? <ResendCallbackForm walletTransactionId={transaction.walletTransactionId!} t={t} /> : null}
        </div>
      </div>
    </>
  );
}
