import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { CashInForm } from "@/components/cash-in/cash-in-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { findCounterPreference, listCounters } from "@/lib/db/queries/counters";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";
import { nameWithStore } from "@/lib/vocabulary/stores";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Cash in" };

export default async function CashInPage() {
  const operator = await requirePageOperator("moveMoney");
  const { t } = await getMessages();
  const db = await getDb();
  // The stores the operator may charge for (their grants, read with the session): the switcher does
  // not narrow a form. Their counters: the form offers those of the store chosen.
  const stores = operator.visibleStores;
  const [counterRows, preferredCounterId] = await Promise.all([
    listCounters(db, operator.storeGrants),
    findCounterPreference(db, operator.id),
  ]);
  const counters = counterRows.map((counter) => ({ ...counter, name: nameWithStore(counter.name, counter.storeId, stores) }));
  // A fresh idempotency key per form instance, made on the server so it is stable across hydration.
  // Keyed by it: a new render of this page (e.g. "New charge" from a charge the form showed in its
  // place) is a new, empty form rather than the last one.
  const idempotencyKey = randomUUID();
  return (
    <CashInForm
      key={idempotencyKey}
      t={clientMessages(t, "cashInForm")}
      header={<PageHeader title={t["cashIn.title"]} description={t["cashIn.placeholder"]} />}
      idempotencyKey={idempotencyKey}
      counters={counters}
      preferredCounterId={preferredCounterId}
      stores={stores}
    />
  );
}
