import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { ResendCallbackForm } from "@/components/callbacks/resend-callback-form";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { listPendingCashIns } from "@/lib/db/queries/transactions";
import { formatBRL, formatDateTime } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
// The embedded sandbox's documented test values (its public contract, like a provider's docs).
import { cashOutFailureTestKeys, cashOutFailureTestValueCents } from "@/lib/sandbox-wallet";
import { getRuntime } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Sandbox" };

export default async function SandboxPage() {
  // The stores in view (issue #49): their pending charges only; the tools check each transaction's store.
  const operator = await requirePageOperator("simulatePayment");
  const { db, config } = await getRuntime();
  const { locale, t } = await getMessages();
  if (!config.wallet.isSandbox) return <PageHeader title={t["sandbox.title"]} description={t["sandbox.notConnected"]} />;
  const pending = await listPendingCashIns(db, operator.stores);

  return (
    <>
      <PageHeader title={t["sandbox.title"]} description={t["sandboxPage.intro"]} />
      <div className="grid gap-8 xl:grid-cols-2">
        <div className="space-y-8">
          <section aria-labelledby="pending-heading">
            <h2 id="pending-heading" className="mb-1 text-lg font-semibold">
              {t["sandboxPage.pending"]}
            </h2>
            <p className="mb-3 text-slate-700">{t["sandboxPage.pendingIntro"]}</p>
            {pending.length === 0 ? (
              <p>{t["sandboxPage.noPending"]}</p>
            ) : (
              <ul className="space-y-2">
                {pending.map((charge) => (
                  <li key={charge.id}>
                    <Link href={`/cash-in/${charge.id}`} className="text-brand-700 underline">
                      {formatBRL(charge.amountCents)} · {charge.payerName} · {formatDateTime(locale, charge.createdAt)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="test-values-heading">
            <h2 id="test-values-heading" className="mb-3 text-lg font-semibold">
              {t["sandboxPage.testValues"]}
            </h2>
            {config.sandboxWallet.enabled ? (
              <>
                <p>{t["sandboxPage.failingKeys"]}</p>
                <ul className="my-2 list-disc pl-6 font-mono text-sm">
                  {Object.entries(cashOutFailureTestKeys).map(([type, key]) => (
                    <li key={type}>
                      {type}: {key}
                    </li>
                  ))}
                </ul>
                <p>{fill(t["sandboxPage.failingAmount"], { amount: formatBRL(cashOutFailureTestValueCents) })}</p>
              </>
            ) : (
              <p>{t["sandboxPage.externalSandbox"]}</p>
            )}
          </section>
        </div>
        {roleCan(operator.role, "useSandboxTools") ? <ResendCallbackForm t={clientMessages(t, "resendCallbackForm")} /> : null}
      </div>
    </>
  );
}
