// The answer to an unknown or mistyped link a payer opened (a charge's /pay/<token>, a payment
// link's /l/<slug>): HTTP 404 with the friendly page a real link would show, language switcher
// included. Each route's not-found.tsx re-exports it with this metadata.
import type { Metadata } from "next";
import { LanguageSwitcher } from "@/components/shell/language-switcher";
import { getChosenLocale } from "@/lib/i18n/locale";
import { dictionaries } from "@/lib/i18n/messages";

export const payerNotFoundMetadata: Metadata = {
  title: "Pagamento PIX",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export async function PayerNotFound() {
  const locale = await getChosenLocale("pt-BR");
  const t = dictionaries[locale];
  return (
    <div lang={locale} className="mx-auto flex min-h-screen max-w-md flex-col px-4 py-6">
      <main className="flex-1">
        <h1 className="mt-10 text-center text-2xl font-bold">{t["payer.notFound"]}</h1>
      </main>
      <footer className="mt-8 flex justify-center">
        <LanguageSwitcher locale={locale} label={t["shell.language"]} />
      </footer>
    </div>
  );
}
