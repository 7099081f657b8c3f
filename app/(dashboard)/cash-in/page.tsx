import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";

export const metadata: Metadata = { title: "Cash in" };

export default async function CashInPage() {
  await requirePageOperator("moveMoney");
  const { t } = await getMessages();
  return <PageHeader title={t["cashIn.title"]} description={t["cashIn.placeholder"]} />;
}
