import { translateMessage } from "@/lib/i18n/message";
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { LazyResendCallbackForm } from "@/components/callbacks/lazy-resend-callback-form";
import { StatusBadge } from "@/components/transactions/status-badge";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { CopyIdButton } from "@/components/ui/copy-id-button";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import { FormMessage } from "@/components/ui/form-message";
import { PageHeader } from "@/components/ui/page-header";
import { Toaster } from "@/components/ui/toaster";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { maskReceiverSecret } from "@/lib/callbacks/mask-receiver-secret";
import { readCallbackLog } from "@/lib/callbacks/read-callback-log";
import { findTransactionByWalletId } from "@/lib/db/queries/callback-deliveries";
import { formatDateTime, formatBRL } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { callbackLogIdSchema } from "@/lib/schemas/callback-log-lookup";
import { getRuntime } from "@/lib/server/runtime";
import type { CallbackLog } from "@/lib/wallet/schemas";
import { maskPersonalDataInText } from "@/lib/vocabulary/personal-data-masks";
import { describeTax } from "@/lib/transactions/describe-tax";
import type { Tone } from "@/lib/vocabulary/status-labels";
import { clientMessages } from "@/lib/i18n/client-messages";
import { isLabelledWalletCallbackLogStatus, walletCallbackLogStatusLabels } from "@/lib/vocabulary/code-labels";

export const metadata: Metadata = { title: "Callback log" };

function httpStatusTone(status: number): Tone {
  if (status >= 200 && status < 300) return "success";
  if (status >= 400 && status < 500) return "warning";
  return "danger";
}

/** A callback log with every e-mail, CPF and phone in it masked (the payer's card and the raw JSON alike). */
function maskCallbackLog(log: CallbackLog): CallbackLog {
  return JSON.parse(maskPersonalDataInText(JSON.stringify(log))) as CallbackLog;
}

export default async function CallbackLogPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const { db, config } = await getRuntime();
  const rawId = (await params).id;
  const id = callbackLogIdSchema.safeParse(rawId);

  let log: CallbackLog | undefined;
  let problem: string | undefined;
  if (!id.success) {
    problem = t["callbackLog.malformedId"];
  } else {
    // Through the wallet of its transaction's store, if the operator's role applies to it (issue #49).
    const reading = await readCallbackLog({ db, config }, operator.storeGrants, id.data);
    if (reading.ok) log = reading.log;
    else problem = reading.notFound ? t["callbackLog.notFound"] : translateMessage(t, reading.error.userMessage);
  }

  const header = <PageHeader title={`${t["callbackLog.title"]} ${id.success ? id.data : ""}`.trim()} />;
  if (!log) {
    return (
      <>
        {header}
        <FormMessage kind="error">{problem}</FormMessage>
        <p className="mt-4">
          <Link href="/callback-logs" className="text-brand-700 underline">
            {t["callbackLog.lookup"]}
          </Link>
        </p>
      </>
    );
  }

  // The wallet's record, personal data masked like every other page (docs/personal-data.md).
  log = maskCallbackLog(log);
  const snapshot = log.request;
  const localId = (await findTransactionByWalletId(db, snapshot.id))?.id;
  const when = (iso: string) => formatDateTime(locale, iso, { seconds: true });
  const rawJson = maskReceiverSecret(JSON.stringify(log, null, 2), config.callbackSecret);
  const responseJson = JSON.stringify(log.response ?? null, null, 2);
  const canResend = config.wallet.isSandbox && roleCan(operator.role, "useSandboxTools");

  return (
    <>
      {header}
      <div className="grid gap-8 xl:grid-cols-2">
        <div className="space-y-6">
          <DescriptionList className="rounded-lg border border-slate-300 bg-white p-4">
            <DescriptionItem term={t["callbackLog.url"]} mono>
              {maskReceiverSecret(log.url, config.callbackSecret)}
            </DescriptionItem>
            <DescriptionItem term={t["callbackLog.responseStatus"]}>
              <Badge tone={httpStatusTone(log.responseStatus)} data-testid="http-status">
                {String(log.responseStatus)}
              </Badge>
            </DescriptionItem>
            <DescriptionItem term={t["callbackLog.deliveryStatus"]}>
              <span data-testid="delivery-status">
                {isLabelledWalletCallbackLogStatus(log.status) ? (
                  t[walletCallbackLogStatusLabels[log.status]]
                ) : (
                  <code translate="no">{log.status}</code>
                )}
              </span>
            </DescriptionItem>
            <DescriptionItem term={t["callbackLog.createdAt"]}>{when(log.createdAt)}</DescriptionItem>
            <DescriptionItem term={t["callbackLog.localTransaction"]}>
              {localId ? (
                <Link href={`/transactions/${localId}`} className="text-brand-700 underline">
                  {t["callbackLog.openLocal"]}
                </Link>
              ) : (
                t["callbackLog.notKnown"]
              )}
            </DescriptionItem>
          </DescriptionList>
          <section aria-labelledby="snapshot-heading" className="rounded-lg border border-slate-300 bg-white p-4">
            <h2 id="snapshot-heading" className="mb-3 text-lg font-semibold">
              {t["callbackLog.snapshot"]}
            </h2>
            <DescriptionList data-testid="snapshot-card">
              <DescriptionItem term={t["detail.walletId"]} mono>
                {snapshot.id}
                <CopyIdButton
                  value={snapshot.id}
                  label={fill(t["ui.copyId"], { id: snapshot.id })}
                  copied={t["ui.copied"]}
                  failed={t["ui.copyFailed"]}
                />
              </DescriptionItem>
              <DescriptionItem term={t["callbackLog.operation"]}>{t[`detail.kind.${snapshot.operation}`]}</DescriptionItem>
              <DescriptionItem term={t["detail.amount"]}>{formatBRL(snapshot.value)}</DescriptionItem>
              <DescriptionItem term={t["detail.status"]}>
                <StatusBadge status={snapshot.status} t={t} />
              </DescriptionItem>
              <DescriptionItem term={t["detail.tax"]}>{describeTax(String(snapshot.tax), config.wallet.taxUnit, t)}</DescriptionItem>
              <DescriptionItem term={t["detail.walletDescription"]}>
                {/* The wallet's own words, in its language: data, like the JSON below. */}
                <span translate="no">{snapshot.description ?? "—"}</span>
              </DescriptionItem>
              <DescriptionItem term={t["detail.externalReference"]}>{snapshot.externalReference ?? "—"}</DescriptionItem>
              {snapshot.payer ? (
                <DescriptionItem term={t["detail.payer"]}>
                  {[snapshot.payer.name, snapshot.payer.email, snapshot.payer.document ?? null].filter(Boolean).join(" · ")}
                </DescriptionItem>
              ) : null}
              <DescriptionItem term={t["detail.createdAt"]}>{when(snapshot.createdAt)}</DescriptionItem>
            </DescriptionList>
          </section>
          <section aria-labelledby="response-heading">
            <h2 id="response-heading" className="mb-2 text-lg font-semibold">
              {t["callbackLog.response"]}
            </h2>
            <pre className="overflow-x-auto rounded-lg border border-slate-300 bg-white p-3 text-xs" data-testid="receiver-response">
              {responseJson}
            </pre>
          </section>
          {canResend ? <LazyResendCallbackForm walletTransactionId={snapshot.id} t={clientMessages(t, "resendCallbackForm")} /> : null}
        </div>
        <section aria-labelledby="raw-heading">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 id="raw-heading" className="text-lg font-semibold">
              {t["callbackLog.rawJson"]}
            </h2>
            <CopyButton
              text={rawJson}
              label={t["callbackLog.copyJson"]}
              copiedMessage={t["callbackLog.copied"]}
              failedMessage={t["cashIn.result.copyFailed"]}
            />
          </div>
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the focusable block is announced by its heading's name */}
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must take keyboard focus to scroll (axe scrollable-region-focusable)
            tabIndex={0}
            aria-labelledby="raw-heading"
            className="max-h-[40rem] overflow-auto rounded-lg border border-slate-300 bg-slate-900 p-3 text-xs text-slate-100"
            data-testid="raw-json"
          >
            {rawJson}
          </pre>
        </section>
      </div>
      <Toaster closeLabel={t["ui.close"]} />
    </>
  );
}
