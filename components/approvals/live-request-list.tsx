"use client";
// The Approvals list's two tables (awaiting a decision, recently decided), live: one state as
// query data (components/live/use-live-query.ts), seeded by the page's render and pushed by the
// requests' server-sent events whenever any request is submitted, decided, cancelled or expires.
import type { ReactNode } from "react";
import { useLiveQuery } from "@/components/live/use-live-query";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { Link } from "@/components/ui/link";
import { formatBRL, formatDateTime } from "@/lib/format";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import type { Locale } from "@/lib/i18n/messages";
import type { RequestListItem, RequestListLiveState } from "@/lib/vocabulary/cash-out-request-live";
import { approvalStateVocabulary } from "@/lib/vocabulary/status-labels";

type ListMessages = ClientMessages<"liveRequestList">;

export const requestListStateUrl = "/api/cash-out-requests/state";

function RequestTable({ requests, caption, t, locale }: { requests: RequestListItem[]; caption: string; t: ListMessages; locale: Locale }) {
  const what = (request: RequestListItem) =>
    request.kind === "batch"
      ? fill(t["approvals.batch"], { n: request.itemCount, file: request.fileName ?? "CSV" })
      : fill(t["approvals.single"], { key: request.pixKey ?? "" });
  return (
    <DataTable
      caption={caption}
      columns={[
        t["approvals.col.when"],
        t["approvals.col.what"],
        t["approvals.col.amount"],
        t["approvals.col.by"],
        t["approvals.col.state"],
        t["approvals.col.expires"],
      ]}
    >
      {requests.map((request) => {
        const state = approvalStateVocabulary[request.state];
        return (
          <tr key={request.id} className="border-t border-slate-200" data-testid="approval-request-row">
            <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(locale, request.createdAt)}</td>
            <td className="px-3 py-2">
              <Link
                href={`/approvals/${request.id}`}
                className="font-medium text-brand-800 underline"
                aria-label={fill(t["approvals.open"], { what: what(request), amount: formatBRL(request.totalCents) })}
              >
                {what(request)}
              </Link>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatBRL(request.totalCents)}</td>
            <td className="px-3 py-2">{request.requestedByEmail}</td>
            <td className="px-3 py-2">
              <Badge tone={state.tone} data-testid="request-state">
                {t[state.key]}
              </Badge>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              {request.state === "awaiting_approval" ? formatDateTime(locale, request.expiresAt) : "—"}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** Both tables, from one live state (one stream); `children` go between them (the day's totals). */
export function LiveRequestLists({
  initial,
  t,
  locale,
  children,
}: {
  initial: RequestListLiveState;
  t: ListMessages;
  locale: Locale;
  children?: ReactNode;
}) {
  const { state } = useLiveQuery<RequestListLiveState>({
    stateUrl: requestListStateUrl,
    eventsUrl: "/api/cash-out-requests/events",
    initial,
  });
  const section = (id: string, heading: string, requests: RequestListItem[], empty: string) => (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-bold">
        {heading}
      </h2>
      {requests.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <RequestTable requests={requests} caption={heading} t={t} locale={locale} />
      )}
    </section>
  );
  return (
    <div className="space-y-8">
      {section("awaiting-heading", t["approvals.awaiting"], state.awaiting, t["approvals.empty"])}
      {children}
      {section("decided-heading", t["approvals.recent"], state.decided, t["approvals.emptyDecided"])}
    </div>
  );
}
