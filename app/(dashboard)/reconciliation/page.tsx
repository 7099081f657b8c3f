// Reconciliation (every signed-in role): what callbacks cannot settle — creations still without an
// outcome after RECONCILIATION_AFTER_MINUTES, expired charges with no final status, unmatched and
// rejected deliveries — each problem with what the operator should do, its count, its newest rows
// and a link to the ledger or the callback log filtered to exactly it (issue #52: the page listed
// up to 200 rows of each). Read-only: nothing here resends money, changes a transaction or calls a
// wallet. Every read takes the operator's StoreScope (issue #49): an operator of some stores sees
// their transactions' problems only.
import { translateMessage } from "@/lib/i18n/message";
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { StatusBadge } from "@/components/transactions/status-badge";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { findReconciliationProblems } from "@/lib/db/queries/reconciliation";
import { ledgerQueryString, maxOlderMinutes } from "@/lib/schemas/ledger-filters";
import { formatBRL, formatDateTime, formatDocument, formatNumber, formatPixKey } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import type { MessageKey, Messages } from "@/lib/i18n/messages";
import { getRuntime } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Reconciliation" };

function ProblemSection({
  id,
  title,
  todo,
  problem,
  empty,
  all,
  t,
  locale,
  children,
}: {
  id: string;
  title: MessageKey;
  todo: MessageKey;
  problem: { count: number; capped: boolean; rows: unknown[] };
  empty: MessageKey;
  /** The list filtered to exactly this problem: every row, not only the newest. */
  all: { href: string; label: MessageKey };
  t: Messages;
  locale: string;
  children: ReactNode;
}) {
  const { count, capped, rows } = problem;
  const countText = fill(t[capped ? "reconciliation.countMore" : "reconciliation.count"], { count: formatNumber(locale, count) });
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-10" data-testid={`reconciliation-${id}`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t[title]} <span className="text-base font-normal text-slate-700">({countText})</span>
      </h2>
      <p className="mb-3 max-w-3xl text-slate-800">{t[todo]}</p>
      {count === 0 ? (
        <p>{t[empty]}</p>
      ) : (
        <>
          {children}
          <p className="mt-2">
            {count > rows.length ? `${fill(t["reconciliation.newest"], { shown: rows.length })} ` : null}
            <Link href={all.href} className="font-medium text-brand-700 underline">
              {t[all.label]}
              <span className="sr-only">: {t[title]}</span>
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

type TransactionRow = Awaited<ReturnType<typeof findReconciliationProblems>>["unsettled"]["rows"][number];

function describe(row: TransactionRow): string {
  const who =
    row.kind === "CASH_OUT"
      ? `${row.pixKeyType ?? ""} ${row.pixKey ? formatPixKey(row.pixKeyType ?? "", row.pixKey) : ""}`
      : [row.payerName, row.payerDocument ? formatDocument(row.payerDocument) : null].filter(Boolean).join(" · ");
  return [who.trim(), row.externalReference].filter(Boolean).join(" · ");
}

export default async function ReconciliationPage() {
  const operator = await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const { db, config } = await getRuntime();
  const now = new Date();
  const { unsettled, expired, unmatched, rejected } = await findReconciliationProblems(db, operator.stores, {
    olderThan: new Date(now.getTime() - config.reconciliationAfterMinutes * 60_000),
    now,
  });
  const caption = (title: MessageKey, shown: number) => `${t[title]}: ${fill(t["reconciliation.newestCaption"], { shown })}`;
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
        problem={unsettled}
        empty="reconciliation.stuck.empty"
        all={{
          // The ledger lists those with an unknown outcome; rows still being created are not transactions yet.
          href: `/transactions${ledgerQueryString({ status: "UNKNOWN", older: String(Math.min(config.reconciliationAfterMinutes, maxOlderMinutes)) })}`,
          label: "reconciliation.allInTransactions",
        }}
        t={t}
        locale={locale}
      >
        <p className="mb-2 text-sm text-slate-700">{fill(t["reconciliation.olderThan"], { minutes: config.reconciliationAfterMinutes })}</p>
        {unsettled.stillCreating > 0 ? (
          <p className="mb-2 text-sm text-slate-700">{fill(t["reconciliation.stillCreating"], { count: unsettled.stillCreating })}</p>
        ) : null}
        <DataTable
          caption={caption("reconciliation.stuck.title", unsettled.rows.length)}
          columns={[
            t["reconciliation.column.created"],
            t["reconciliation.column.kind"],
            t["reconciliation.column.amount"],
            t["reconciliation.column.state"],
            t["reconciliation.column.details"],
            t["reconciliation.column.transaction"],
          ]}
        >
          {unsettled.rows.map((row) => (
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
        problem={expired}
        empty="reconciliation.expired.empty"
        all={{
          href: `/transactions${ledgerQueryString({ kind: "CASH_IN", status: "PENDING", expired: "1" })}`,
          label: "reconciliation.allInTransactions",
        }}
        t={t}
        locale={locale}
      >
        <DataTable
          caption={caption("reconciliation.expired.title", expired.rows.length)}
          columns={[
            t["reconciliation.column.expiresAt"],
            t["reconciliation.column.amount"],
            t["reconciliation.column.details"],
            t["reconciliation.column.transaction"],
          ]}
        >
          {expired.rows.map((row) => (
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
        const problem = outcome === "rejected" ? rejected : unmatched;
        return (
          <ProblemSection
            key={outcome}
            id={outcome}
            title={`reconciliation.${outcome}.title`}
            todo={`reconciliation.${outcome}.todo`}
            problem={problem}
            empty={`reconciliation.${outcome}.empty`}
            all={{ href: `/callback-logs?outcome=${outcome}`, label: "reconciliation.allInCallbackLogs" }}
            t={t}
            locale={locale}
          >
            <DataTable
              caption={caption(`reconciliation.${outcome}.title`, problem.rows.length)}
              columns={[
                t["reconciliation.column.receivedAt"],
                t["timeline.status"],
                t["reconciliation.column.walletId"],
                ...(outcome === "rejected" ? [t["reconciliation.column.reason"]] : []),
                t["reconciliation.column.transaction"],
                t["timeline.logId"],
              ]}
            >
              {problem.rows.map((row) => (
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
