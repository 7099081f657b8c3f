import type { Metadata } from "next";
import { SecuritySettingsForm } from "@/components/auth/security-settings-form";
import { PageHeader } from "@/components/ui/page-header";
import { getSecurityPolicy } from "@/lib/auth/security-settings";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Security settings" };

export default async function SecuritySettingsPage() {
  await requirePageOperator("manageOperators", { wholeMerchant: true });
  const { t } = await getMessages();
  const policy = await getSecurityPolicy(await getDb());
  return (
    <>
      <PageHeader title={t["securitySettings.title"]} description={t["securitySettings.intro"]} />
      <SecuritySettingsForm t={clientMessages(t, "securitySettingsForm")} policy={policy} />
    </>
  );
}
