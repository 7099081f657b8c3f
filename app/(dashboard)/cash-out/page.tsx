import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";

export const metadata: Metadata = { title: "Cash out" };

export default async function CashOutPage() {
  await requirePageOperator("moveMoney");
  const { t } = await getMessages();
  return <PageHeader title={t["cashOut.title"]} description={t["cashOut.placeholder"]} />;
}
