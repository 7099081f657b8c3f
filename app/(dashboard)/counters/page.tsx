// Counters (admin): add a counter with its quick-charge payer, pair displays with a one-time code,
// see each paired display's last contact and revoke it.
import type { Metadata } from "next";
import { CounterForm } from "@/components/counters/counter-form";
import { PairingCodeButton } from "@/components/counters/pairing-code-button";
import { RevokeDeviceButton } from "@/components/counters/revoke-device-button";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { listCountersWithDevices } from "@/lib/db/queries/counters";
import { formatDateTime } from "@/lib/format";
import { maskDocument, maskEmail } from "@/lib/vocabulary/personal-data-masks";
import { Toaster } from "@/components/ui/toaster";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { getRuntime } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";
import { nameWithStore } from "@/lib/vocabulary/stores";

export const metadata: Metadata = { title: "Counters" };

export default async function CountersPage() {
  const operator = await requirePageOperator("manageCounters");
  const { locale, t } = await getMessages();
  // One object for all of the page's forms: the messages they share travel once.
  const formMessages = clientMessages(t, "pairingCodeButton", "counterForm");
  const { db, config } = await getRuntime();
  // The counters of the stores in view (the switcher narrows this list); a new one may be added to
  // any store the operator's role applies to.
  const counterList = await listCountersWithDevices(db, operator.stores);
  const stores = operator.visibleStores;
  const displayUrl = new URL("/display", config.appUrl).toString();

  return (
    <>
      <PageHeader title={t["counters.title"]} description={t["counters.intro"]} />
      {counterList.length === 0 ? <p className="mb-8 text-slate-700">{t["counters.none"]}</p> : null}
      <ul className="mb-10 space-y-6">
        {counterList.map((counter) => (
          <li key={counter.id}>
            <section aria-labelledby={`counter-${counter.id}`} className="rounded-lg border border-slate-300 p-4">
              <h2 id={`counter-${counter.id}`} className="text-lg font-semibold" translate="no">
                {nameWithStore(counter.name, counter.storeId, stores)}
              </h2>
              <p className="mb-3 text-sm text-slate-700">
                {t["counters.defaultPayer"]}: {counter.defaultPayerName} · {maskEmail(counter.defaultPayerEmail)} ·{" "}
                {maskDocument(counter.defaultPayerDocument)}
              </p>
              <h3 className="mb-2 font-medium">{t["counters.devices"]}</h3>
              {counter.devices.length === 0 ? (
                <p className="mb-3 text-sm text-slate-700">{t["counters.noDevices"]}</p>
              ) : (
                <ul className="mb-3 space-y-2" aria-label={`${t["counters.devices"]}: ${counter.name}`}>
                  {counter.devices.map((device) => (
                    <li key={device.id} className="flex flex-wrap items-center gap-4 text-sm" data-testid="paired-device">
                      <span>
                        {t["counters.pairedAt"]}: {formatDateTime(locale, device.pairedAt)}
                      </span>
                      <span>
                        {t["counters.lastSeen"]}: {formatDateTime(locale, device.lastSeenAt)}
                      </span>
                      <span className="max-w-xs truncate text-slate-600" title={device.userAgent ?? undefined}>
                        {device.userAgent}
                      </span>
                      <RevokeDeviceButton
                        deviceId={device.id}
                        label={t["counters.revoke"]}
                        accessibleLabel={fill(t["counters.revokeLabel"], { when: formatDateTime(locale, device.pairedAt) })}
                        strings={{
                          title: t["counters.revokeConfirm.title"],
                          body: t["counters.revokeConfirm.body"],
                          confirm: t["counters.revokeConfirm.confirm"],
                          failed: t["counters.revokeFailed"],
                          cancel: t["ui.cancel"],
                          done: t["counters.revoked"],
                        }}
                      />
                    </li>
                  ))}
                </ul>
              )}
              <PairingCodeButton counterId={counter.id} counterName={counter.name} displayUrl={displayUrl} t={formMessages} />
            </section>
          </li>
        ))}
      </ul>
      <section aria-labelledby="add-counter-heading">
        <h2 id="add-counter-heading" className="mb-3 text-lg font-semibold">
          {t["counters.add"]}
        </h2>
        <CounterForm t={formMessages} stores={stores} />
      </section>
      <Toaster closeLabel={t["ui.close"]} />
    </>
  );
}
