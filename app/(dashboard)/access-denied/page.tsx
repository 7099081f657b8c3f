import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";

export const metadata: Metadata = { title: "Access denied" };

export default async function AccessDeniedPage() {
  await requirePageOperator("read");
  const { t } = await getMessages();
  return <PageHeader title={t["denied.title"]} description={t["denied.body"]} />;
}
