import { DescriptionItem } from "@/components/ui/description-list";
import { translateMessage } from "@/lib/i18n/message";
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { CashOutStatus } from "@/components/cash-out/cash-out-status";
import { SandboxStatusControls } from "@/components/sandbox/sandbox-status-controls";
import { LiveCashOutFailure } from "@/components/cash-out/live-cash-out-failure";
import { LiveFinalAt, LiveOnceStatus, LiveStatus, LiveTransaction, LiveWhilePending } from "@/components/transactions/live-status";
import { PersonalDataReveal } from "@/components/personal-data/personal-data-reveal";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { findCashOut } from "@/lib/db/queries/cash-outs";
import type { TransactionRecord } from "@/lib/db/schema";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { formatBRL, formatDateTime } from "@/lib/format";
import { exposureOf, personalLineOf } from "@/lib/personal-data/exposure";
import { describeTax } from "@/lib/transactions/describe-tax";
import { pixKeyTypes } from "@/lib/vocabulary/pix-key-types";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";
import { getRuntime } from "@/lib/server/runtime";
import { isFinalStatus } from "@/lib/transactions/status-polling";
import { transactionLiveState } from "@/lib/vocabulary/transaction-live";
import { finalWalletStatuses } from "@/lib/vocabulary/transaction-statuses";
import { clientMessages } from "@/lib/i18n/client-messages";
import { ReceiptActions } from "@/components/receipts/receipt-actions";
import { receiptActionLabels, receiptLinkFor } from "@/lib/receipts/receipt-link";

export const metadata: Metadata = { title: "Cash-out" };

/** Why a cash-out is not (or not known to be) at the wallet, said plainly at the top of its page. */
function StandingNotice({ cashOut, t }: { cashOut: TransactionRecord; t: Messages }) {
  // At the wallet: a failure shows as the live status turns FAILED.
  if (cashOut.creationState === "created") return <LiveCashOutFailure t={clientMessages(t, "cashOutFailure")} />;
  const notice = {
    rejected: { title: t["cashOut.result.rejectedTitle"], body: null, style: "border-red-400 bg-red-50 text-red-950" },
    outcome_unknown: {
      title: t["cashOut.result.outcomeUnknownTitle"],
      body: t["cashOut.result.outcomeUnknownBody"],
      style: "border-orange-500 bg-orange-50 text-orange-950",
    },
    creating: {
      title: t["cashOut.result.creatingTitle"],
      body: t["cashOut.result.creatingBody"],
      style: "border-sky-500 bg-sky-50 text-sky-950",
    },
  }[cashOut.creationState];
  return (
    <div role="alert" data-testid="cash-out-standing" className={`mb-6 max-w-3xl space-y-1 rounded-lg border-2 px-4 py-3 ${notice.style}`}>
      <h2 className="text-lg font-bold">{notice.title}</h2>
      {cashOut.failureMessage ? <p>{fill(t["cashOut.result.reason"], { reason: translateMessage(t, cashOut.failureMessage) })}</p> : null}
      {notice.body ? <p>{notice.body}</p> : null}
    </div>
  );
}

export default async function CashOutResultPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requirePageOperator("read");
  const id = transactionIdSchema.safeParse((await params).id);
  if (!id.success) notFound();
  const { db, config } = await getRuntime();
  const cashOut = await findCashOut(db, operator.storeGrants, id.data);
  if (!cashOut) notFound();
  const { locale, t } = await getMessages();
  const amount = formatBRL(cashOut.amountCents);
  const final = isFinalStatus(cashOut.status);
  const metadataEntries = Object.entries(cashOut.metadata);
  // The link its receipt has once paid (its code does not depend on the status): shown when the live status is.
  const receiptLink =
    cashOut.status === "PENDING" || cashOut.status === "SUCCEED" ? receiptLinkFor({ ...cashOut, status: "SUCCEED" }, config) : null;
  const row = (label: string, value: ReactNode, testId?: string) => (
    <DescriptionItem term={label} testId={testId}>
      {value}
    </DescriptionItem>
  );

  return (
    <>
      <PageHeader title={`${t["cashOut.result.title"]} ${amount}`} />
      {/* What can change after the render follows the cash-out's live state: its status, a
          failure's reason, the time it turned final, the receipt, the sandbox buttons. */}
      <LiveTransaction
        transactionId={cashOut.id}
        initial={transactionLiveState(cashOut)}
        follow={cashOut.creationState === "created" && !final}
        locale={locale}
      >
        <StandingNotice cashOut={cashOut} t={t} />
        <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          {row(t["cashOut.result.amount"], <span className="text-xl font-bold">{amount}</span>, "cash-out-amount")}
          {row(
            t["cashOut.result.status"],
            cashOut.creationState === "created" ? (
              <LiveStatus t={clientMessages(t, "liveStatus")} />
            ) : (
              <CashOutStatus creationState={cashOut.creationState} status={cashOut.status} t={t} />
            ),
            "cash-out-status",
          )}
          {row(t["cashOut.result.tax"], describeTax(cashOut.tax, config.wallet.taxUnit, t), "cash-out-tax")}
          {row(
            t["cashOut.result.keyType"],
            cashOut.pixKeyType ? pixKeyTypes[cashOut.pixKeyType][locale].label : t["cashOut.result.unknown"],
            "cash-out-key-type",
          )}
          {row(
            t["cashOut.result.key"],
            cashOut.pixKey ? (
              <span className="font-mono">
                <PersonalDataReveal
                  transactionId={cashOut.id}
                  masked={personalLineOf(cashOut, "masked")}
                  canReveal={exposureOf("detail", operator.role) === "reveal-on-request"}
                  t={clientMessages(t, "personalDataReveal")}
                />
              </span>
            ) : (
              t["cashOut.result.unknown"]
            ),
            "cash-out-key",
          )}
          {row(t["cashOut.result.externalReference"], cashOut.externalReference ?? t["cashOut.result.none"], "cash-out-external-reference")}
          {row(
            t["cashOut.result.metadata"],
            metadataEntries.length ? (
              <ul>
                {metadataEntries.map(([key, value]) => (
                  <li key={key}>
                    <span className="font-mono">{key}</span>: {String(value)}
                  </li>
                ))}
              </ul>
            ) : (
              t["cashOut.result.none"]
            ),
            "cash-out-metadata",
          )}
          {row(t["cashOut.result.createdBy"], cashOut.createdByEmail ?? t["cashOut.result.unknown"], "cash-out-created-by")}
          {row(t["cashOut.result.createdAt"], formatDateTime(locale, cashOut.createdAt), "cash-out-created-at")}
          <LiveFinalAt
            terms={Object.fromEntries(finalWalletStatuses.map((status) => [status, t["journeys.cashOut.finalAt"]]))}
            testId="cash-out-final-at"
          />
          {cashOut.walletTransactionId
            ? row(t["cashOut.result.walletId"], <span className="font-mono">{cashOut.walletTransactionId}</span>, "cash-out-wallet-id")
            : null}
        </dl>
        {receiptLink ? (
          <LiveOnceStatus statuses={["SUCCEED"]}>
            <ReceiptActions
              transactionId={cashOut.id}
              locale={locale}
              verificationUrl={receiptLink}
              labels={receiptActionLabels(t, locale)}
            />
          </LiveOnceStatus>
        ) : null}
        {config.wallet.isSandbox && cashOut.creationState === "created" && !final && roleCan(operator.role, "useSandboxTools") ? (
          <LiveWhilePending>
            <div className="mt-8">
              <SandboxStatusControls
                transactionId={cashOut.id}
                changes={["settleCashOut", "failCashOut"]}
                t={clientMessages(t, "sandboxStatusControls")}
              />
            </div>
          </LiveWhilePending>
        ) : null}
        <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
          {cashOut.creationState === "creating" ? null : (
            <Link href={`/transactions/${cashOut.id}`} className="font-medium text-brand-700 underline" data-testid="cash-out-detail-link">
              {t["journeys.cashOut.openDetail"]}
            </Link>
          )}
          {roleCan(operator.role, "moveMoney") ? (
            <Link href="/cash-out" className="font-medium text-brand-700 underline">
              {t["cashOut.result.newCashOut"]}
            </Link>
          ) : null}
        </p>
      </LiveTransaction>
    </>
  );
}
