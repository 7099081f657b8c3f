import { DescriptionItem } from "@/components/ui/description-list";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { CashInActions } from "@/components/cash-in/cash-in-actions";
import { SandboxStatusControls } from "@/components/sandbox/sandbox-status-controls";
import { LiveStatus } from "@/components/transactions/live-status";
import { CopyButton } from "@/components/ui/copy-button";
import { Countdown } from "@/components/ui/countdown";
import { FormMessage } from "@/components/ui/form-message";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { findTransaction } from "@/lib/db/queries/transactions";
import { formatDateTime, formatDocument, formatPhone } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { formatBRL } from "@/lib/money";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";
import { getRuntime } from "@/lib/server/runtime";
import { isFinalStatus } from "@/lib/transactions/status-polling";
import type { WalletStatus } from "@/lib/transactions/statuses";

export const metadata: Metadata = { title: "Charge" };

export default async function CashInResultPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requirePageOperator("read");
  const id = transactionIdSchema.safeParse((await params).id);
  if (!id.success) notFound();
  const { db, config } = await getRuntime();
  const transaction = await findTransaction(db, id.data);
  if (transaction?.kind !== "CASH_IN" || transaction.creationState === "creating" || transaction.creationState === "rejected") notFound();
  const { locale, t } = await getMessages();
  const amount = formatBRL(transaction.amountCents);
  // Once paid, expired or failed, the QR code and copy-and-paste code cannot be paid any more: they
  // give way to a notice, the countdown to the time it closed, and the sandbox buttons go.
  const finalStatus = isFinalStatus(transaction.status) ? (transaction.status as Exclude<WalletStatus, "PENDING">) : null;
  const none = t["journeys.charge.none"];
  const row = (label: string, value: ReactNode, testId?: string) => (
    <DescriptionItem term={label} testId={testId}>
      {value}
    </DescriptionItem>
  );
  const sandboxTools = config.wallet.isSandbox && !finalStatus && transaction.walletTransactionId;

  return (
    <>
      <PageHeader title={`${t["cashIn.result.title"]} ${amount}`} />
      {transaction.creationState === "outcome_unknown" ? <FormMessage kind="error">{t["cashIn.result.outcomeUnknown"]}</FormMessage> : null}
      {transaction.customCallbackUrl ? (
        <p className="mb-4 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950">{t["cashIn.result.untracked"]}</p>
      ) : null}
      {transaction.creationState === "created" ? (
        <div className="grid gap-8 lg:grid-cols-[auto_1fr]">
          <div>
            {finalStatus ? (
              <p data-testid="charge-closed" className="max-w-xs rounded-lg border-2 border-slate-300 bg-slate-50 p-4 text-slate-900">
                {t[`journeys.charge.closed.${finalStatus}`]}
              </p>
            ) : transaction.qrcodeImage ? (
              // A data: URI from the wallet; next/image adds nothing for it.
              <img
                src={transaction.qrcodeImage}
                alt={fill(t["cashIn.result.qrAlt"], { amount })}
                width={280}
                height={280}
                className="rounded-lg border border-slate-300 bg-white p-2"
              />
            ) : null}
          </div>
          <div className="min-w-0 space-y-5">
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
              {row(t["cashIn.result.amount"], <span className="text-xl font-bold">{amount}</span>, "cash-in-amount")}
              {row(
                t["cashIn.result.status"],
                <LiveStatus transactionId={transaction.id} initialStatus={transaction.status} t={t} refreshWhenFinal />,
              )}
              {row(t["cashIn.result.payer"], [transaction.payerName, transaction.payerEmail].filter(Boolean).join(" · "), "cash-in-payer")}
              {row(
                t["journeys.charge.document"],
                transaction.payerDocument ? formatDocument(transaction.payerDocument) : none,
                "cash-in-document",
              )}
              {row(t["journeys.charge.phone"], transaction.payerPhone ? formatPhone(transaction.payerPhone) : none, "cash-in-phone")}
              {row(t["journeys.charge.description"], transaction.invoiceDescription ?? none, "cash-in-description")}
              {row(t["journeys.charge.externalReference"], transaction.externalReference ?? none, "cash-in-external-reference")}
              {finalStatus
                ? row(
                    t[`journeys.charge.finalAt.${finalStatus}`],
                    transaction.statusChangedAt ? formatDateTime(locale, transaction.statusChangedAt) : none,
                    "cash-in-final-at",
                  )
                : null}
              {!finalStatus && transaction.expiresAt ? (
                <>
                  {row(t["cashIn.result.expiresAt"], formatDateTime(locale, transaction.expiresAt), "cash-in-expires-at")}
                  {row(
                    t["cashIn.result.timeLeft"],
                    <Countdown
                      remainingMsAtRender={transaction.expiresAt.getTime() - Date.now()}
                      expiredLabel={t["cashIn.result.expired"]}
                    />,
                  )}
                </>
              ) : null}
            </dl>
            {finalStatus ? null : (
              <div>
                <label htmlFor="code-copy-paste" className="block text-sm font-medium text-slate-800">
                  {t["cashIn.result.copyPaste"]}
                </label>
                <textarea
                  id="code-copy-paste"
                  readOnly
                  rows={4}
                  value={transaction.codeCopyPaste ?? ""}
                  className="mt-1 block w-full rounded-md border border-slate-400 bg-slate-50 p-2 font-mono text-xs break-all"
                />
                <div className="mt-2">
                  <CopyButton
                    text={transaction.codeCopyPaste ?? ""}
                    label={t["cashIn.result.copy"]}
                    copiedMessage={t["cashIn.result.copied"]}
                    failedMessage={t["cashIn.result.copyFailed"]}
                  />
                </div>
              </div>
            )}
            <CashInActions
              transactionId={transaction.id}
              payerPath={transaction.payerDisplayToken ? `/pay/${transaction.payerDisplayToken}` : null}
              canSimulatePayment={Boolean(sandboxTools) && roleCan(operator.role, "simulatePayment")}
              t={t}
            />
            {sandboxTools && roleCan(operator.role, "useSandboxTools") ? (
              <SandboxStatusControls transactionId={transaction.id} changes={["expireCashIn"]} t={t} />
            ) : null}
          </div>
        </div>
      ) : null}
      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <Link href={`/transactions/${transaction.id}`} className="font-medium text-brand-700 underline">
          {t["journeys.charge.openDetail"]}
        </Link>
        <Link href="/cash-in" className="font-medium text-brand-700 underline">
          {t["cashIn.result.newCharge"]}
        </Link>
      </p>
    </>
  );
}
