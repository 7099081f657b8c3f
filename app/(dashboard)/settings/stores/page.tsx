// The merchant's stores (admins, issue #49): each store's name, the name payers see, the holder's
// document (masked), time zone and wallet (the settings' wallet, or its address and the token's
// last 4 characters); a form to add a store, and per store one to edit its details and one to change its wallet.
import type { Metadata } from "next";
import { CreateStoreForm } from "@/components/stores/create-store-form";
import { StoreConnectionForm } from "@/components/stores/store-connection-form";
import { StoreDetailsForm } from "@/components/stores/store-details-form";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { listStores } from "@/lib/db/queries/stores";
import { clientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { getMessages } from "@/lib/i18n/locale";
import type { StoreDetailsInput } from "@/lib/schemas/stores";
import { getRuntime } from "@/lib/server/runtime";
import { maskDocument } from "@/lib/vocabulary/personal-data-masks";

export const metadata: Metadata = { title: "Stores" };

export default async function StoresPage() {
  await requirePageOperator("manageOperators", { wholeMerchant: true });
  const { t } = await getMessages();
  const { db, config } = await getRuntime();
  const stores = await listStores(db);
  const formMessages = clientMessages(t, "storeForms");
  const sandboxUrl = `${config.appUrl}/sandbox`;
  return (
    <>
      <PageHeader title={t["stores.title"]} description={t["stores.intro"]} />
      <section aria-labelledby="store-list-heading" className="mb-10">
        <h2 id="store-list-heading" className="mb-3 text-lg font-semibold">
          {t["stores.list"]}
        </h2>
        <DataTable
          caption={t["stores.list"]}
          columns={[
            t["stores.name"],
            t["stores.payerFacingName"],
            t["stores.holderDocument"],
            t["stores.timeZone"],
            t["stores.connection"],
          ]}
          testId="stores-table"
        >
          {stores.map((store) => (
            <tr key={store.id} data-testid="store-row">
              <td translate="no">{store.name}</td>
              <td translate="no">{store.payerFacingName}</td>
              <td>{store.holderDocument ? maskDocument(store.holderDocument) : t["stores.noDocument"]}</td>
              <td>{store.timeZoneName}</td>
              <td data-testid="store-connection">
                {store.walletBaseUrl
                  ? fill(t["stores.ownConnection"], { url: store.walletBaseUrl, last4: store.walletTokenLast4 ?? "" })
                  : t["stores.settingsWallet"]}
              </td>
            </tr>
          ))}
        </DataTable>
        <div className="mt-4 space-y-2">
          {stores.map((store) => (
            <details key={`details-${store.id}`} className="rounded-lg border border-slate-300 bg-white p-3" data-testid="store-details">
              <summary className="cursor-pointer font-medium">{fill(t["stores.editDetails"], { name: store.name })}</summary>
              <StoreDetailsForm
                t={formMessages}
                store={{
                  storeId: store.id,
                  name: store.name,
                  holderDocument: store.holderDocument ?? "",
                  payerFacingName: store.payerFacingName,
                  timeZoneName: store.timeZoneName as StoreDetailsInput["timeZoneName"],
                }}
              />
            </details>
          ))}
          {stores.map((store) => (
            <details key={store.id} className="rounded-lg border border-slate-300 bg-white p-3" data-testid="store-connection-details">
              <summary className="cursor-pointer font-medium">{fill(t["stores.editConnection"], { name: store.name })}</summary>
              <StoreConnectionForm t={formMessages} storeId={store.id} baseUrl={store.walletBaseUrl ?? ""} sandboxUrl={sandboxUrl} />
            </details>
          ))}
        </div>
      </section>
      <section aria-labelledby="add-store-heading">
        <h2 id="add-store-heading" className="mb-3 text-lg font-semibold">
          {t["stores.add"]}
        </h2>
        <CreateStoreForm t={formMessages} sandboxUrl={sandboxUrl} />
      </section>
    </>
  );
}
