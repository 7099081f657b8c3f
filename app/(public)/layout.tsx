import type { ReactNode } from "react";
import { LanguageSwitcher } from "@/components/shell/language-switcher";
import { getMessages } from "@/lib/i18n/locale";

// Pages reachable without a session: sign-in and the one-time setup.
export default async function PublicLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await getMessages();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <main className="w-full max-w-md rounded-lg border border-slate-300 bg-white p-8 shadow-sm">{children}</main>
      <footer className="mt-6">
        <LanguageSwitcher locale={locale} label={t["shell.language"]} />
      </footer>
    </div>
  );
}
