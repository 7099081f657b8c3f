// The customers directory (issue #48, every signed-in role): one line per CPF/CNPJ the ledger's
// cash-ins carried, latest charge first, with what they paid; search by document, name or e-mail
// (a GET form, like the ledger's); masked as every list is (docs/personal-data.md).
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { DataTable } from "@/components/ui/data-table";
import { FormMessage } from "@/components/ui/form-message";
import { PageHeader } from "@/components/ui/page-header";
import { TextField } from "@/components/ui/text-field";
import { requirePageOperator } from "@/lib/auth/session";
import { customerViewOf } from "@/lib/customers/customer-view";
import { listCustomersPage } from "@/lib/db/queries/customers";
import type { KeysetCursor } from "@/lib/db/queries/keyset-order";
import { formatBRL, formatDateTime, formatNumber } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Customers" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const maxSearchLength = 100;
const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,6}Z)~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function parseCursor(text: string): KeysetCursor | undefined {
  const match = cursorPattern.exec(text);
  return match && !Number.isNaN(Date.parse(match[1]!)) ? { value: match[1]!, id: match[2]! } : undefined;
}

function pageHref(search: string, after?: KeysetCursor): string {
  const query = new URLSearchParams();
  if (search) query.set("q", search);
  if (after) query.set("after", `${after.value}~${after.id}`);
  const text = query.toString();
  return text ? `/customers?${text}` : "/customers";
}

export default async function CustomersPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const params = await searchParams;
  const search = one(params.q).trim().slice(0, maxSearchLength);
  const cursorText = one(params.after);
  const after = cursorText ? parseCursor(cursorText) : undefined;
  const db = await getDb();
  const page = await listCustomersPage(db, { search: search || undefined, from: after && { cursor: after, direction: "older" } });
  const columns = [
    t["customers.column.customer"],
    t["customers.column.document"],
    t["customers.column.email"],
    t["customers.column.charges"],
    t["customers.column.paid"],
    t["customers.column.total"],
    t["customers.column.lastPaid"],
  ];

  return (
    <>
      <PageHeader title={t["customers.title"]} description={t["customers.intro"]} />
      {cursorText && !after ? (
        <div className="mb-4">
          <FormMessage kind="error">{t["customers.cursorGone"]}</FormMessage>
        </div>
      ) : null}
      <search className="mb-6">
        <form method="get" action="/customers" className="flex flex-wrap items-end gap-3">
          <TextField
            id="customers-search"
            name="q"
            type="search"
            label={t["customers.search.label"]}
            hint={t["customers.search.hint"]}
            defaultValue={search}
            maxLength={maxSearchLength}
            autoComplete="off"
          />
          <Button type="submit">{t["customers.search.submit"]}</Button>
          {search ? (
            <ButtonLink href="/customers" variant="link">
              {t["customers.search.clear"]}
            </ButtonLink>
          ) : null}
        </form>
      </search>
      {page.rows.length === 0 ? (
        <p className="text-slate-700" data-testid="customers-empty">
          {search ? t["customers.noMatch"] : t["customers.none"]}
        </p>
      ) : (
        <DataTable caption={t["customers.title"]} columns={columns}>
          {page.rows.map((record) => {
            const customer = customerViewOf(record);
            return (
              <tr key={customer.id} className="border-t border-slate-200" data-testid="customer-row">
                <td className="px-3 py-2">
                  <Link href={`/customers/${customer.id}`} className="font-medium text-brand-700 underline underline-offset-2">
                    {customer.latestName ?? t["customers.noName"]}
                  </Link>
                </td>
                <td className="px-3 py-2 font-mono">{customer.maskedDocument}</td>
                <td className="px-3 py-2">{customer.emails[0] ?? ""}</td>
                <td className="px-3 py-2 tabular-nums">{formatNumber(locale, customer.chargesCount)}</td>
                <td className="px-3 py-2 tabular-nums">{formatNumber(locale, customer.paidCount)}</td>
                <td className="px-3 py-2 tabular-nums">{formatBRL(customer.paidAmountCents)}</td>
                <td className="px-3 py-2">
                  {customer.lastPaidAt ? formatDateTime(locale, customer.lastPaidAt) : t["customers.detail.never"]}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {after || page.older ? (
        <nav aria-label={t["customers.pages"]} className="mt-4 flex flex-wrap gap-3">
          {after ? (
            <ButtonLink href={pageHref(search)} size="sm">
              {t["customers.first"]}
            </ButtonLink>
          ) : null}
          {page.older ? (
            <ButtonLink href={pageHref(search, page.older)} size="sm" rel="next">
              {t["customers.more"]}
            </ButtonLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
