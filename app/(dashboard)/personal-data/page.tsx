// A person's requests under the LGPD (admin): find, export and erase what is held about one
// CPF/CNPJ, e-mail or phone (docs/personal-data.md). From a customer's page (/customers/<id>) the
// search starts with that customer's CPF/CNPJ filled in (`?customer=<id>`: the id, never the document, in the URL).
import type { Metadata } from "next";
import { PersonRequestsPanel } from "@/components/personal-data/person-requests-panel";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { clientMessages } from "@/lib/i18n/client-messages";
import { getMessages } from "@/lib/i18n/locale";
import { findCustomer } from "@/lib/db/queries/customers";
import { getDb } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Personal data requests" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function PersonalDataPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator("handlePersonalDataRequests");
  const { locale, t } = await getMessages();
  const { customer: customerId } = await searchParams;
  const customer =
    typeof customerId === "string" && /^[0-9a-f-]{36}$/i.test(customerId)
      ? await findCustomer(await getDb(), customerId.toLowerCase())
      : undefined;
  return (
    <>
      <PageHeader title={t["personalData.title"]} description={t["personalData.intro"]} />
      <PersonRequestsPanel t={clientMessages(t, "personRequestsPanel")} locale={locale} initialSubject={customer?.document} />
    </>
  );
}
