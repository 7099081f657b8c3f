import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { TwoFactorEnrolment } from "@/components/auth/two-factor-enrolment";
import { getCurrentOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";
import { clientMessages } from "@/lib/i18n/client-messages";
import { QueryProvider } from "@/components/data/query-provider";

export const metadata: Metadata = { title: "Set up two-factor sign-in" };
export const dynamic = "force-dynamic";

// Where an operator whose role requires two-factor lands right after the password, before anything
// else. It always renders the same tree so the backup codes stay on screen after enrolment.
export default async function EnrolTwoFactorPage() {
  const operator = await getCurrentOperator();
  if (!operator) redirect("/sign-in");
  if (operator.pending === "change-password") redirect("/change-password");
  const { t } = await getMessages();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t["enrol.title"]}</h1>
      <p className="mb-6 text-slate-700">{t["enrol.intro"]}</p>
      <QueryProvider>
        <TwoFactorEnrolment t={clientMessages(t, "twoFactorEnrolment")} reenrol={false} continueHref="/" />
      </QueryProvider>
    </>
  );
}
