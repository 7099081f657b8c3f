"use client";
// An operator's role, changed in place on the operators page (asks for a step-up).
import { useState } from "react";
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import { InlineStatus } from "@/components/ui/inline-status";
import { changeOperatorRoleAction } from "@/lib/actions/change-operator-role-action";
import { operatorRoles, type OperatorRole } from "@/lib/vocabulary/operator-roles";
import type { ClientMessages } from "@/lib/i18n/client-messages";

export function RoleSelect({
  userId,
  email,
  role,
  t,
}: {
  userId: string;
  email: string;
  role: OperatorRole;
  t: ClientMessages<"roleSelect">;
}) {
  const [selected, setSelected] = useState<OperatorRole>(role);
  const { run, message, pending, stepUpDialog } = useStepUpAction(t);
  const selectId = `role-${userId}`;

  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        run(() => changeOperatorRoleAction({ userId, role: selected }), { success: t["operators.roleSaved"] });
      }}
    >
      <label htmlFor={selectId} className="sr-only">
        {`${t["operators.changeRole"]}: ${email}`}
      </label>
      <select
        id={selectId}
        value={selected}
        onChange={(event) => setSelected(event.target.value as OperatorRole)}
        className="rounded-md border border-slate-400 bg-white px-2 py-1"
      >
        {operatorRoles.map((value) => (
          <option key={value} value={value}>
            {t[`role.${value}`]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        disabled={pending || selected === role}
        className="rounded-md border border-slate-400 px-3 py-1 text-sm font-medium hover:bg-slate-100 disabled:text-slate-500"
      >
        {t["operators.saveRole"]}
      </button>
      <InlineStatus message={message} />
      {stepUpDialog}
    </form>
  );
}
