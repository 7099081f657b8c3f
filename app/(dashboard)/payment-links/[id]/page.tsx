// One payment link: its public address and a printable QR code of it (PNG), its figures from the
// ledger, a way to its charges in Transactions, and for finance and admin its switch and edit form.
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import QRCode from "qrcode";
import { PaymentLinkActiveButton } from "@/components/payment-links/payment-link-active-button";
import { PaymentLinkForm } from "@/components/payment-links/payment-link-form";
import { updatePaymentLinkAction } from "@/lib/actions/update-payment-link-action";
import { Badge } from "@/components/ui/badge";
import { ButtonAnchor } from "@/components/ui/button-link";
import { CopyButton } from "@/components/ui/copy-button";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import { PageHeader } from "@/components/ui/page-header";
import { Toaster } from "@/components/ui/toaster";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { findPaymentLinkWithFigures } from "@/lib/db/queries/payment-links";
import { formatBRL, formatDateTime, formatNumber } from "@/lib/format";
import { clientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { getMessages } from "@/lib/i18n/locale";
import { locales } from "@/lib/i18n/messages";
import {
  conversionText,
  paymentLinkAmountText,
  paymentLinkFormValues,
  paymentLinkPublicUrl,
  paymentLinkState,
} from "@/lib/payment-links/link-view";
import { getRuntime } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Payment link" };

export default async function PaymentLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requirePageOperator("read");
  const { id } = await params;
  const { locale, t } = await getMessages();
  const { db, config } = await getRuntime();
  const link = /^[0-9a-f-]{36}$/i.test(id) ? await findPaymentLinkWithFigures(db, operator.storeGrants, id.toLowerCase()) : undefined;
  if (!link) notFound();
  const publicUrl = paymentLinkPublicUrl(config.appUrl, link.slug);
  const qr = await QRCode.toDataURL(publicUrl, { type: "image/png", width: 512, margin: 2, errorCorrectionLevel: "M" });
  const state = paymentLinkState(link);
  const canManage = roleCan(operator.role, "managePaymentLinks");

  return (
    <>
      <PageHeader title={link.name} description={link.description ?? undefined} />
      <div className="mb-8 grid gap-8 md:grid-cols-[1fr_auto]">
        <DescriptionList>
          <DescriptionItem term={t["paymentLinks.column.state"]}>
            <Badge tone={state === "open" ? "success" : "neutral"} data-testid="payment-link-state">
              {t[`paymentLinks.state.${state}`]}
            </Badge>
          </DescriptionItem>
          <DescriptionItem term={t["paymentLinks.detail.publicUrl"]} mono testId="payment-link-url">
            <a href={publicUrl} className="text-brand-700 underline underline-offset-2">
              {publicUrl}
            </a>{" "}
            <CopyButton
              text={publicUrl}
              label={t["paymentLinks.detail.copyUrl"]}
              copiedMessage={t["paymentLinks.detail.copied"]}
              failedMessage={t["ui.copyFailed"]}
            />
          </DescriptionItem>
          <DescriptionItem term={t["paymentLinks.column.amount"]}>{paymentLinkAmountText(t, link)}</DescriptionItem>
          <DescriptionItem term={t["paymentLinks.column.visits"]} testId="payment-link-visits">
            {formatNumber(locale, link.visits)}
          </DescriptionItem>
          <DescriptionItem term={t["paymentLinks.column.charges"]} testId="payment-link-charges">
            {formatNumber(locale, link.charges)}
          </DescriptionItem>
          <DescriptionItem term={t["paymentLinks.column.paid"]} testId="payment-link-paid">
            {formatNumber(locale, link.paid)}
          </DescriptionItem>
          <DescriptionItem term={t["paymentLinks.column.conversion"]}>{conversionText(locale, link)}</DescriptionItem>
          <DescriptionItem term={t["paymentLinks.column.received"]} testId="payment-link-received">
            {formatBRL(link.receivedCents)}
          </DescriptionItem>
          <DescriptionItem term={t["paymentLinks.detail.limit"]}>
            {link.maxPaidCharges === null ? t["paymentLinks.detail.noLimit"] : formatNumber(locale, link.maxPaidCharges)}
          </DescriptionItem>
          <DescriptionItem term={t["paymentLinks.detail.endsAt"]}>
            {link.endsAt ? formatDateTime(locale, link.endsAt) : t["paymentLinks.detail.noLimit"]}
          </DescriptionItem>
          <DescriptionItem term={t["paymentLinks.detail.expiry"]}>
            {fill(t["paymentLinks.form.expiryMinutes"], { minutes: link.chargeExpiryMinutes })}
          </DescriptionItem>
          {link.returnUrl ? (
            <DescriptionItem term={t["paymentLinks.detail.returnUrl"]} mono>
              {link.returnUrl}
            </DescriptionItem>
          ) : null}
        </DescriptionList>
        <figure className="flex flex-col items-center gap-2">
          <img
            src={qr}
            alt={t["paymentLinks.detail.qr"]}
            width={224}
            height={224}
            className="rounded-lg border border-slate-300 bg-white p-2"
          />
          <a
            href={qr}
            download={`payment-link-${link.slug}.png`}
            className="text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            {t["paymentLinks.detail.downloadQr"]}
          </a>
        </figure>
      </div>
      <section aria-labelledby="poster-heading" className="mb-8 space-y-3">
        <h2 id="poster-heading" className="text-lg font-semibold">
          {t["paymentLinks.detail.poster"]}
        </h2>
        <p className="flex flex-wrap gap-2">
          {locales.map((language) => (
            <ButtonAnchor
              key={language}
              href={`/api/payment-links/${link.id}/poster?lang=${language}`}
              download
              data-testid={`payment-link-poster-${language}`}
            >
              {fill(t["paymentLinks.detail.posterPdf"], { language: t[`receipt.language.${language}`] })}
            </ButtonAnchor>
          ))}
        </p>
      </section>
      <p className="mb-8">
        <Link href={`/transactions?link=${link.id}`} className="font-medium text-brand-700 underline underline-offset-2">
          {t["paymentLinks.detail.charges"]}
        </Link>
      </p>
      {canManage ? (
        <>
          <div className="mb-8">
            <PaymentLinkActiveButton id={link.id} active={link.active} t={clientMessages(t, "paymentLinkActiveButton")} />
          </div>
          <section aria-labelledby="edit-link-heading">
            <h2 id="edit-link-heading" className="mb-4 text-xl font-semibold">
              {t["paymentLinks.detail.edit"]}
            </h2>
            <PaymentLinkForm
              t={clientMessages(t, "paymentLinkForm")}
              initial={paymentLinkFormValues(link)}
              save={updatePaymentLinkAction}
            />
          </section>
        </>
      ) : null}
      <Toaster closeLabel={t["ui.close"]} />
    </>
  );
}
