// A payment link's public page (issue #48), opened by anyone from a shared link or a printed QR
// code, on a phone: the merchant, what is paid for, the amount (or its range) and the payer's form.
// A closed link (inactive, ended, limit reached) says so instead of the form. Each load counts
// against the address's payer budget, like the payer page; a load that shows the form is a visit.
import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { PixMark } from "@/components/brand/pix-mark";
import { PaymentLinkPayForm } from "@/components/payment-links/payment-link-pay-form";
import { LanguageSwitcher } from "@/components/shell/language-switcher";
import { clientAddress } from "@/lib/auth/client-address";
import { countPaymentLinkVisit, findPaymentLinkWithFiguresBySlug } from "@/lib/db/queries/payment-links";
import { formatBRL } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import { getChosenLocale } from "@/lib/i18n/locale";
import { dictionaries } from "@/lib/i18n/messages";
import { slugPattern } from "@/lib/payment-links/manage-payment-links";
import { countRequest } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { getRuntime } from "@/lib/server/runtime";
import { paymentLinkAvailability } from "@/lib/vocabulary/payment-links";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pagamento PIX", robots: { index: false, follow: false }, referrer: "no-referrer" };

export default async function PaymentLinkPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const locale = await getChosenLocale("pt-BR");
  const t = dictionaries[locale];
  const { db, config } = await getRuntime();
  const merchant = config.merchantName;
  const shell = (content: React.ReactNode) => (
    <div lang={locale} className="mx-auto flex min-h-screen max-w-md flex-col px-4 py-6">
      <main className="flex-1">{content}</main>
      <footer className="mt-8 flex justify-center">
        <LanguageSwitcher locale={locale} label={t["shell.language"]} />
      </footer>
    </div>
  );
  const notice = (text: string, testId: string) => (
    <p role="alert" className="rounded-lg border-2 border-slate-500 bg-slate-100 p-6 text-center text-lg" data-testid={testId}>
      {text}
    </p>
  );

  const refusal = await countRequest(db, [
    { rule: rateLimitRules.payerPerAddress, key: clientAddress(await headers(), config.trustedProxyHops) },
  ]);
  if (refusal) return shell(notice(t["payer.rateLimited"], "payer-rate-limited"));
  // The public page: any store's link (its slug finds it), with its figures in the same read.
  const link = slugPattern.test(slug) ? await findPaymentLinkWithFiguresBySlug(db, slug) : undefined;
  if (!link) notFound();

  const availability = paymentLinkAvailability(link, link.paid, new Date());
  const heading = (
    <>
      <p className="text-center text-lg text-slate-700">{fill(t["paymentLinks.public.to"], { merchant })}</p>
      <h1 className="mb-2 text-center text-3xl font-bold">{link.description ?? link.name}</h1>
    </>
  );
  if (availability !== "open") {
    const text =
      availability === "inactive"
        ? (link.inactiveMessage ?? t["errors.paymentLinks.inactive"])
        : availability === "ended"
          ? t["errors.paymentLinks.ended"]
          : t["errors.paymentLinks.limitReached"];
    return shell(
      <>
        {heading}
        {notice(text, "payment-link-closed")}
      </>,
    );
  }
  await countPaymentLinkVisit(db, link.id);
  const range =
    link.amountCents === null
      ? fill(t["paymentLinks.public.amountRange"], { min: formatBRL(link.minAmountCents ?? 0), max: formatBRL(link.maxAmountCents ?? 0) })
      : undefined;
  return shell(
    <>
      {heading}
      <p className="mb-2 text-center text-4xl font-bold" data-testid="payment-link-amount">
        {link.amountCents !== null ? formatBRL(link.amountCents) : range}
      </p>
      {/* Paid with Pix: the brand's symbol, as on the payer page the form leads to. */}
      <p className="mb-6 text-center">
        <PixMark size={28} />
      </p>
      <PaymentLinkPayForm
        slug={link.slug}
        idempotencyKey={randomUUID()}
        payerChooses={link.amountCents === null}
        labels={{
          name: t["paymentLinks.public.name"],
          document: t["paymentLinks.public.document"],
          email: t["paymentLinks.public.email"],
          amount: t["paymentLinks.public.amount"],
          amountHint: range,
          submit: t["paymentLinks.public.submit"],
          failed: t["errors.paymentLinks.failed"],
        }}
      />
    </>,
  );
}
