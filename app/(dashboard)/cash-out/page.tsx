import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { CashOutForm } from "@/components/cash-out/cash-out-form";
import { RecentCashOuts } from "@/components/cash-out/recent-cash-outs";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { listRecentCashOuts, recentCashOutsLimit } from "@/lib/db/queries/cash-outs";
import { listVisibleStores } from "@/lib/db/queries/operator-stores";
import { getMessages } from "@/lib/i18n/locale";
import { getRuntime } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Cash out" };

export default async function CashOutPage() {
  const operator = await requirePageOperator("moveMoney");
  const { locale, t } = await getMessages();
  const { db } = await getRuntime();
  const [recent, stores] = await Promise.all([
    listRecentCashOuts(db, operator.stores, { limit: recentCashOutsLimit }),
    // The stores the operator may send for (their grants): the switcher does not narrow a form.
    listVisibleStores(db, operator.storeGrants),
  ]);
  // A fresh idempotency key per form instance, made on the server so it is stable across hydration.
  // The form reads it once: a re-render after a failed send (revalidatePath) does not replace it.
  return (
    <>
      <PageHeader title={t["cashOut.title"]} description={t["cashOut.placeholder"]} />
      <p className="mb-4">
        <Link href="/cash-out/bulk" className="font-medium text-brand-800 underline">
          {t["cashOut.form.bulkLink"]}
        </Link>
      </p>
      <CashOutForm t={clientMessages(t, "cashOutForm")} locale={locale} idempotencyKey={randomUUID()} stores={stores} />
      <RecentCashOuts cashOuts={recent} limit={recentCashOutsLimit} t={t} locale={locale} />
    </>
  );
}
