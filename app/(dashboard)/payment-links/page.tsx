// Payment links (issue #48): every link with its visits, charges, paid charges, conversion and
// amount received (from the ledger); finance and admin create them here. Every role reads. Sorts by
// creation, name or price (issue #53: ?sort=, keyset pages from each order's index); its
// optional columns and density are chosen with the Columns control (?cols=, ?density=).
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { PaymentLinkForm } from "@/components/payment-links/payment-link-form";
import { StoreChoiceField } from "@/components/stores/store-choice-field";
import { createPaymentLinkAction } from "@/lib/actions/create-payment-link-action";
import { Badge } from "@/components/ui/badge";
import { DataTable, sortedListLinks } from "@/components/ui/data-table";
import { listLook } from "@/components/ui/list-look";
import { FormMessage } from "@/components/ui/form-message";
import { KeysetPagination } from "@/components/ui/keyset-pagination";
import { PageHeader } from "@/components/ui/page-header";
import { Toaster } from "@/components/ui/toaster";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { listVisibleStores } from "@/lib/db/queries/operator-stores";
import { listPaymentLinksPage } from "@/lib/db/queries/payment-links";
import { readListPage } from "@/lib/schemas/list-sort";
import { type PaymentLinkColumn, paymentLinkColumns, paymentLinksSort } from "@/lib/vocabulary/list-orders";
import { formatBRL, formatNumber } from "@/lib/format";
import { clientMessages } from "@/lib/i18n/client-messages";
import { getMessages } from "@/lib/i18n/locale";
import { conversionText, paymentLinkAmountText, paymentLinkState } from "@/lib/payment-links/link-view";
import { getRuntime } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Payment links" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

export default async function PaymentLinksPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const { db } = await getRuntime();
  const params = await searchParams;
  const { sort, sortError, cursor, cursorGone } = readListPage(
    paymentLinksSort,
    { sort: one(params.sort), cursor: one(params.cursor) },
    "uuid",
  );
  const canManage = roleCan(operator.role, "managePaymentLinks");
  const [page, stores] = await Promise.all([
    listPaymentLinksPage(db, operator.stores, { sort, cursor }),
    // The stores a new link may charge for (issue #49): the operator's grants.
    canManage ? listVisibleStores(db, operator.storeGrants) : [],
  ]);
  const names: Record<PaymentLinkColumn, string> = {
    amount: t["paymentLinks.column.amount"],
    state: t["paymentLinks.column.state"],
    visits: t["paymentLinks.column.visits"],
    charges: t["paymentLinks.column.charges"],
    paid: t["paymentLinks.column.paid"],
    conversion: t["paymentLinks.column.conversion"],
    received: t["paymentLinks.column.received"],
  };
  // The columns shown and the density (?cols=, ?density=), kept by the order's and the pages' links.
  const look = listLook(paymentLinkColumns, names, params);
  const list = sortedListLinks(paymentLinksSort, sort, cursor, "/payment-links", look.kept, t);
  const links = page.rows;
  const columns = list.columns([["name", t["paymentLinks.column.name"]], ...look.pairs]);
  type LinkRow = (typeof links)[number];
  const cells: Record<PaymentLinkColumn, (link: LinkRow) => ReactNode> = {
    amount: (link) => <td>{paymentLinkAmountText(t, link)}</td>,
    state: (link) => {
      const state = paymentLinkState(link);
      return (
        <td>
          <Badge tone={state === "open" ? "success" : "neutral"}>{t[`paymentLinks.state.${state}`]}</Badge>
        </td>
      );
    },
    visits: (link) => <td className="tabular-nums">{formatNumber(locale, link.visits)}</td>,
    charges: (link) => <td className="tabular-nums">{formatNumber(locale, link.charges)}</td>,
    paid: (link) => <td className="tabular-nums">{formatNumber(locale, link.paid)}</td>,
    conversion: (link) => <td className="tabular-nums">{conversionText(locale, link)}</td>,
    received: (link) => <td className="tabular-nums">{formatBRL(link.receivedCents)}</td>,
  };
  return (
    <>
      <PageHeader title={t["paymentLinks.title"]} description={t["paymentLinks.intro"]} />
      {cursorGone || sortError ? (
        <div className="mb-4">
          <FormMessage kind="error">{sortError ? t["errors.list.sort"] : t["table.cursorGone"]}</FormMessage>
        </div>
      ) : null}
      <div className="mb-10">
        {look.menu({
          path: "/payment-links",
          query: { sort: sort !== paymentLinksSort.defaultSort ? sort : undefined },
          hint: { first: t["paymentLinks.column.name"] },
          t,
          testId: "payment-links-columns",
        })}
        <DataTable
          caption={t["paymentLinks.title"]}
          columns={columns}
          density={look.density}
          sticky
          testId="payment-links-table"
          empty={
            <p className="text-slate-700" data-testid="payment-links-empty">
              {canManage ? t["paymentLinks.none"] : t["paymentLinks.noneReadOnly"]}
            </p>
          }
        >
          {links.map((link) => (
            <tr key={link.id} data-testid="payment-link-row">
              <td>
                <Link href={`/payment-links/${link.id}`} className="font-medium text-brand-700 underline underline-offset-2">
                  {link.name}
                </Link>
              </td>
              {look.cells(link, cells)}
            </tr>
          ))}
        </DataTable>
        <KeysetPagination label={t["paymentLinks.pages"]} {...list.pages(page)} t={t} />
      </div>
      {canManage ? (
        <section aria-labelledby="new-link-heading">
          <h2 id="new-link-heading" className="mb-4 text-xl font-semibold">
            {t["paymentLinks.new"]}
          </h2>
          <PaymentLinkForm
            t={clientMessages(t, "paymentLinkForm")}
            save={createPaymentLinkAction}
            storeChoice={
              stores.length > 1 ? (
                <div className="md:col-span-2">
                  <StoreChoiceField t={t} stores={stores} field={{ name: "storeId", defaultValue: stores[0]?.id }} />
                </div>
              ) : null
            }
          />
        </section>
      ) : null}
      <Toaster closeLabel={t["ui.close"]} />
    </>
  );
}
