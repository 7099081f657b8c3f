// One customer (every signed-in role): the names and contacts their charges carried (masked), what
// they paid and when, their latest charges with receipts, the way to all of them in Transactions,
// and for admins the start of an access or erasure request (/personal-data, the CPF/CNPJ filled in
// by the customer's id: the document never sits in this page's links but the ledger's search).
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { StatusBadge } from "@/components/transactions/status-badge";
import { ButtonLink } from "@/components/ui/button-link";
import { DataTable } from "@/components/ui/data-table";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { customerViewOf } from "@/lib/customers/customer-view";
import { customerRecentChargesLimit, findCustomer, listCustomerCharges } from "@/lib/db/queries/customers";
import { formatBRL, formatDateTime, formatNumber } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import { getMessages } from "@/lib/i18n/locale";
import { hasReceipt } from "@/lib/receipts/receipt";
import { ledgerQueryString } from "@/lib/schemas/ledger-filters";
import { getDb } from "@/lib/server/runtime";
import { transactionStateLabels } from "@/lib/vocabulary/code-labels";

export const metadata: Metadata = { title: "Customer" };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function CustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requirePageOperator("read", { wholeMerchant: true });
  const { id } = await params;
  const { locale, t } = await getMessages();
  const db = await getDb();
  const record = uuidPattern.test(id) ? await findCustomer(db, id.toLowerCase()) : undefined;
  if (!record) notFound();
  const customer = customerViewOf(record);
  const charges = await listCustomerCharges(db, record.document);
  const list = (values: string[]) => (values.length ? values.join(" · ") : t["customers.detail.none"]);
  const when = (instant: Date | null) => (instant ? formatDateTime(locale, instant) : t["customers.detail.never"]);

  return (
    <>
      <PageHeader
        title={customer.latestName ?? t["customers.noName"]}
        titleIsData={customer.latestName !== null}
        description={customer.maskedDocument}
      />
      <section aria-labelledby="customer-figures" className="mb-8">
        <h2 id="customer-figures" className="sr-only">
          {t["customers.title"]}
        </h2>
        <DescriptionList data-testid="customer-figures">
          <DescriptionItem term={t["customers.column.document"]} mono testId="customer-document">
            {customer.maskedDocument}
          </DescriptionItem>
          <DescriptionItem term={t["customers.detail.names"]} data>
            {list(customer.names)}
          </DescriptionItem>
          <DescriptionItem term={t["customers.detail.emails"]} data>
            {list(customer.emails)}
          </DescriptionItem>
          <DescriptionItem term={t["customers.detail.phones"]} data>
            {list(customer.phones)}
          </DescriptionItem>
          <DescriptionItem term={t["customers.detail.charges"]}>{formatNumber(locale, customer.chargesCount)}</DescriptionItem>
          <DescriptionItem term={t["customers.detail.paidCount"]} testId="customer-paid-count">
            {formatNumber(locale, customer.paidCount)}
          </DescriptionItem>
          <DescriptionItem term={t["customers.detail.paidTotal"]} testId="customer-paid-total">
            {formatBRL(customer.paidAmountCents)}
          </DescriptionItem>
          <DescriptionItem term={t["customers.detail.firstPaid"]}>{when(customer.firstPaidAt)}</DescriptionItem>
          <DescriptionItem term={t["customers.detail.lastPaid"]}>{when(customer.lastPaidAt)}</DescriptionItem>
        </DescriptionList>
        <p className="mt-4 flex flex-wrap gap-3">
          <ButtonLink href={`/transactions${ledgerQueryString({ kind: "CASH_IN", q: record.document })}`} size="sm">
            {t["customers.detail.allInLedger"]}
          </ButtonLink>
          {roleCan(operator.role, "handlePersonalDataRequests") ? (
            <ButtonLink href={`/personal-data?customer=${customer.id}`} size="sm" aria-describedby="customer-personal-data-hint">
              {t["customers.detail.personalData"]}
            </ButtonLink>
          ) : null}
        </p>
        {roleCan(operator.role, "handlePersonalDataRequests") ? (
          <p id="customer-personal-data-hint" className="mt-2 text-sm text-slate-700">
            {t["customers.detail.personalDataHint"]}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="customer-charges">
        <h2 id="customer-charges" className="mb-1 text-lg font-semibold">
          {t["customers.detail.latest"]}
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          {fill(t["customers.detail.latestNote"], { count: String(customerRecentChargesLimit) })}
        </p>
        <DataTable
          caption={t["customers.detail.latest"]}
          columns={[t["customers.charge.date"], t["customers.charge.amount"], t["customers.charge.status"], t["customers.charge.receipt"]]}
        >
          {charges.map((charge) => (
            <tr key={charge.id} className="border-t border-slate-200" data-testid="customer-charge">
              <td className="px-3 py-2">
                <Link href={`/transactions/${charge.id}`} className="text-brand-700 underline underline-offset-2">
                  {formatDateTime(locale, charge.createdAt)}
                </Link>
              </td>
              <td className="px-3 py-2 tabular-nums">{formatBRL(charge.amountCents)}</td>
              <td className="px-3 py-2">
                {charge.status ? <StatusBadge status={charge.status} t={t} /> : t[transactionStateLabels[charge.creationState]]}
              </td>
              <td className="px-3 py-2">
                {hasReceipt(charge) ? (
                  <a
                    href={`/api/transactions/${charge.id}/receipt?format=pdf&lang=${locale}`}
                    download
                    className="text-brand-700 underline underline-offset-2"
                  >
                    {t["customers.charge.receiptPdf"]}
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
