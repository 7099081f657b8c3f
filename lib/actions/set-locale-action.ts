"use server";
// Remembers the chosen UI language in this browser for a year. Only a preference, so no session
// is needed (payers switch language too); the value is checked against the known locales.
import { cookies } from "next/headers";
import * as z from "@/lib/schemas/zod";
import { localeCookieName } from "@/lib/i18n/locale";
import { locales } from "@/lib/i18n/messages";
import { checkRequestOrigin } from "@/lib/security/origin-check";
import { getRuntime } from "@/lib/server/runtime";
import { headers } from "next/headers";

export async function setLocaleAction(locale: string): Promise<void> {
  const parsed = z.enum(locales).safeParse(locale);
  if (!parsed.success) return;
  // A preference, not worth an audit event; still only from the dashboard's own pages.
  if (!checkRequestOrigin(await headers(), (await getRuntime()).config).ok) return;
  (await cookies()).set(localeCookieName, parsed.data, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax", httpOnly: true });
}
