import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CashInActions } from "@/components/cash-in/cash-in-actions";
import { LiveStatus } from "@/components/transactions/live-status";
import { CopyButton } from "@/components/ui/copy-button";
import { Countdown } from "@/components/ui/countdown";
import { FormMessage } from "@/components/ui/form-message";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { findTransaction } from "@/lib/db/queries/transactions";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/messages";
import { formatBRL } from "@/lib/money";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";
import { getRuntime } from "@/lib/server/runtime";
import { dateTimeFormat } from "@/lib/i18n/date-time-format";

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
  const dateFormat = dateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium" });

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
            {transaction.qrcodeImage ? (
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
              <dt className="font-medium text-slate-700">{t["cashIn.result.amount"]}</dt>
              <dd className="text-xl font-bold" data-testid="cash-in-amount">
                {amount}
              </dd>
              <dt className="font-medium text-slate-700">{t["cashIn.result.status"]}</dt>
              <dd>
                <LiveStatus transactionId={transaction.id} initialStatus={transaction.status} t={t} />
              </dd>
              <dt className="font-medium text-slate-700">{t["cashIn.result.payer"]}</dt>
              <dd>
                {transaction.payerName} · {transaction.payerEmail} · {transaction.payerDocument}
              </dd>
              {transaction.expiresAt ? (
                <>
                  <dt className="font-medium text-slate-700">{t["cashIn.result.expiresAt"]}</dt>
                  <dd>{dateFormat.format(transaction.expiresAt)}</dd>
                  <dt className="font-medium text-slate-700">{t["cashIn.result.timeLeft"]}</dt>
                  <dd>
                    <Countdown
                      remainingMsAtRender={transaction.expiresAt.getTime() - Date.now()}
                      expiredLabel={t["cashIn.result.expired"]}
                    />
                  </dd>
                </>
              ) : null}
            </dl>
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
            <CashInActions
              transactionId={transaction.id}
              payerPath={transaction.payerDisplayToken ? `/pay/${transaction.payerDisplayToken}` : null}
              canSimulatePayment={config.wallet.isSandbox && roleCan(operator.role, "simulatePayment")}
              t={t}
            />
          </div>
        </div>
      ) : null}
      <p className="mt-8">
        <Link href="/cash-in" className="font-medium text-brand-700 underline">
          {t["cashIn.result.newCharge"]}
        </Link>
      </p>
    </>
  );
}
