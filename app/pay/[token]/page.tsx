// The public payer page, opened from an unguessable link on a phone: merchant, amount, QR code,
// copy-and-paste code, countdown and live status. Nothing else about the transaction is shown.
// Each load counts against the address's payer budget (lib/security/rate-limit-rules.ts); past it
// the page says so instead (a page cannot answer 429; its status and event routes do).
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { PixMark } from "@/components/brand/pix-mark";
import { MerchantIdentityHeader } from "@/components/merchant-identity/merchant-identity-header";
import { LanguageSwitcher } from "@/components/shell/language-switcher";
import { PayerStatusWatcher } from "@/components/payer/payer-status-watcher";
import { PixCodeCopyPaste } from "@/components/ui/pix-code-copy-paste";
import { QrCode } from "@/components/ui/qr-code";
import { clientAddress } from "@/lib/auth/client-address";
import { findMerchantIdentity } from "@/lib/db/queries/merchant-identity";
import { findPaymentLink } from "@/lib/db/queries/payment-links";
import { findPayerDisplay } from "@/lib/db/queries/transactions";
import { getChosenLocale } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { dictionaries } from "@/lib/i18n/messages";
import { formatBRL, formatTime } from "@/lib/format";
import { pixQrSvg } from "@/lib/qr-svg";
import { countRequest } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pagamento PIX", robots: { index: false, follow: false }, referrer: "no-referrer" };

export default async function PayerPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const locale = await getChosenLocale("pt-BR");
  const t = dictionaries[locale];
  const { db, config } = await getRuntime();
  const refusal = await countRequest(db, [
    { rule: rateLimitRules.payerPerAddress, key: clientAddress(await headers(), config.trustedProxyHops) },
  ]);
  if (refusal)
    return (
      <div lang={locale} className="mx-auto flex min-h-screen max-w-md flex-col px-4 py-6">
        <main className="flex-1">
          <p
            role="alert"
            className="rounded-lg border-2 border-slate-500 bg-slate-100 p-6 text-center text-lg"
            data-testid="payer-rate-limited"
          >
            {t["payer.rateLimited"]}
          </p>
        </main>
      </div>
    );
  const display = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await findPayerDisplay(db, token) : undefined;
  // An unknown link answers 404 with the friendly page in ./not-found.tsx.
  if (!display) notFound();
  const merchant = config.merchantName;
  // A payment link's charge may send the payer back to the merchant's site once paid (issue #48).
  const [returnUrl, identity] = await Promise.all([
    display.paymentLinkId ? findPaymentLink(db, display.paymentLinkId).then((link) => link?.returnUrl ?? null) : null,
    findMerchantIdentity(db),
  ]);
  // Everything a payer needs is in the first bytes of HTML and paints without JavaScript (issue
  // #54): the QR code inline as SVG drawn here from the copy-and-paste code (the provider's PNG
  // only when there is no code), the amount, the code and the deadline as a time of day (the
  // countdown beside it runs once the script has loaded).
  const qrSvg = display.codeCopyPaste ? await pixQrSvg(display.codeCopyPaste, 288) : null;
  const qrLabel = fill(t["payer.qrAlt"], { amount: formatBRL(display.amountCents), merchant });

  return (
    <div lang={locale} className="mx-auto flex min-h-screen max-w-md flex-col px-4 py-6">
      <main className="flex-1">
        <MerchantIdentityHeader identity={identity} t={t} />
        <p className="text-center text-lg text-slate-700">{fill(t["payer.to"], { merchant })}</p>
        <h1 className="mb-4 text-center text-4xl font-bold" data-testid="payer-amount">
          {formatBRL(display.amountCents)}
        </h1>
        <PayerStatusWatcher
          token={token}
          initialStatus={display.status}
          remainingMsAtRender={display.expiresAt ? display.expiresAt.getTime() - Date.now() : null}
          labels={{
            timeLeft: t["payer.timeLeft"],
            waiting: t["payer.waiting"],
            payBy: display.expiresAt ? fill(t["payer.payBy"], { time: formatTime(display.expiresAt) }) : null,
          }}
          pending={
            // Phone first: the payer usually pays on the phone showing this page and cannot scan
            // its own screen, so the copy button comes first there; on wider screens the QR does.
            // The watcher adds the countdown and "Waiting for payment…" below.
            <>
              <PixCodeCopyPaste
                id="pix-code"
                layout="payer"
                code={display.codeCopyPaste}
                label={t["cashIn.result.copyPaste"]}
                copy={{ label: t["payer.copy"], copiedMessage: t["payer.copied"], failedMessage: t["cashIn.result.copyFailed"] }}
              />
              <div className="space-y-2 md:order-first">
                <PixMark size={28} className="justify-center" />
                {qrSvg ? (
                  <QrCode svg={qrSvg} label={qrLabel} className="mx-auto w-full max-w-xs rounded-lg border border-slate-300 p-2" />
                ) : display.qrcodeImage ? (
                  <img
                    src={display.qrcodeImage}
                    alt={qrLabel}
                    width={288}
                    height={288}
                    className="mx-auto aspect-square w-full max-w-xs rounded-lg border border-slate-300 bg-white p-2"
                  />
                ) : null}
                <p className="text-slate-700">{t["payer.scan"]}</p>
              </div>
            </>
          }
          paid={
            <section className="rounded-lg border-2 border-emerald-600 bg-emerald-50 p-6 text-center" aria-labelledby="paid-heading">
              <h2 id="paid-heading" className="text-3xl font-bold text-emerald-900">
                {t["payer.paidTitle"]}
              </h2>
              <p className="mt-2 text-emerald-950">{fill(t["payer.paidBody"], { amount: formatBRL(display.amountCents) })}</p>
              {returnUrl ? (
                <a
                  href={returnUrl}
                  rel="noopener noreferrer"
                  className="mt-4 inline-block font-medium text-emerald-900 underline underline-offset-2"
                  data-testid="payer-return"
                >
                  {fill(t["payer.returnToMerchant"], { merchant })}
                </a>
              ) : null}
            </section>
          }
          expired={
            <section className="rounded-lg border-2 border-slate-500 bg-slate-100 p-6 text-center" aria-labelledby="expired-heading">
              <h2 id="expired-heading" className="text-3xl font-bold text-slate-900">
                {t["payer.expiredTitle"]}
              </h2>
              <p className="mt-2">{t["payer.expiredBody"]}</p>
            </section>
          }
          closed={
            <section className="rounded-lg border-2 border-slate-500 bg-slate-100 p-6 text-center" aria-labelledby="closed-heading">
              <h2 id="closed-heading" className="text-3xl font-bold text-slate-900">
                {t["payer.closedTitle"]}
              </h2>
              <p className="mt-2">{t["payer.closedBody"]}</p>
            </section>
          }
        />
      </main>
      <footer className="mt-8 flex justify-center">
        <LanguageSwitcher locale={locale} label={t["shell.language"]} />
      </footer>
    </div>
  );
}
