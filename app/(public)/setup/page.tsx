import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SetupForm } from "@/components/auth/setup-form";
import { CspCompatibleZod } from "@/components/shell/csp-compatible-zod";
import { isSetupComplete } from "@/lib/auth/setup";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";
import { QueryProvider } from "@/components/data/query-provider";

export const metadata: Metadata = { title: "Set up" };

// Exists only until the first admin is created; afterwards it is gone for good (404).
export default async function SetupPage() {
  if (await isSetupComplete(await getDb())) notFound();
  const { t } = await getMessages();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t["setup.title"]}</h1>
      <p className="mb-6 text-slate-700">{t["setup.intro"]}</p>
      {/* This form parses with zod in the browser (sign-in, in the same layout, does not). */}
      <CspCompatibleZod />
      <QueryProvider>
        <SetupForm t={clientMessages(t, "setupForm")} />
      </QueryProvider>
    </>
  );
}
