import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { PayoutUpload } from "@/components/approvals/payout-upload";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Bulk payouts" };

export default async function BulkPayoutsPage() {
  await requirePageOperator("moveMoney");
  const { locale, t } = await getMessages();
  return (
    <>
      <PageHeader title={t["bulk.title"]} description={t["bulk.intro"]} />
      <p className="mb-2 max-w-3xl text-sm text-slate-800">{t["bulk.format"]}</p>
      <p className="mb-6">
        <a href="/api/payouts/example" download className="font-semibold text-brand-800 underline">
          {t["bulk.example"]}
        </a>
      </p>
      {/* One key per page load: submitting the same batch twice saves it once. */}
      <PayoutUpload uploadKey={randomUUID()} t={clientMessages(t, "payoutUpload")} locale={locale} />
    </>
  );
}
