import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";

export const metadata: Metadata = { title: "Callback logs" };

export default async function CallbackLogsPage() {
  await requirePageOperator("read");
  const { t } = await getMessages();
  return <PageHeader title={t["callbackLogs.title"]} description={t["callbackLogs.placeholder"]} />;
}
