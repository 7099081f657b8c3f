// Reconciliation (every signed-in role): what callbacks cannot settle — creations still without an
// outcome after RECONCILIATION_AFTER_MINUTES, expired charges with no final status, unmatched and
// rejected deliveries — each list with what the operator should do. Read-only: nothing here
// resends money or changes a transaction.
import { translateMessage } from "@/lib/i18n/message";
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { StatusBadge } from "@/components/transactions/status-badge";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { listExpiredPendingCashIns, listProblemDeliveries, listUnsettledCreations } from "@/lib/db/queries/reconciliation";
import { formatBRL, formatDateTime, formatDocument, formatPixKey } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import type { MessageKey, Messages } from "@/lib/i18n/messages";
import { getRuntime } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Reconciliation" };

function ProblemSection({
  id,
  title,
  todo,
  count,
  empty,
  t,
  children,
}: {
  id: string;
  title: MessageKey;
  todo: MessageKey;
  count: number;
  empty: MessageKey;
  t: Messages;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-10" data-testid={`reconciliation-${id}`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t[title]} <span className="text-base font-normal text-slate-700">({fill(t["reconciliation.count"], { count })})</span>
      </h2>
      <p className="mb-3 max-w-3xl text-slate-800">{t[todo]}</p>
      {count === 0 ? <p>{t[empty]}</p> : children}
    </section>
  );
}

type TransactionRow = Awaited<ReturnType<typeof listUnsettledCreations>>[number];

function describe(row: TransactionRow): string {
  const who =
    row.kind === "CASH_OUT"
      ? `${row.pixKeyType ?? ""} ${row.pixKey ? formatPixKey(row.pixKeyType ?? "", row.pixKey) : ""}`
      : [row.payerName, row.payerDocument ? formatDocument(row.payerDocument) : null].filter(Boolean).join(" · ");
  return [who.trim(), row.externalReference].filter(Boolean).join(" · ");
}

export default async function ReconciliationPage() {
  await requirePageOperator("read", { wholeMerchant: true });
  const { locale, t } = await getMessages();
  const { db, config } = await getRuntime();
  const now = new Date();
  const [unsettled, expired, unmatched, rejected] = await Promise.all([
    listUnsettledCreations(db, new Date(now.getTime() - config.reconciliationAfterMinutes * 60_000)),
    listExpiredPendingCashIns(db, now),
    listProblemDeliveries(db, "unmatched"),
    listProblemDeliveries(db, "rejected"),
  ]);
  const transactionLink = (row: { id: string; creationState: string }) =>
    // A row still "creating" has no detail page yet (it is not shown as a real transaction).
    row.creationState === "creating" ? (
      <span className="font-mono">{row.id}</span>
    ) : (
      <Link href={`/transactions/${row.id}`} className="font-mono text-brand-700 underline">
        {row.id}
      </Link>
    );

  return (
    <>
      <PageHeader title={t["reconciliation.title"]} description={t["reconciliation.intro"]} />
      <ProblemSection
        id="unsettled"
        title="reconciliation.stuck.title"
        todo="reconciliation.stuck.todo"
        count={unsettled.length}
        empty="reconciliation.stuck.empty"
        t={t}
      >
        <p className="mb-2 text-sm text-slate-700">{fill(t["reconciliation.olderThan"], { minutes: config.reconciliationAfterMinutes })}</p>
        <DataTable
          caption={t["reconciliation.stuck.title"]}
          columns={[
            t["reconciliation.column.created"],
            t["reconciliation.column.kind"],
            t["reconciliation.column.amount"],
            t["reconciliation.column.state"],
            t["reconciliation.column.details"],
            t["reconciliation.column.transaction"],
          ]}
        >
          {unsettled.map((row) => (
            <tr key={row.id} className="border-t border-slate-200">
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(locale, row.createdAt)}</td>
              <td className="px-3 py-2">{t[`detail.kind.${row.kind}`]}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatBRL(row.amountCents)}</td>
              <td className="px-3 py-2">
                {row.creationState}
                {row.failureMessage ? (
                  <span className="block text-xs text-slate-700">{translateMessage(t, row.failureMessage)}</span>
                ) : null}
              </td>
              <td className="px-3 py-2 break-words">{describe(row)}</td>
              <td className="px-3 py-2">{transactionLink(row)}</td>
            </tr>
          ))}
        </DataTable>
      </ProblemSection>
      <ProblemSection
        id="expired"
        title="reconciliation.expired.title"
        todo="reconciliation.expired.todo"
        count={expired.length}
        empty="reconciliation.expired.empty"
        t={t}
      >
        <DataTable
          caption={t["reconciliation.expired.title"]}
          columns={[
            t["reconciliation.column.expiresAt"],
            t["reconciliation.column.amount"],
            t["reconciliation.column.details"],
            t["reconciliation.column.transaction"],
          ]}
        >
          {expired.map((row) => (
            <tr key={row.id} className="border-t border-slate-200">
              <td className="whitespace-nowrap px-3 py-2">{row.expiresAt ? formatDateTime(locale, row.expiresAt) : ""}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatBRL(row.amountCents)}</td>
              <td className="px-3 py-2 break-words">{describe(row)}</td>
              <td className="px-3 py-2">{transactionLink(row)}</td>
            </tr>
          ))}
        </DataTable>
      </ProblemSection>
      {(["rejected", "unmatched"] as const).map((outcome) => {
        const rows = outcome === "rejected" ? rejected : unmatched;
        return (
          <ProblemSection
            key={outcome}
            id={outcome}
            title={`reconciliation.${outcome}.title`}
            todo={`reconciliation.${outcome}.todo`}
            count={rows.length}
            empty={`reconciliation.${outcome}.empty`}
            t={t}
          >
            <DataTable
              caption={t[`reconciliation.${outcome}.title`]}
              columns={[
                t["reconciliation.column.receivedAt"],
                t["timeline.status"],
                t["reconciliation.column.walletId"],
                ...(outcome === "rejected" ? [t["reconciliation.column.reason"]] : []),
                t["reconciliation.column.transaction"],
                t["timeline.logId"],
              ]}
            >
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-200" data-outcome={outcome}>
                  <td className="whitespace-nowrap px-3 py-2">{formatDateTime(locale, row.receivedAt)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={row.status} t={t} />
                  </td>
                  <td className="px-3 py-2 font-mono break-all">{row.walletTransactionId}</td>
                  {outcome === "rejected" ? <td className="px-3 py-2 break-words">{row.rejectionReason}</td> : null}
                  <td className="px-3 py-2">
                    {row.transactionId ? (
                      <Link href={`/transactions/${row.transactionId}`} className="text-brand-700 underline">
                        {t["reconciliation.open"]}
                        <span className="sr-only"> {row.transactionId}</span>
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="px-3 py-2 font-mono">
                    {row.callbackLogId ? (
                      <Link href={`/callback-logs/${row.callbackLogId}`} className="text-brand-700 underline">
                        {row.callbackLogId.slice(0, 8)}…<span className="sr-only"> {row.callbackLogId}</span>
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          </ProblemSection>
        );
      })}
    </>
  );
}
