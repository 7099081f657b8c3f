// The audit log (admins): who did what and when, with readable action names and details, filters
// (action, operator, São Paulo days) as a compact bar with chips, the matching count (up to
// "more than 10,000": lib/vocabulary/audit-log-list.ts) and pages of 50; its optional columns and
// density are chosen with the Columns control (?cols=, ?density=: issue #53).
import { actorLabel } from "@/lib/vocabulary/api-key-actor";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { DataTable, sortHeaderLink } from "@/components/ui/data-table";
import { listLook } from "@/components/ui/list-look";
import { FilterBar, type FilterChip, FilterChips } from "@/components/ui/filter-bar";
import { FilterSelect } from "@/components/ui/filter-select";
import { PageHeader } from "@/components/ui/page-header";
import { TextField } from "@/components/ui/text-field";
import { TruncatedText } from "@/components/ui/truncated-text";
import { type AuditLogField, auditLogQueryString, parseAuditLogQuery } from "@/lib/audit-log/audit-log-query";
import { auditActionLabel, auditOutcomeLabel, describeAuditDetails } from "@/lib/audit-log/describe-audit-event";
import { requirePageOperator } from "@/lib/auth/session";
import { listAuditLogPage } from "@/lib/db/queries/audit-events";
import { type AuditLogColumn, auditLogColumns, auditLogCountCap, auditLogSort } from "@/lib/vocabulary/audit-log-list";
import { KeysetPagination } from "@/components/ui/keyset-pagination";
import { listOperators } from "@/lib/db/queries/operators";
import { formatDate, formatDateTime, formatNumber } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { auditActionsWithNames } from "@/lib/i18n/messages";
import { saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import type { Tone } from "@/lib/vocabulary/status-labels";
import { getDb } from "@/lib/server/runtime";
import { queryWithoutEmptyParams } from "@/lib/url/query-without-empty";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const outcomeTones: Record<string, Tone> = { success: "success", failure: "danger", refused: "warning" };

// The look of every row's action code and details list, set once on the table (DataTable's className)
// rather than repeated in each of the 50 rows' HTML and payload.
const detailsLook =
  "[&_code]:text-xs [&_td>code]:text-slate-600 [&_dl]:grid [&_dl]:grid-cols-[auto_1fr] [&_dl]:gap-x-3 [&_dl]:gap-y-0.5 [&_dl]:text-sm [&_dd]:min-w-0 [&_dd]:break-words [&_dt]:text-slate-600";

export default async function AuditLogPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator("readAuditLog");
  const { locale, t } = await getMessages();
  const params = await searchParams;
  const clean = queryWithoutEmptyParams(params);
  if (clean !== null) redirect(`/audit-log${clean}`);
  const query = parseAuditLogQuery(params);
  const db = await getDb();
  const [page, operators] = await Promise.all([listAuditLogPage(db, query.filters, query.sort, query.cursor), listOperators(db)]);
  const { rows, total } = page;
  const names: Record<AuditLogColumn, string> = {
    who: t["auditLog.who"],
    action: t["auditLog.action"],
    outcome: t["auditLog.outcome"],
    details: t["auditLog.details"],
  };
  // The columns shown and the density (?cols=, ?density=), kept by every link of the page.
  const look = listLook(auditLogColumns, names, params);
  const linkValues = { ...query.values, sort: query.sort, ...look.kept };
  const filtered = Object.keys(query.values).length > 0;
  const actions = [...auditActionsWithNames].sort((a, b) => auditActionLabel(a, t).localeCompare(auditActionLabel(b, t), locale));
  const dayError = (field: "from" | "to") => {
    const error = query.errors[field];
    if (error === "invalidDay") return t["auditLog.filter.invalidDay"];
    if (error === "toBeforeFrom") return t["auditLog.filter.toBeforeFrom"];
    return undefined;
  };
  const chipValue: Record<AuditLogField, (value: string) => string> = {
    action: (value) => auditActionLabel(value, t),
    operator: (value) => value,
    from: (value) => formatDate(locale, saoPauloDayStart(value)),
    to: (value) => formatDate(locale, saoPauloDayStart(value)),
  };
  const chipLabel: Record<AuditLogField, string> = {
    action: t["auditLog.filter.action"],
    operator: t["auditLog.filter.operator"],
    from: t["auditLog.filter.from"],
    to: t["auditLog.filter.to"],
  };
  const chips: FilterChip[] = (Object.keys(query.values) as AuditLogField[]).map((field) => ({
    name: field,
    label: chipLabel[field],
    value: chipValue[field](query.values[field]!),
    verbatim: field === "operator",
    removeHref: `/audit-log${auditLogQueryString({ ...linkValues, [field]: undefined })}`,
  }));
  type AuditRow = (typeof rows)[number];
  const cells: Record<AuditLogColumn, (event: AuditRow) => ReactNode> = {
    who: (event) => (
      <td>
        <TruncatedText
          text={event.actorEmail ? actorLabel(event.actorEmail, t["auditLog.actor.apiKey"]) : t["auditLog.system"]}
          maxWidth="max-w-[14rem]"
          verbatim={Boolean(event.actorEmail)}
        />
      </td>
    ),
    action: (event) => (
      <td>
        {/* An action with no name in this language (a refusal of a route, say) shows only its code. */}
        {auditActionLabel(event.action, t) !== event.action ? (
          <span className="block font-medium">{auditActionLabel(event.action, t)}</span>
        ) : null}
        <code>{event.action}</code>
      </td>
    ),
    outcome: (event) => (
      <td>
        <Badge tone={outcomeTones[event.outcome] ?? "neutral"}>{auditOutcomeLabel(event.outcome, t)}</Badge>
      </td>
    ),
    details: (event) => {
      const details = describeAuditDetails(event, t, locale);
      return (
        <td>
          {details.length === 0 ? (
            "—"
          ) : (
            // The details' look is a rule on the table (detailsLook), and each pair is a keyed <dt>
            // and <dd> with no wrapper: nothing repeated on each of the 50 rows' items.
            <dl>
              {details.flatMap((detail) => [
                <dt key={`${detail.label}:term`}>{detail.labelIsKey ? <code>{detail.label}</code> : detail.label}</dt>,
                // translate="no" only on data; an absent attribute costs nothing in the payload (an undefined one does).
                <dd key={`${detail.label}:value`} {...(detail.data ? { translate: "no" as const } : {})}>
                  {detail.value}
                </dd>,
              ])}
            </dl>
          )}
        </td>
      );
    },
  };
  const moreActive = (["from", "to"] as const).filter((field) => query.values[field]).length;

  return (
    <>
      <PageHeader title={t["auditLog.title"]} description={t["auditLog.intro"]} />
      <FilterBar
        action="/audit-log"
        label={t["auditLog.filters"]}
        submitLabel={t["auditLog.filter.apply"]}
        moreLabel={moreActive > 0 ? fill(t["filters.moreActive"], { n: moreActive }) : t["filters.more"]}
        moreOpen={Boolean(query.errors.from || query.errors.to)}
        main={
          <div className="grid gap-3 sm:grid-cols-2">
            {/* The order is kept when the filters change (a new filter starts from the first page). */}
            {query.sort !== auditLogSort.defaultSort ? <input type="hidden" name="sort" value={query.sort} /> : null}
            {Object.entries(look.kept).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <FilterSelect
              id="audit-action"
              name="action"
              label={t["auditLog.filter.action"]}
              anyLabel={t["auditLog.filter.allActions"]}
              defaultValue={query.values.action}
              options={actions.map((action) => ({ value: action, label: auditActionLabel(action, t) }))}
            />
            <FilterSelect
              id="audit-operator"
              name="operator"
              label={t["auditLog.filter.operator"]}
              anyLabel={t["auditLog.filter.allOperators"]}
              defaultValue={query.values.operator}
              options={operators.map((operator) => ({
                value: operator.email,
                label: operator.name ? `${operator.name} (${operator.email})` : operator.email,
              }))}
            />
          </div>
        }
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
          <TextField
            id="from"
            name="from"
            type="date"
            label={t["auditLog.filter.from"]}
            defaultValue={query.values.from}
            error={dayError("from")}
          />
          <TextField id="to" name="to" type="date" label={t["auditLog.filter.to"]} defaultValue={query.values.to} error={dayError("to")} />
        </div>
      </FilterBar>
      <FilterChips
        chips={chips}
        label={t["filters.active"]}
        removeLabel={t["filters.remove"]}
        clearHref={`/audit-log${auditLogQueryString(look.kept)}`}
        clearLabel={t["filters.clearAll"]}
      />
      <p className="mb-3 text-sm font-medium text-slate-800" data-testid="audit-count">
        {total > auditLogCountCap
          ? fill(t["auditLog.count.moreThan"], { n: formatNumber(locale, auditLogCountCap) })
          : total === 1
            ? t["auditLog.count.one"]
            : fill(t["auditLog.count.many"], { n: formatNumber(locale, total) })}
      </p>
      {look.menu({
        path: "/audit-log",
        query: { ...query.values, sort: query.sort !== auditLogSort.defaultSort ? query.sort : undefined },
        hint: { first: t["auditLog.when"] },
        t,
        testId: "audit-log-columns",
      })}
      <DataTable
        caption={query.sort === "occurred" ? t["auditLog.captionOldest"] : t["auditLog.title"]}
        columns={[
          {
            key: "occurred",
            name: t["auditLog.when"],
            look: ["nowrap"],
            sort: sortHeaderLink(
              query.sort,
              "occurred",
              (next) => `/audit-log${auditLogQueryString({ ...query.values, ...look.kept, sort: next })}`,
              (next) => fill(t["table.sortColumn"], { column: t["auditLog.when"], order: t[`auditLog.sort.${next}`] }),
            ),
          },
          ...look.pairs.map(([key, name]) => ({ key, name })),
        ]}
        density={look.density}
        sticky
        testId="audit-table"
        className={detailsLook}
        empty={
          <p className="rounded-lg border border-slate-300 bg-white p-4">{filtered ? t["auditLog.emptyFiltered"] : t["auditLog.empty"]}</p>
        }
      >
        {rows.map((event) => (
          <tr key={event.id} data-testid="audit-row" data-action={event.action}>
            <td>
              <time dateTime={event.occurredAt.toISOString()}>{formatDateTime(locale, event.occurredAt, { seconds: true })}</time>
            </td>
            {look.cells(event, cells)}
          </tr>
        ))}
      </DataTable>
      <KeysetPagination
        first={query.cursor ? `/audit-log${auditLogQueryString(linkValues)}` : undefined}
        previous={page.newer ? `/audit-log${auditLogQueryString(linkValues, page.newer)}` : undefined}
        next={page.older ? `/audit-log${auditLogQueryString(linkValues, page.older)}` : undefined}
        t={t}
      />
    </>
  );
}
