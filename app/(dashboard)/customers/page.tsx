// The customers directory (issue #48, every signed-in role): one line per CPF/CNPJ the ledger's
// cash-ins carried, latest charge first, with what they paid; search by document, name or e-mail
// (a GET form, like the ledger's); masked as every list is (docs/personal-data.md). Sorts by latest
// charge, amount paid or charges (issue #53: ?sort=, keyset pages from each order's index); its
// optional columns and density are chosen with the Columns control (?cols=, ?density=).
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { DataTable, sortedListLinks } from "@/components/ui/data-table";
import { listLook } from "@/components/ui/list-look";
import { FormMessage } from "@/components/ui/form-message";
import { KeysetPagination } from "@/components/ui/keyset-pagination";
import { PageHeader } from "@/components/ui/page-header";
import { TextField } from "@/components/ui/text-field";
import { requirePageOperator } from "@/lib/auth/session";
import { customerViewOf } from "@/lib/customers/customer-view";
import { listCustomersPage } from "@/lib/db/queries/customers";
import { formatBRL, formatDateTime, formatNumber } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { readListPage } from "@/lib/schemas/list-sort";
import { type CustomerColumn, customersColumns, customersSort } from "@/lib/vocabulary/list-orders";
import { getDb } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Customers" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const maxSearchLength = 100;

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

export default async function CustomersPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator("read", { wholeMerchant: true });
  const { locale, t } = await getMessages();
  const params = await searchParams;
  const search = one(params.q).trim().slice(0, maxSearchLength);
  const { sort, sortError, cursor, cursorGone } = readListPage(
    customersSort,
    { sort: one(params.sort), cursor: one(params.cursor) },
    "uuid",
  );
  const db = await getDb();
  const page = await listCustomersPage(db, { search: search || undefined, sort, cursor });
  const names: Record<CustomerColumn, string> = {
    document: t["customers.column.document"],
    email: t["customers.column.email"],
    charges: t["customers.column.charges"],
    paidCount: t["customers.column.paid"],
    paid: t["customers.column.total"],
    lastSeen: t["customers.column.lastSeen"],
    lastPaid: t["customers.column.lastPaid"],
  };
  // The columns shown and the density (?cols=, ?density=), kept by the order's and the pages' links.
  const look = listLook(customersColumns, names, params);
  const list = sortedListLinks(customersSort, sort, cursor, "/customers", { q: search, ...look.kept }, t);
  const columns = list.columns([["customer", t["customers.column.customer"]], ...look.pairs]);
  type Customer = ReturnType<typeof customerViewOf>;
  const cells: Record<CustomerColumn, (customer: Customer) => ReactNode> = {
    document: (customer) => <td className="font-mono">{customer.maskedDocument}</td>,
    email: (customer) => <td>{customer.emails[0] ?? ""}</td>,
    charges: (customer) => <td className="tabular-nums">{formatNumber(locale, customer.chargesCount)}</td>,
    paidCount: (customer) => <td className="tabular-nums">{formatNumber(locale, customer.paidCount)}</td>,
    paid: (customer) => <td className="tabular-nums">{formatBRL(customer.paidAmountCents)}</td>,
    lastSeen: (customer) => <td>{customer.lastSeenAt ? formatDateTime(locale, customer.lastSeenAt) : ""}</td>,
    lastPaid: (customer) => <td>{customer.lastPaidAt ? formatDateTime(locale, customer.lastPaidAt) : t["customers.detail.never"]}</td>,
  };

  return (
    <>
      <PageHeader title={t["customers.title"]} description={t["customers.intro"]} />
      {cursorGone ? (
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
          {sort !== customersSort.defaultSort ? <input type="hidden" name="sort" value={sort} /> : null}
          {Object.entries(look.kept).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit">{t["customers.search.submit"]}</Button>
          {search ? (
            <ButtonLink
              href={`/customers${look.kept.cols || look.kept.density ? `?${new URLSearchParams(look.kept)}` : ""}`}
              variant="link"
            >
              {t["customers.search.clear"]}
            </ButtonLink>
          ) : null}
        </form>
      </search>
      {sortError ? (
        <div className="mb-4">
          <FormMessage kind="error">{t["errors.list.sort"]}</FormMessage>
        </div>
      ) : null}
      {look.menu({
        path: "/customers",
        query: { q: search, sort: sort !== customersSort.defaultSort ? sort : undefined },
        hint: t["customers.columnsHint"],
        t,
        testId: "customers-columns",
      })}
      <DataTable
        caption={t["customers.title"]}
        columns={columns}
        density={look.density}
        sticky
        testId="customers-table"
        empty={
          <p className="text-slate-700" data-testid="customers-empty">
            {search ? t["customers.noMatch"] : t["customers.none"]}
          </p>
        }
      >
        {page.rows.map((record) => {
          const customer = customerViewOf(record);
          return (
            <tr key={customer.id} data-testid="customer-row">
              <td>
                <Link href={`/customers/${customer.id}`} className="font-medium text-brand-700 underline underline-offset-2">
                  {customer.latestName ?? t["customers.noName"]}
                </Link>
              </td>
              {look.cells(customer, cells)}
            </tr>
          );
        })}
      </DataTable>
      <KeysetPagination label={t["customers.pages"]} {...list.pages(page)} t={t} />
    </>
  );
}
