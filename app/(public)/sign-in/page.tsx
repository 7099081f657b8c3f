import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { isSetupComplete } from "@/lib/auth/setup";
import { getCurrentOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  if (!(await isSetupComplete(await getDb()))) redirect("/setup");
  if (await getCurrentOperator()) redirect("/");
  const { t } = await getMessages();
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold">{t["signIn.title"]}</h1>
      <SignInForm t={clientMessages(t, "signInForm")} />
    </>
  );
}
