import type { ReactNode } from "react";
import { LanguageSwitcher } from "@/components/shell/language-switcher";
import { getMessages } from "@/lib/i18n/locale";

// Pages reachable without a session: sign-in and the one-time setup.
export default async function PublicLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await getMessages();
  return (
    // Top-aligned, not centred: a card centred with what follows it moved when the first frame came
    // before the footer was parsed (a layout shift Lighthouse measured on sign-in, issue #54).
    <div className="flex min-h-screen flex-col items-center px-4 py-12 sm:pt-[15vh]">
      <main className="w-full max-w-md rounded-lg border border-slate-300 bg-white p-8 shadow-sm">{children}</main>
      <footer className="mt-6">
        <LanguageSwitcher locale={locale} label={t["shell.language"]} />
      </footer>
    </div>
  );
}
