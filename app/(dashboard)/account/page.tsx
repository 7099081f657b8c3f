import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { TwoFactorEnrolment } from "@/components/auth/two-factor-enrolment";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { signOutEverywhereAction } from "@/lib/actions/sign-out-everywhere-action";
import { requirePageOperator } from "@/lib/auth/session";
import { listOwnSessions } from "@/lib/db/queries/operator-security";
import { formatDateTime } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Account" };

// The operator's own sign-in security: two-factor (set up or replace), password, active sessions.
export default async function AccountPage() {
  const operator = await requirePageOperator();
  const { locale, t } = await getMessages();
  // One object for all of the page's forms: the messages they share travel once.
  const formMessages = clientMessages(t, "twoFactorEnrolment", "changePasswordForm");
  const sessions = await listOwnSessions(await getDb(), operator.id);
  return (
    <>
      <PageHeader title={t["account.title"]} description={t["account.intro"]} />
      <section aria-labelledby="two-factor-heading" className="mb-10 max-w-xl space-y-3">
        <h2 id="two-factor-heading" className="text-lg font-semibold">
          {t["account.twoFactor"]}
        </h2>
        <p>{operator.twoFactorEnabled ? t["account.twoFactorOn"] : t["account.twoFactorOff"]}</p>
        <TwoFactorEnrolment t={formMessages} reenrol={operator.twoFactorEnabled} />
      </section>
      <section aria-labelledby="password-heading" className="mb-10">
        <h2 id="password-heading" className="mb-3 text-lg font-semibold">
          {t["account.password"]}
        </h2>
        <ChangePasswordForm t={formMessages} />
      </section>
      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="mb-3 text-lg font-semibold">
          {t["account.sessions"]}
        </h2>
        <DataTable
          caption={t["account.sessions"]}
          columns={[t["account.sessionStarted"], t["account.sessionLastUsed"], t["account.sessionAddress"], t["account.sessionDevice"]]}
        >
          {sessions.map((session) => (
            <tr key={session.id} className="border-t border-slate-200">
              <td className="px-3 py-2">
                {formatDateTime(locale, session.createdAt)}{" "}
                {session.id === operator.sessionId ? <span className="text-slate-600">{t["account.thisSession"]}</span> : null}
              </td>
              <td className="px-3 py-2">{formatDateTime(locale, session.lastSeenAt)}</td>
              <td className="px-3 py-2">{session.ipAddress ?? "—"}</td>
              <td className="max-w-xs truncate px-3 py-2">{session.userAgent ?? "—"}</td>
            </tr>
          ))}
        </DataTable>
        <form action={signOutEverywhereAction} className="mt-4">
          <button type="submit" className="rounded-md border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
            {t["account.signOutEverywhere"]}
          </button>
        </form>
      </section>
    </>
  );
}
