// The merchant's identity (admins, issue #51): legal name, CNPJ, address and logo, printed on
// receipts and statements and shown on the payer and verification pages once set.
import type { Metadata } from "next";
import { MerchantIdentityForm } from "@/components/merchant-identity/merchant-identity-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { findMerchantIdentity } from "@/lib/db/queries/merchant-identity";
import { formatDateTime } from "@/lib/format";
import { clientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { getMessages } from "@/lib/i18n/locale";
import { formatCnpjForPrint } from "@/lib/schemas/brazilian-documents";
import { getRuntime } from "@/lib/server/runtime";
import { merchantLogoDataUrl } from "@/lib/vocabulary/merchant-identity";

export const metadata: Metadata = { title: "Merchant identity" };

export default async function MerchantIdentityPage() {
  await requirePageOperator("manageOperators", { wholeMerchant: true });
  const { locale, t } = await getMessages();
  const { db } = await getRuntime();
  const identity = await findMerchantIdentity(db);
  return (
    <>
      <PageHeader title={t["merchant.title"]} description={t["merchant.intro"]} />
      <p className="mb-4 text-sm text-slate-700" data-testid="merchant-identity-current">
        {identity
          ? fill(t["merchant.current"], { who: identity.updatedByEmail, at: formatDateTime(locale, identity.updatedAt) })
          : t["merchant.notSet"]}
      </p>
      <MerchantIdentityForm
        t={clientMessages(t, "merchantIdentityForm")}
        currentLogo={identity?.logo ? merchantLogoDataUrl(identity.logo) : null}
        initial={{
          legalName: identity?.legalName ?? "",
          cnpj: identity ? formatCnpjForPrint(identity.cnpj) : "",
          address: identity?.address ?? "",
          logo: "",
          removeLogo: false,
        }}
      />
    </>
  );
}
