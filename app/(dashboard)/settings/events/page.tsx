// Settings → Events (admins): the merchant's endpoints and a form to add one (its signing secret
// is shown once). Each endpoint's page has its delivery log, resend and replay.
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { EventEndpointForm } from "@/components/events/event-endpoint-form";
import { EventTypeName } from "@/components/events/event-type-name";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { listEventEndpoints } from "@/lib/db/queries/events";
import { clientMessages } from "@/lib/i18n/client-messages";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Events" };

export default async function EventSettingsPage() {
  await requirePageOperator("manageOperators", { wholeMerchant: true });
  const { t } = await getMessages();
  const endpoints = await listEventEndpoints(await getDb());
  return (
    <>
      <PageHeader title={t["events.title"]} description={t["events.intro"]} />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="endpoints-title">
          <h2 id="endpoints-title" className="mb-3 text-lg font-semibold">
            {t["events.list.title"]}
          </h2>
          {endpoints.length === 0 ? (
            <p>{t["events.list.empty"]}</p>
          ) : (
            <DataTable
              caption={t["events.list.caption"]}
              columns={[t["events.list.url"], t["events.list.description"], t["events.list.types"], t["events.list.state"]]}
            >
              {endpoints.map((endpoint) => (
                <tr key={endpoint.id} className="border-t border-slate-200">
                  <td className="break-all px-3 py-2">
                    <Link href={`/settings/events/${endpoint.id}`} className="font-medium text-brand-700 underline underline-offset-2">
                      {endpoint.url}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{endpoint.description}</td>
                  <td className="px-3 py-2 text-sm">
                    <ul>
                      {endpoint.eventTypes.map((type) => (
                        <li key={type}>
                          <EventTypeName type={type} t={t} />
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-3 py-2">{endpoint.enabled ? t["events.state.enabled"] : t["events.state.disabled"]}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>
        <section aria-labelledby="create-title">
          <h2 id="create-title" className="mb-3 text-lg font-semibold">
            {t["events.create.title"]}
          </h2>
          <EventEndpointForm t={clientMessages(t, "eventsUi")} />
        </section>
      </div>
    </>
  );
}
