"use client";
import { useRouter } from "next/navigation";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { setLocaleAction } from "@/lib/actions/set-locale-action";
import type { Locale } from "@/lib/i18n/messages";

const localeNames: Record<Locale, string> = { en: "English", "pt-BR": "Português (Brasil)" };

export function LanguageSwitcher({ locale, label }: { locale: Locale; label: string }) {
  const router = useRouter();
  const { run, pending } = useActionMutation({ stepUp: false });
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      {label}
      <select
        className="rounded-md border border-slate-400 bg-white px-2 py-1"
        value={locale}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value;
          run(() => setLocaleAction(next), { onSuccess: () => router.refresh() });
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
