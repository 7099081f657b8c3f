import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";

export const metadata: Metadata = { title: "Access denied" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AccessDeniedPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator("read");
  const { t } = await getMessages();
  // A page of the merchant as a whole, for an operator shown some stores only (issue #49).
  if ((await searchParams).reason === "stores")
    return <PageHeader title={t["denied.stores.title"]} description={t["denied.stores.body"]} />;
  return <PageHeader title={t["denied.title"]} description={t["denied.body"]} />;
}
