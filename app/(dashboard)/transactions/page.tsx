import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";

export const metadata: Metadata = { title: "Transactions" };

export default async function TransactionsPage() {
  await requirePageOperator("read");
  const { t } = await getMessages();
  return <PageHeader title={t["transactions.title"]} description={t["transactions.placeholder"]} />;
}
