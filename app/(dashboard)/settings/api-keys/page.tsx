// API keys (admins): create a key for the shop's systems (shown once), for one store or all, see each key's scopes, store, expiry
// and last use, and revoke it. The API itself is /api/v1 (docs/api.md). Sorts by creation, name or
// last use (issue #53: ?sort=, keyset pages like every list's); optional columns and density from
// the Columns control (?cols=, ?density=).
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { CreateApiKeyForm, RevokeApiKeyButton } from "@/components/api-keys/api-keys-manager";
import { DataTable, sortedListLinks } from "@/components/ui/data-table";
import { listLook } from "@/components/ui/list-look";
import { FormMessage } from "@/components/ui/form-message";
import { KeysetPagination } from "@/components/ui/keyset-pagination";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { listApiKeysPage } from "@/lib/db/queries/api-keys";
import { listVisibleStores } from "@/lib/db/queries/operator-stores";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { readListPage } from "@/lib/schemas/list-sort";
import { type ApiKeyColumn, apiKeyColumns, apiKeysSort } from "@/lib/vocabulary/list-orders";
import { formatDateTime } from "@/lib/format";
import { clientMessages } from "@/lib/i18n/client-messages";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "API keys" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

export default async function ApiKeysPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requirePageOperator("manageApiKeys");
  const { t, locale } = await getMessages();
  const params = await searchParams;
  const { sort, sortError, cursor, cursorGone } = readListPage(apiKeysSort, { sort: one(params.sort), cursor: one(params.cursor) }, "uuid");
  const db = await getDb();
  // Every store's name for the list (a key may name a store the admin is not granted); the form
  // offers the admin's own stores (issue #49).
  // The form's own stores are the operator's, read with the session (PageOperator.visibleStores).
  const ownStores = operator.visibleStores;
  const [page, everyStore] = await Promise.all([listApiKeysPage(db, { sort, cursor }), listVisibleStores(db, merchantWideScope())]);
  const storeNames = new Map(everyStore.map((store) => [store.id, store.name]));
  const names: Record<ApiKeyColumn, string> = {
    prefix: t["apiKeys.prefix"],
    scopes: t["apiKeys.scopes"],
    store: t["apiKeys.store"],
    created: t["apiKeys.createdAt"],
    expires: t["apiKeys.expires"],
    lastUsed: t["apiKeys.lastUsed"],
    state: t["apiKeys.state"],
  };
  // The columns shown and the density (?cols=, ?density=), kept by the order's and the pages' links.
  const look = listLook(apiKeyColumns, names, params);
  const list = sortedListLinks(apiKeysSort, sort, cursor, "/settings/api-keys", look.kept, t);
  const keys = page.rows;
  const columns = list.columns([["name", t["apiKeys.name"]], ...look.pairs, ["actions", t["apiKeys.actions"]]]);
  const messages = clientMessages(t, "apiKeysManager");
  const now = Date.now();
  type KeyRow = (typeof keys)[number];
  const cells: Record<ApiKeyColumn, (key: KeyRow) => ReactNode> = {
    prefix: (key) => (
      <td className="font-mono" translate="no">
        {key.prefix}
      </td>
    ),
    scopes: (key) => <td>{key.scopes.join(", ")}</td>,
    store: (key) => <td>{key.storeId ? (storeNames.get(key.storeId) ?? key.storeId) : t["apiKeys.storeAll"]}</td>,
    created: (key) => <td>{formatDateTime(locale, key.createdAt)}</td>,
    expires: (key) => <td>{key.expiresAt ? formatDateTime(locale, key.expiresAt) : t["apiKeys.noExpiry"]}</td>,
    lastUsed: (key) => (
      <td>{key.lastUsedAt ? `${formatDateTime(locale, key.lastUsedAt)} · ${key.lastUsedAddress ?? ""}` : t["apiKeys.never"]}</td>
    ),
    state: (key) => {
      const expired = key.expiresAt !== null && key.expiresAt.getTime() <= now;
      return <td>{key.revokedAt ? t["apiKeys.revoked"] : expired ? t["apiKeys.expired"] : t["apiKeys.active"]}</td>;
    },
  };
  return (
    <>
      <PageHeader title={t["apiKeys.title"]} description={t["apiKeys.intro"]} />
      <section aria-labelledby="api-key-create" className="mb-8">
        <h2 id="api-key-create" className="mb-3 text-lg font-semibold">
          {t["apiKeys.create"]}
        </h2>
        <CreateApiKeyForm t={messages} stores={everyStore.length > 1 ? ownStores : []} allStores={operator.storeGrants.all} />
      </section>
      <section aria-labelledby="api-key-list">
        <h2 id="api-key-list" className="mb-3 text-lg font-semibold">
          {t["apiKeys.list"]}
        </h2>
        {cursorGone || sortError ? (
          <div className="mb-4">
            <FormMessage kind="error">{sortError ? t["errors.list.sort"] : t["table.cursorGone"]}</FormMessage>
          </div>
        ) : null}
        {look.menu({
          path: "/settings/api-keys",
          query: { sort: sort !== apiKeysSort.defaultSort ? sort : undefined },
          hint: { first: t["apiKeys.name"], last: t["apiKeys.actions"] },
          t,
          testId: "api-keys-columns",
        })}
        <DataTable
          caption={t["apiKeys.list"]}
          columns={columns}
          density={look.density}
          testId="api-keys-table"
          empty={<p className="text-slate-700">{t["apiKeys.empty"]}</p>}
        >
          {keys.map((key) => (
            <tr key={key.id} data-testid={`api-key-${key.prefix}`}>
              <td className="break-all">{key.name}</td>
              {look.cells(key, cells)}
              <td>{key.revokedAt ? null : <RevokeApiKeyButton id={key.id} label={key.name} t={messages} />}</td>
            </tr>
          ))}
        </DataTable>
        <KeysetPagination label={t["apiKeys.pages"]} {...list.pages(page)} t={t} />
      </section>
    </>
  );
}
