import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { BatchByKeyTypeList, BatchDuplicatesList } from "@/components/approvals/batch-summary-lists";
import { DailyTotalsTable } from "@/components/approvals/daily-totals-table";
import { RequestDecision } from "@/components/approvals/request-decision";
import {
  LiveBatchProgress,
  LiveRequest,
  LiveRequestAwaiting,
  LiveRequestDecisionFacts,
  LiveRequestStateBadge,
  LiveRowResult,
  LiveSentCashOutLink,
} from "@/components/approvals/live-request";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { requestLiveStateOf } from "@/lib/cash-out/request-live-state";
import { payoutRowResult } from "@/lib/cash-out/results-csv";
import { getApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { findCashOutRequest, listCashOutRequestRows } from "@/lib/db/queries/cash-out-requests";
import { getDailyTotals } from "@/lib/db/queries/daily-totals";
import { formatBRL, formatDateTime, formatPixKey } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { amountInWords } from "@/lib/schemas/money";
import { pixKeyTypes } from "@/lib/vocabulary/pix-key-types";
import { maskPersonalFields, type PersonalFields } from "@/lib/vocabulary/personal-data-masks";
import { summarisePayoutRows } from "@/lib/schemas/payout-csv";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";
import { getRuntime } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Cash-out request" };

function maskDuplicateKeys<Summary extends { duplicates: Array<PersonalFields> }>(summary: Summary): Summary {
  return { ...summary, duplicates: summary.duplicates.map(maskPersonalFields) };
}

export default async function CashOutRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requirePageOperator("moveMoney");
  const { id } = await params;
  if (!transactionIdSchema.safeParse(id).success) notFound();
  const { locale, t } = await getMessages();
  const { db, config } = await getRuntime();
  const request = await findCashOutRequest(db, operator.stores, id);
  if (!request) notFound();
  const [storedRows, policy, merchantTotals, requesterTotals] = await Promise.all([
    listCashOutRequestRows(db, id),
    getApprovalPolicy(db, { walletIsSandbox: config.wallet.isSandbox }),
    getDailyTotals(db),
    getDailyTotals(db, { operatorId: request.requestedByUserId }),
  ]);
  // The live state the page's client parts start from, of the rows just read (not read again).
  const live = requestLiveStateOf(request, storedRows);
  const awaiting = request.state === "awaiting_approval" && request.expiresAt.getTime() > Date.now();
  const isBatch = request.kind === "batch";
  // The page shows keys masked (docs/personal-data.md); duplicates are found on the stored keys.
  const rows = storedRows.map(maskPersonalFields);
  const single = isBatch ? undefined : rows[0];
  const summary = isBatch
    ? maskDuplicateKeys(
        summarisePayoutRows(
          storedRows.map((row) => ({
            line: row.line,
            order: {
              amount: row.amountCents,
              pixKey: { type: row.pixKeyType, key: row.pixKey },
              metadata: {},
              externalReference: undefined,
            },
          })),
        ),
      )
    : undefined;

  const item = (label: string, value: ReactNode, testId?: string) => (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {value}
      </dd>
    </>
  );
  const metadataEntries = Object.entries(single?.metadata ?? {});

  return (
    <>
      <PageHeader title={isBatch ? t["approvals.detail.batchTitle"] : t["approvals.detail.title"]} />
      <LiveRequest requestId={request.id} initial={live} t={clientMessages(t, "liveRequest")} locale={locale}>
        <div className="space-y-8">
          <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            {item(
              t["approvals.detail.state"],
              // What can change after the render follows the request's live state (components/approvals/live-request.tsx).
              <LiveRequestStateBadge
                rendered={request.state}
                shown={awaiting || request.state !== "awaiting_approval" ? request.state : "expired"}
              />,
            )}
            {item(
              t["approvals.detail.amount"],
              <span className="text-2xl font-bold">{formatBRL(request.totalCents)}</span>,
              "request-amount",
            )}
            {item(t["approvals.detail.amountInWords"], amountInWords(request.totalCents, locale), "request-amount-words")}
            {single ? (
              <>
                {item(t["approvals.detail.keyType"], pixKeyTypes[single.pixKeyType][locale].label, "request-key-type")}
                {item(
                  t["approvals.detail.key"],
                  <span className="font-mono text-lg">{formatPixKey(single.pixKeyType, single.pixKey)}</span>,
                  "request-key",
                )}
                {item(t["approvals.detail.reference"], single.externalReference ?? t["approvals.detail.none"], "request-reference")}
                {item(
                  t["approvals.detail.metadata"],
                  metadataEntries.length ? (
                    <ul>
                      {metadataEntries.map(([key, value]) => (
                        <li key={key}>
                          <span className="font-mono">{key}</span>: {value}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    t["approvals.detail.none"]
                  ),
                  "request-metadata",
                )}
              </>
            ) : (
              <>
                {item(t["approvals.detail.file"], request.fileName ?? "—")}
                {item(t["approvals.detail.count"], request.itemCount, "request-count")}
                {item(t["bulk.review.byType"], <BatchByKeyTypeList summary={summary!} locale={locale} />)}
                {item(
                  t["bulk.review.duplicates"],
                  <BatchDuplicatesList
                    summary={summary!}
                    lineTemplate={t["bulk.review.duplicateLines"]}
                    noneLabel={t["bulk.review.noDuplicates"]}
                  />,
                )}
              </>
            )}
            {item(t["approvals.detail.requestedBy"], request.requestedByEmail, "request-requested-by")}
            {item(t["approvals.detail.requestedAt"], formatDateTime(locale, request.createdAt))}
            {item(t["approvals.detail.expiresAt"], formatDateTime(locale, request.expiresAt))}
            <LiveRequestDecisionFacts />
          </dl>

          <LiveRequestAwaiting awaiting={awaiting}>
            <RequestDecision
              requestId={request.id}
              isRequester={request.requestedByUserId === operator.id}
              t={clientMessages(t, "requestDecision")}
            />
          </LiveRequestAwaiting>

          <LiveSentCashOutLink />

          {isBatch ? <LiveBatchProgress requestId={request.id} /> : null}

          <DailyTotalsTable
            t={t}
            locale={locale}
            lines={[
              {
                whose: fill(t["approvals.totals.operator"], { email: request.requestedByEmail }),
                totals: requesterTotals,
                limit: policy.operatorDailyLimitCents,
              },
              { whose: t["approvals.totals.merchant"], totals: merchantTotals, limit: policy.merchantDailyLimitCents },
            ]}
          />

          {isBatch ? (
            <section aria-labelledby="rows-heading" className="space-y-2">
              <h2 id="rows-heading" className="text-lg font-bold">
                {t["approvals.rows.title"]}
              </h2>
              <DataTable
                caption={t["approvals.rows.caption"]}
                columns={[
                  t["approvals.rows.line"],
                  t["approvals.detail.amount"],
                  t["approvals.detail.keyType"],
                  t["approvals.detail.key"],
                  t["approvals.detail.reference"],
                  t["approvals.rows.result"],
                ]}
              >
                {rows.map((row, index) => {
                  return (
                    <tr key={row.id} className="border-t border-slate-200">
                      <td className="px-3 py-2">{row.line}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatBRL(row.amountCents)}</td>
                      <td className="px-3 py-2">{pixKeyTypes[row.pixKeyType][locale].label}</td>
                      <td className="px-3 py-2 font-mono">{formatPixKey(row.pixKeyType, row.pixKey)}</td>
                      <td className="px-3 py-2">{row.externalReference ?? "—"}</td>
                      <td className="px-3 py-2">
                        <LiveRowResult index={index} rendered={payoutRowResult(request, row)} />
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
            </section>
          ) : null}
        </div>
      </LiveRequest>
    </>
  );
}
