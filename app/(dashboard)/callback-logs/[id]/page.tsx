import { translateMessage } from "@/lib/i18n/message";
import type { Metadata } from "next";
import Link from "next/link";
import { ResendCallbackForm } from "@/components/callbacks/resend-callback-form";
import { StatusBadge } from "@/components/transactions/status-badge";
import { CopyButton } from "@/components/ui/copy-button";
import { FormMessage } from "@/components/ui/form-message";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { maskReceiverSecret } from "@/lib/callbacks/mask-receiver-secret";
import { findTransactionIdByWalletId } from "@/lib/db/queries/callback-deliveries";
import { getMessages } from "@/lib/i18n/locale";
import { formatBRL } from "@/lib/money";
import { callbackLogIdSchema } from "@/lib/schemas/callback-log-lookup";
import { getRuntime } from "@/lib/server/runtime";
import { getWalletClient } from "@/lib/wallet/client";
import { isWalletError } from "@/lib/wallet/errors";
import type { CallbackLog } from "@/lib/wallet/schemas";
import { dateTimeFormat } from "@/lib/i18n/date-time-format";

export const metadata: Metadata = { title: "Callback log" };

function httpStatusClass(status: number): string {
  if (status >= 200 && status < 300) return "bg-emerald-100 text-emerald-950 border-emerald-500";
  if (status >= 400 && status < 500) return "bg-amber-100 text-amber-950 border-amber-500";
  return "bg-red-100 text-red-950 border-red-500";
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
    try {
      log = await getWalletClient().getCallbackLog(id.data);
    } catch (error) {
      if (!isWalletError(error)) throw error;
      problem = error.kind === "not_found" ? t["callbackLog.notFound"] : translateMessage(t, error.userMessage);
    }
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

  const snapshot = log.request;
  const localId = await findTransactionIdByWalletId(db, snapshot.id);
  const dateFormat = dateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium" });
  const rawJson = maskReceiverSecret(JSON.stringify(log, null, 2), config.callbackSecret);
  const responseJson = JSON.stringify(log.response ?? null, null, 2);
  const canResend = config.wallet.isSandbox && roleCan(operator.role, "useSandboxTools");

  return (
    <>
      {header}
      <div className="grid gap-8 xl:grid-cols-2">
        <div className="space-y-6">
          <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-300 bg-white p-4">
            <dt className="font-medium text-slate-700">{t["callbackLog.url"]}</dt>
            <dd className="font-mono text-sm break-all">{maskReceiverSecret(log.url, config.callbackSecret)}</dd>
            <dt className="font-medium text-slate-700">{t["callbackLog.responseStatus"]}</dt>
            <dd>
              <span
                data-testid="http-status"
                className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-semibold ${httpStatusClass(log.responseStatus)}`}
              >
                {log.responseStatus}
              </span>
            </dd>
            <dt className="font-medium text-slate-700">{t["callbackLog.deliveryStatus"]}</dt>
            <dd data-testid="delivery-status">{log.status}</dd>
            <dt className="font-medium text-slate-700">{t["callbackLog.createdAt"]}</dt>
            <dd>{dateFormat.format(new Date(log.createdAt))}</dd>
            <dt className="font-medium text-slate-700">{t["callbackLog.localTransaction"]}</dt>
            <dd>
              {localId ? (
                <Link href={`/transactions/${localId}`} className="text-brand-700 underline">
                  {t["callbackLog.openLocal"]}
                </Link>
              ) : (
                t["callbackLog.notKnown"]
              )}
            </dd>
          </dl>
          <section aria-labelledby="snapshot-heading" className="rounded-lg border border-slate-300 bg-white p-4">
            <h2 id="snapshot-heading" className="mb-3 text-lg font-semibold">
              {t["callbackLog.snapshot"]}
            </h2>
            <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2" data-testid="snapshot-card">
              <dt className="font-medium text-slate-700">{t["detail.walletId"]}</dt>
              <dd className="font-mono text-sm break-all">{snapshot.id}</dd>
              <dt className="font-medium text-slate-700">{t["callbackLog.operation"]}</dt>
              <dd>{t[`detail.kind.${snapshot.operation}`]}</dd>
              <dt className="font-medium text-slate-700">{t["detail.amount"]}</dt>
              <dd>{formatBRL(snapshot.value)}</dd>
              <dt className="font-medium text-slate-700">{t["detail.status"]}</dt>
              <dd>
                <StatusBadge status={snapshot.status} t={t} />
              </dd>
              <dt className="font-medium text-slate-700">{t["detail.tax"]}</dt>
              <dd>{snapshot.tax}</dd>
              <dt className="font-medium text-slate-700">{t["detail.walletDescription"]}</dt>
              <dd>{snapshot.description ?? "—"}</dd>
              <dt className="font-medium text-slate-700">{t["detail.externalReference"]}</dt>
              <dd>{snapshot.externalReference ?? "—"}</dd>
              {snapshot.payer ? (
                <>
                  <dt className="font-medium text-slate-700">{t["detail.payer"]}</dt>
                  <dd>{[snapshot.payer.name, snapshot.payer.email, snapshot.payer.document].filter(Boolean).join(" · ")}</dd>
                </>
              ) : null}
              <dt className="font-medium text-slate-700">{t["detail.createdAt"]}</dt>
              <dd>{dateFormat.format(new Date(snapshot.createdAt))}</dd>
            </dl>
          </section>
          <section aria-labelledby="response-heading">
            <h2 id="response-heading" className="mb-2 text-lg font-semibold">
              {t["callbackLog.response"]}
            </h2>
            <pre className="overflow-x-auto rounded-lg border border-slate-300 bg-white p-3 text-xs" data-testid="receiver-response">
              {responseJson}
            </pre>
          </section>
          {canResend ? <ResendCallbackForm walletTransactionId={snapshot.id} t={t} /> : null}
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
    </>
  );
}
