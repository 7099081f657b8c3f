// The current locale: the operator's (or payer's) choice remembered in a cookie, else the
// browser's Accept-Language, else English for the dashboard.
import "server-only";
import { cookies, headers } from "next/headers";
import { dictionaries, locales, type Locale, type Messages } from "@/lib/i18n/messages";

export const localeCookieName = "locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The chosen locale, or `fallback` when this browser has not chosen one (payer pages default to Portuguese). */
export async function getChosenLocale(fallback: Locale): Promise<Locale> {
  const chosen = (await cookies()).get(localeCookieName)?.value;
  return isLocale(chosen) ? chosen : fallback;
}

/**
 * The pages a payer (or a counter's screen) sees: in Portuguese unless this browser chose otherwise,
 * whatever its Accept-Language. The proxy marks their requests (payerPageHeader), so the root
 * layout's <html lang> agrees with the page's own choice (getChosenLocale("pt-BR")).
 */
export function isPayerPagePath(pathname: string): boolean {
  return /^\/(pay|l|verify)\/|^\/display(\/|$)/.test(pathname);
}
export const payerPageHeader = "x-payer-page";

export async function getLocale(fallback: Locale = "en"): Promise<Locale> {
  const chosen = (await cookies()).get(localeCookieName)?.value;
  if (isLocale(chosen)) return chosen;
  const requestHeaders = await headers();
  if (requestHeaders.get(payerPageHeader) === "1") return "pt-BR";
  const accepted = requestHeaders.get("accept-language") ?? "";
  if (/^\s*pt\b/i.test(accepted)) return "pt-BR";
  if (/^\s*en\b/i.test(accepted)) return "en";
  return fallback;
}

export async function getMessages(fallback?: Locale): Promise<{ locale: Locale; t: Messages }> {
  const locale = await getLocale(fallback);
  return { locale, t: dictionaries[locale] };
}
