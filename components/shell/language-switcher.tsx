"use client";
// The language select: on the payer page, sign-in and /verify too, which load no query client
// (issue #15's budgets), so it calls its one action in a plain transition (the one exception to
// the mutation hook, named in components/forms/server-action-calls.test.ts).
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { setLocaleAction } from "@/lib/actions/set-locale-action";
import type { Locale } from "@/lib/i18n/messages";

const localeNames: Record<Locale, string> = { en: "English", "pt-BR": "Português (Brasil)" };

export function LanguageSwitcher({ locale, label }: { locale: Locale; label: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      {label}
      <select
        className="rounded-md border border-slate-400 bg-white px-2 py-1"
        value={locale}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value;
          startTransition(async () => {
            await setLocaleAction(next);
            router.refresh();
          });
        }}
      >
        {(Object.keys(localeNames) as Locale[]).map((value) => (
          <option key={value} value={value} lang={value}>
            {localeNames[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
