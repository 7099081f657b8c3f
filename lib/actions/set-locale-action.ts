"use server";
// Remembers the chosen UI language in this browser for a year. Only a preference, so no session
// is needed (payers switch language too); the value is checked against the known locales.
import { cookies } from "next/headers";
import { z } from "zod";
import { localeCookieName } from "@/lib/i18n/locale";
import { locales } from "@/lib/i18n/messages";

export async function setLocaleAction(locale: string): Promise<void> {
  const parsed = z.enum(locales).safeParse(locale);
  if (!parsed.success) return;
  (await cookies()).set(localeCookieName, parsed.data, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax", httpOnly: true });
}
