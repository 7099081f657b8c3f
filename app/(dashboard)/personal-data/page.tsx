// A person's requests under the LGPD (admin): find, export and erase what is held about one
// CPF/CNPJ, e-mail or phone (docs/personal-data.md).
import type { Metadata } from "next";
import { PersonRequestsPanel } from "@/components/personal-data/person-requests-panel";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { clientMessages } from "@/lib/i18n/client-messages";
import { getMessages } from "@/lib/i18n/locale";

export const metadata: Metadata = { title: "Personal data requests" };

export default async function PersonalDataPage() {
  await requirePageOperator("handlePersonalDataRequests");
  const { locale, t } = await getMessages();
  return (
    <>
      <PageHeader title={t["personalData.title"]} description={t["personalData.intro"]} />
      <PersonRequestsPanel t={clientMessages(t, "personRequestsPanel")} locale={locale} />
    </>
  );
}
