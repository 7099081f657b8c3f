import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";
import { getRuntime } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Sandbox" };

export default async function SandboxPage() {
  await requirePageOperator("simulatePayment");
  const { config } = await getRuntime();
  const { t } = await getMessages();
  return <PageHeader title={t["sandbox.title"]} description={config.wallet.isSandbox ? t["sandbox.placeholder"] : t["sandbox.notConnected"]} />;
}
