// The public receipt check a receipt's QR and link open: whether the code is genuine and, if so, the
// receipt's essentials (merchant, kind, amount, date and time, wallet id, status) and nothing more.
// Each load counts against the address's budget (lib/security/rate-limit-rules.ts); past it the
// page says so (a page cannot answer 429; the JSON twin /api/receipts/verify/[code] does).
import type { Metadata } from "next";
import { headers } from "next/headers";
import { MerchantIdentityHeader } from "@/components/merchant-identity/merchant-identity-header";
import { LanguageSwitcher } from "@/components/shell/language-switcher";
import { clientAddress } from "@/lib/auth/client-address";
import { findMerchantIdentity } from "@/lib/db/queries/merchant-identity";
import { formatBRL, formatDateTime } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import { getChosenLocale } from "@/lib/i18n/locale";
import { dictionaries } from "@/lib/i18n/messages";
import { verifyReceipt } from "@/lib/receipts/verify-receipt";
import { countRequest } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Comprovante PIX", robots: { index: false, follow: false }, referrer: "no-referrer" };

export default async function VerifyReceiptPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const locale = await getChosenLocale("pt-BR");
  const t = dictionaries[locale];
  const { db, config } = await getRuntime();
  const refusal = await countRequest(db, [
    { rule: rateLimitRules.receiptVerifyPerAddress, key: clientAddress(await headers(), config.trustedProxyHops) },
  ]);
  const essentials = refusal ? null : await verifyReceipt(db, config.authSecret, code);
  // Whose receipt it is, shown with a genuine one only (a forged code learns nothing).
  const identity = essentials ? await findMerchantIdentity(db) : null;
  return (
    <div lang={locale} className="mx-auto flex min-h-screen max-w-md flex-col px-4 py-6">
      <main className="flex-1">
        <h1 className="mb-4 text-2xl font-bold">{t["verify.title"]}</h1>
        {refusal ? (
          <p role="alert" className="rounded-lg border-2 border-slate-500 bg-slate-100 p-6" data-testid="verify-rate-limited">
            {t["verify.rateLimited"]}
          </p>
        ) : essentials ? (
          <section className="rounded-lg border-2 border-emerald-600 bg-emerald-50 p-6" data-testid="verify-genuine">
            <MerchantIdentityHeader identity={identity} t={t} />
            <p className="mb-4 font-semibold text-emerald-950">{fill(t["verify.genuine"], { merchant: config.merchantName })}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-slate-700">{t["verify.kind"]}</dt>
              <dd>{t[`verify.kind.${essentials.kind}`]}</dd>
              <dt className="text-slate-700">{t["receipt.amount"]}</dt>
              <dd className="font-semibold" data-testid="verify-amount">
                {formatBRL(essentials.amountCents)}
              </dd>
              <dt className="text-slate-700">{t["receipt.dateTime"]}</dt>
              <dd>{formatDateTime(locale, essentials.paidAt, { seconds: true })}</dd>
              <dt className="text-slate-700">{t["receipt.walletId"]}</dt>
              <dd className="break-all font-mono">{essentials.walletTransactionId}</dd>
              <dt className="text-slate-700">{t["receipt.status"]}</dt>
              <dd>{t["status.SUCCEED"]}</dd>
            </dl>
          </section>
        ) : (
          <p role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-6 text-red-950" data-testid="verify-not-genuine">
            {t["verify.notGenuine"]}
          </p>
        )}
      </main>
      <footer className="mt-8 flex justify-center">
        <LanguageSwitcher locale={locale} label={t["shell.language"]} />
      </footer>
    </div>
  );
}
