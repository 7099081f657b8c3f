import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { QuickChargeForm } from "@/components/counters/quick-charge-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { findCounterPreference, listCounters } from "@/lib/db/queries/counters";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";
import { nameWithStore } from "@/lib/vocabulary/stores";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Quick charge" };

export default async function QuickChargePage() {
  const operator = await requirePageOperator("moveMoney");
  const { t } = await getMessages();
  const db = await getDb();
  // The counters of the stores the operator may charge for (their grants): the switcher does not
  // narrow a form; the charge is the counter's store's.
  const [counterRows, preferredCounterId] = await Promise.all([
    listCounters(db, operator.storeGrants),
    findCounterPreference(db, operator.id),
  ]);
  const counterList = counterRows.map((counter) => ({
    id: counter.id,
    name: nameWithStore(counter.name, counter.storeId, operator.visibleStores),
  }));
  return (
    <>
      <PageHeader title={t["quickCharge.title"]} description={t["quickCharge.intro"]} />
      {counterList.length === 0 ? (
        <p className="text-slate-800">{t["quickCharge.noCounter"]}</p>
      ) : (
        <QuickChargeForm
          t={clientMessages(t, "quickChargeForm")}
          idempotencyKey={randomUUID()}
          counters={counterList}
          preferredCounterId={preferredCounterId}
        />
      )}
    </>
  );
}
