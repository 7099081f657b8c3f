// Payment links (issue #48): every link with its visits, charges, paid charges, conversion and
// amount received (from the ledger); finance and admin create them here. Every role reads.
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PaymentLinkForm } from "@/components/payment-links/payment-link-form";
import { createPaymentLinkAction } from "@/lib/actions/create-payment-link-action";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { Toaster } from "@/components/ui/toaster";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { listPaymentLinksWithFigures } from "@/lib/db/queries/payment-links";
import { formatBRL, formatNumber } from "@/lib/format";
import { clientMessages } from "@/lib/i18n/client-messages";
import { getMessages } from "@/lib/i18n/locale";
import { conversionText, paymentLinkAmountText, paymentLinkState } from "@/lib/payment-links/link-view";
import { getRuntime } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Payment links" };

export default async function PaymentLinksPage() {
  const operator = await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const { db } = await getRuntime();
  const links = await listPaymentLinksWithFigures(db);
  const columns = [
    t["paymentLinks.column.name"],
    t["paymentLinks.column.amount"],
    t["paymentLinks.column.state"],
    t["paymentLinks.column.visits"],
    t["paymentLinks.column.charges"],
    t["paymentLinks.column.paid"],
    t["paymentLinks.column.conversion"],
    t["paymentLinks.column.received"],
  ];
  return (
    <>
      <PageHeader title={t["paymentLinks.title"]} description={t["paymentLinks.intro"]} />
      {links.length === 0 ? (
        <p className="mb-8 text-slate-700">{t["paymentLinks.none"]}</p>
      ) : (
        <div className="mb-10">
          <DataTable caption={t["paymentLinks.title"]} columns={columns}>
            {links.map((link) => {
              const state = paymentLinkState(link);
              return (
                <tr key={link.id} className="border-t border-slate-200" data-testid="payment-link-row">
                  <td className="px-3 py-2">
                    <Link href={`/payment-links/${link.id}`} className="font-medium text-brand-700 underline underline-offset-2">
                      {link.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{paymentLinkAmountText(t, link)}</td>
                  <td className="px-3 py-2">
                    <Badge tone={state === "open" ? "success" : "neutral"}>{t[`paymentLinks.state.${state}`]}</Badge>
                  </td>
                  <td className="px-3 py-2 tabular-nums">{formatNumber(locale, link.visits)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatNumber(locale, link.charges)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatNumber(locale, link.paid)}</td>
                  <td className="px-3 py-2 tabular-nums">{conversionText(locale, link)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatBRL(link.receivedCents)}</td>
                </tr>
              );
            })}
          </DataTable>
        </div>
      )}
      {roleCan(operator.role, "managePaymentLinks") ? (
        <section aria-labelledby="new-link-heading">
          <h2 id="new-link-heading" className="mb-4 text-xl font-semibold">
            {t["paymentLinks.new"]}
          </h2>
          <PaymentLinkForm t={clientMessages(t, "paymentLinkForm")} save={createPaymentLinkAction} />
        </section>
      ) : null}
      <Toaster closeLabel={t["ui.close"]} />
    </>
  );
}
