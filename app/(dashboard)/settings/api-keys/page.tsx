// API keys (admins): create a key for the shop's systems (shown once), see each key's scopes, expiry
// and last use, and revoke it. The API itself is /api/v1 (docs/api.md).
import type { Metadata } from "next";
import { CreateApiKeyForm, RevokeApiKeyButton } from "@/components/api-keys/api-keys-manager";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { listApiKeysPage } from "@/lib/db/queries/api-keys";
import { formatDateTime } from "@/lib/format";
import { clientMessages } from "@/lib/i18n/client-messages";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  await requirePageOperator("manageApiKeys");
  const { t, locale } = await getMessages();
  const { rows: keys } = await listApiKeysPage(await getDb());
  const messages = clientMessages(t, "apiKeysManager");
  const now = Date.now();
  return (
    <>
      <PageHeader title={t["apiKeys.title"]} description={t["apiKeys.intro"]} />
      <section aria-labelledby="api-key-create" className="mb-8">
        <h2 id="api-key-create" className="mb-3 text-lg font-semibold">
          {t["apiKeys.create"]}
        </h2>
        <CreateApiKeyForm t={messages} />
      </section>
      <section aria-labelledby="api-key-list">
        <h2 id="api-key-list" className="mb-3 text-lg font-semibold">
          {t["apiKeys.list"]}
        </h2>
        {keys.length === 0 ? (
          <p className="text-slate-700">{t["apiKeys.empty"]}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-300">
                  <th className="py-2 pr-3">{t["apiKeys.name"]}</th>
                  <th className="py-2 pr-3">{t["apiKeys.prefix"]}</th>
                  <th className="py-2 pr-3">{t["apiKeys.scopes"]}</th>
                  <th className="py-2 pr-3">{t["apiKeys.expires"]}</th>
                  <th className="py-2 pr-3">{t["apiKeys.lastUsed"]}</th>
                  <th className="py-2 pr-3">{t["apiKeys.state"]}</th>
                  <th className="py-2" />
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => {
                  const expired = key.expiresAt !== null && key.expiresAt.getTime() <= now;
                  const state = key.revokedAt ? t["apiKeys.revoked"] : expired ? t["apiKeys.expired"] : t["apiKeys.active"];
                  return (
                    <tr key={key.id} className="border-b border-slate-200 align-top" data-testid={`api-key-${key.prefix}`}>
                      <td className="py-2 pr-3 break-all">{key.name}</td>
                      <td className="py-2 pr-3 font-mono">{key.prefix}</td>
                      <td className="py-2 pr-3">{key.scopes.join(", ")}</td>
                      <td className="py-2 pr-3">{key.expiresAt ? formatDateTime(locale, key.expiresAt) : t["apiKeys.noExpiry"]}</td>
                      <td className="py-2 pr-3">
                        {key.lastUsedAt ? `${formatDateTime(locale, key.lastUsedAt)} · ${key.lastUsedAddress ?? ""}` : t["apiKeys.never"]}
                      </td>
                      <td className="py-2 pr-3">{state}</td>
                      <td className="py-2">{key.revokedAt ? null : <RevokeApiKeyButton id={key.id} label={key.name} t={messages} />}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
