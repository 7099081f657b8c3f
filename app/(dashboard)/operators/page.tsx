import type { Metadata } from "next";
import { AddOperatorForm } from "@/components/operators/add-operator-form";
import { OperatorAccountActions } from "@/components/operators/operator-account-actions";
import { RoleSelect } from "@/components/operators/role-select";
import { PageHeader } from "@/components/ui/page-header";
import { operatorRoleSchema } from "@/lib/schemas/operator-role";
import { requirePageOperator } from "@/lib/auth/session";
import { listOperators } from "@/lib/db/queries/operators";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";
import { formatDateTime } from "@/lib/format";
import { DataTable } from "@/components/ui/data-table";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Operators" };

export default async function OperatorsPage() {
  const me = await requirePageOperator("manageOperators");
  const { locale, t } = await getMessages();
  // One object for all of the page's forms: the messages they share travel once.
  const formMessages = clientMessages(t, "roleSelect", "operatorAccountActions", "addOperatorForm");
  const operators = await listOperators(await getDb());
  return (
    <>
      <PageHeader title={t["operators.title"]} description={t["operators.intro"]} />
      <section aria-labelledby="operator-list-heading" className="mb-10">
        <h2 id="operator-list-heading" className="mb-3 text-lg font-semibold">
          {t["operators.list"]}
        </h2>
        <DataTable
          caption={t["operators.list"]}
          columns={[
            t["operators.name"],
            t["operators.email"],
            t["operators.role"],
            t["operators.status"],
            t["operators.createdAt"],
            t["operators.actions"],
          ]}
        >
          {operators.map((operator) => (
            <tr key={operator.id} className="border-t border-slate-200">
              <td className="px-3 py-2">
                <span translate="no">{operator.name}</span>{" "}
                {operator.id === me.id ? <span className="text-slate-600">{t["operators.you"]}</span> : null}
              </td>
              <td className="px-3 py-2">{operator.email}</td>
              <td className="px-3 py-2">
                <RoleSelect
                  userId={operator.id}
                  email={operator.email}
                  role={operatorRoleSchema.safeParse(operator.role).data ?? "viewer"}
                  t={formMessages}
                />
              </td>
              <td className="px-3 py-2" data-testid="operator-status">
                {operator.disabled ? <strong className="text-red-800">{t["operators.disabled"]}</strong> : t["operators.active"]}
                <span className="block text-xs text-slate-600">
                  {operator.twoFactorEnabled ? t["operators.twoFactorOn"] : t["operators.twoFactorOff"]}
                  {operator.mustChangePassword ? `, ${t["operators.mustChangePassword"]}` : ""}
                </span>
              </td>
              <td className="px-3 py-2">{formatDateTime(locale, operator.createdAt)}</td>
              <td className="px-3 py-2">
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
