import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AddOperatorForm } from "@/components/operators/add-operator-form";
import { OperatorAccountActions } from "@/components/operators/operator-account-actions";
import { RoleSelect } from "@/components/operators/role-select";
import { StoreGrantsControl } from "@/components/operators/store-grants-control";
import { listOperatorStoreGrants, listVisibleStores } from "@/lib/db/queries/operator-stores";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { PageHeader } from "@/components/ui/page-header";
import { operatorRoleSchema } from "@/lib/schemas/operator-role";
import { requirePageOperator } from "@/lib/auth/session";
import { listOperatorsPage } from "@/lib/db/queries/operators";
import { readListPage } from "@/lib/schemas/list-sort";
import { type OperatorColumn, operatorColumns, operatorsSort } from "@/lib/vocabulary/list-orders";
import { FormMessage } from "@/components/ui/form-message";
import { KeysetPagination } from "@/components/ui/keyset-pagination";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";
import { formatDateTime } from "@/lib/format";
import { DataTable, sortedListLinks } from "@/components/ui/data-table";
import { listLook } from "@/components/ui/list-look";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Operators" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

export default async function OperatorsPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requirePageOperator("manageOperators", { wholeMerchant: true });
  const { locale, t } = await getMessages();
  // One object for all of the page's forms: the messages they share travel once.
  const formMessages = clientMessages(t, "roleSelect", "operatorAccountActions", "addOperatorForm", "storeGrantsControl");
  const params = await searchParams;
  // Sorts by creation (the first admin on top), name, e-mail or role (issue #53: keyset pages like every list's).
  const { sort, sortError, cursor, cursorGone } = readListPage(
    operatorsSort,
    { sort: one(params.sort), cursor: one(params.cursor) },
    "text",
  );
  const db = await getDb();
  // Every store (an admin page, merchant-wide by nature) and who is granted which (issue #49).
  const [page, stores, grants] = await Promise.all([
    listOperatorsPage(db, { sort, cursor }),
    listVisibleStores(db, merchantWideScope()),
    listOperatorStoreGrants(db),
  ]);
  const names: Record<OperatorColumn, string> = {
    email: t["operators.email"],
    role: t["operators.role"],
    stores: t["operators.stores"],
    status: t["operators.status"],
    created: t["operators.createdAt"],
  };
  // The columns shown and the density (?cols=, ?density=), kept by the order's and the pages' links.
  const look = listLook(operatorColumns, names, params);
  const list = sortedListLinks(operatorsSort, sort, cursor, "/operators", look.kept, t);
  const operators = page.rows;
  const columns = list.columns([["name", t["operators.name"]], ...look.pairs, ["actions", t["operators.actions"]]]);
  type OperatorRow = (typeof operators)[number];
  const cells: Record<OperatorColumn, (operator: OperatorRow) => ReactNode> = {
    email: (operator) => <td>{operator.email}</td>,
    role: (operator) => (
      <td>
        <RoleSelect
          userId={operator.id}
          email={operator.email}
          role={operatorRoleSchema.safeParse(operator.role).data ?? "viewer"}
          t={formMessages}
        />
      </td>
    ),
    stores: (operator) => (
      <td>
        {/* With one store there is nothing to choose: every operator sees it. */}
        {stores.length > 1 ? (
          <StoreGrantsControl
            userId={operator.id}
            email={operator.email}
            stores={stores}
            granted={grants.get(operator.id) ?? null}
            t={formMessages}
          />
        ) : (
          t["operators.storesAll"]
        )}
      </td>
    ),
    status: (operator) => (
      <td data-testid="operator-status">
        {operator.disabled ? <strong className="text-red-800">{t["operators.disabled"]}</strong> : t["operators.active"]}
        <span className="block text-xs text-slate-600">
          {operator.twoFactorEnabled ? t["operators.twoFactorOn"] : t["operators.twoFactorOff"]}
          {operator.mustChangePassword ? `, ${t["operators.mustChangePassword"]}` : ""}
        </span>
      </td>
    ),
    created: (operator) => <td>{formatDateTime(locale, operator.createdAt)}</td>,
  };
  return (
    <>
      <PageHeader title={t["operators.title"]} description={t["operators.intro"]} />
      <section aria-labelledby="operator-list-heading" className="mb-10">
        <h2 id="operator-list-heading" className="mb-3 text-lg font-semibold">
          {t["operators.list"]}
        </h2>
        {cursorGone || sortError ? (
          <div className="mb-4">
            <FormMessage kind="error">{sortError ? t["errors.list.sort"] : t["table.cursorGone"]}</FormMessage>
          </div>
        ) : null}
        {look.menu({
          path: "/operators",
          query: { sort: sort !== operatorsSort.defaultSort ? sort : undefined },
          hint: { first: t["operators.name"], last: t["operators.actions"] },
          t,
          testId: "operators-columns",
        })}
        <DataTable caption={t["operators.list"]} columns={columns} density={look.density} testId="operators-table">
          {operators.map((operator) => (
            <tr key={operator.id}>
              <td>
                <span translate="no">{operator.name}</span>{" "}
                {operator.id === me.id ? <span className="text-slate-600">{t["operators.you"]}</span> : null}
              </td>
              {look.cells(operator, cells)}
              <td>
                <OperatorAccountActions
                  userId={operator.id}
                  email={operator.email}
                  disabled={Boolean(operator.disabled)}
                  twoFactorEnabled={Boolean(operator.twoFactorEnabled)}
                  isMe={operator.id === me.id}
                  t={formMessages}
                />
              </td>
            </tr>
          ))}
        </DataTable>
        <KeysetPagination label={t["operators.pages"]} {...list.pages(page)} t={t} />
      </section>
      <section aria-labelledby="add-operator-heading">
        <h2 id="add-operator-heading" className="mb-3 text-lg font-semibold">
          {t["operators.add"]}
        </h2>
        <AddOperatorForm t={formMessages} />
      </section>
    </>
  );
}
