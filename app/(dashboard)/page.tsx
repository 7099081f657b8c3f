import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  await requirePageOperator("read");
  const { t } = await getMessages();
  return <PageHeader title={t["overview.title"]} description={t["overview.placeholder"]} />;
}
