import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { PayoutUpload } from "@/components/approvals/payout-upload";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { listVisibleStores } from "@/lib/db/queries/operator-stores";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Bulk payouts" };

export default async function BulkPayoutsPage() {
  const operator = await requirePageOperator("moveMoney");
  const { locale, t } = await getMessages();
  // The stores the operator may send for (their grants): the switcher does not narrow a form.
  const stores = await listVisibleStores(await getDb(), operator.storeGrants);
  return (
    <>
      <PageHeader title={t["bulk.title"]} description={t["bulk.intro"]} />
      <p className="mb-2 max-w-3xl text-sm text-slate-800">
        {/* The file's column names are the format's own (English in both languages): set as code. */}
        {t["bulk.format"].split(/\b(amount|key_type|key|reference|description|metadata\.<\w+>)(?=[\s,.;)]|$)/).map((part, index) =>
          index % 2 === 1 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered
            <code key={index}>{part}</code>
          ) : (
            part
          ),
        )}
      </p>
      <p className="mb-6">
        <a href="/api/payouts/example" download className="font-semibold text-brand-800 underline">
          {t["bulk.example"]}
        </a>
      </p>
      {/* One key per page load: submitting the same batch twice saves it once. */}
      <PayoutUpload uploadKey={randomUUID()} t={clientMessages(t, "payoutUpload")} locale={locale} stores={stores} />
    </>
  );
}
