import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { CspCompatibleZod } from "@/components/shell/csp-compatible-zod";
import { getCurrentOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";
import { clientMessages } from "@/lib/i18n/client-messages";
import { QueryProvider } from "@/components/data/query-provider";

export const metadata: Metadata = { title: "Choose a new password" };
export const dynamic = "force-dynamic";

// After an admin-issued reset the operator must replace the temporary password before anything else.
export default async function ChangePasswordPage() {
  const operator = await getCurrentOperator();
  if (!operator) redirect("/sign-in");
  if (operator.pending !== "change-password") redirect("/");
  const { t } = await getMessages();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t["changePassword.title"]}</h1>
      <p className="mb-6 text-slate-700">{t["changePassword.intro"]}</p>
      {/* This form parses with zod in the browser (sign-in, in the same layout, does not). */}
      <CspCompatibleZod />
      <QueryProvider>
        <ChangePasswordForm t={clientMessages(t, "changePasswordForm")} afterChangeHref="/" />
      </QueryProvider>
    </>
  );
}
