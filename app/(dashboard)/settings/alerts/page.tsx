// Alert settings (admins): the rules and their thresholds, the channels alerts go to, and every
// delivery attempt with its result, so a failing webhook or SMTP server is visible.
import type { Metadata } from "next";
import { AlertChannelsForm } from "@/components/alerts/alert-channels-form";
import { AlertRulesForm } from "@/components/alerts/alert-rules-form";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { alertRuleKeys } from "@/lib/vocabulary/alert-kinds";
import { readDailyLimitUsage } from "@/lib/alerts/daily-limit";
import { loadRuleSettings } from "@/lib/alerts/rules";
import { requirePageOperator } from "@/lib/auth/session";
import { listRecentDeliveryAttempts, loadChannelViews } from "@/lib/db/queries/alert-settings";
import { formatDateTime } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { getRuntime } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Alert settings" };

export default async function AlertSettingsPage() {
  await requirePageOperator("manageOperators", { wholeMerchant: true });
  const { locale, t } = await getMessages();
  // One object for all of the page's forms: the messages they share travel once.
  const formMessages = clientMessages(t, "alertRulesForm", "alertChannelsForm");
  const { db, config } = await getRuntime();
  const [rules, channels, attempts, limits] = await Promise.all([
    loadRuleSettings(db),
    loadChannelViews(db),
    listRecentDeliveryAttempts(db),
    readDailyLimitUsage(db, new Date()),
  ]);
  return (
    <>
      <PageHeader
        title={t["alertSettings.title"]}
        description={fill(t["alertSettings.intro"], { seconds: Math.round(config.alerts.checkIntervalMs / 1000) })}
      />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="rules-title">
          <h2 id="rules-title" className="mb-3 text-lg font-semibold">
            {t["alertSettings.rules.title"]}
          </h2>
          <AlertRulesForm rules={alertRuleKeys.map((rule) => rules[rule])} limitsConfigured={limits.configured} t={formMessages} />
        </section>
        <section aria-labelledby="channels-title">
          <h2 id="channels-title" className="mb-3 text-lg font-semibold">
            {t["alertSettings.channels.title"]}
          </h2>
          <AlertChannelsForm
            email={channels.email}
            webhook={channels.webhook}
            smtpConfigured={Boolean(config.alerts.smtpUrl)}
            t={formMessages}
          />
        </section>
      </div>
      <section aria-labelledby="attempts-title" className="mt-10">
        <h2 id="attempts-title" className="mb-1 text-lg font-semibold">
          {t["alertSettings.log.title"]}
        </h2>
        <p className="mb-3 text-sm text-slate-700">{t["alertSettings.log.intro"]}</p>
        {attempts.length === 0 ? (
          <p>{t["alertSettings.log.empty"]}</p>
        ) : (
          <DataTable
            caption={t["alertSettings.log.caption"]}
            columns={[
              t["alertSettings.log.at"],
              t["alertSettings.log.channel"],
              t["alertSettings.log.alert"],
              t["alertSettings.log.attempt"],
              t["alertSettings.log.result"],
              t["alertSettings.log.delivery"],
            ]}
          >
            {attempts.map((attempt) => (
              <tr key={attempt.id} className="border-t border-slate-200">
                <td className="whitespace-nowrap px-3 py-2">{formatDateTime(locale, attempt.attemptedAt)}</td>
                <td className="px-3 py-2">{t[`alertSettings.channel.${attempt.channel}`]}</td>
                <td className="px-3 py-2">
                  {fill(
                    t[`alert.${attempt.rule}`],
                    Object.fromEntries(Object.entries(attempt.details).map(([key, value]) => [key, value ?? ""])),
                  )}
                </td>
                <td className="px-3 py-2 tabular-nums">{attempt.attempt}</td>
                <td className="px-3 py-2">
                  {attempt.ok
                    ? t["alertSettings.log.ok"]
                    : fill(t["alertSettings.log.failed"], { error: attempt.error ?? String(attempt.responseStatus ?? "") })}
                </td>
                <td className="px-3 py-2">{t[`alertSettings.delivery.${attempt.deliveryStatus}`]}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
