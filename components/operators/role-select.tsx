"use client";
import { translateMessage } from "@/lib/i18n/message";
import { useState, useTransition } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
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
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  const [pending, startTransition] = useTransition();
  const { runWithStepUp, stepUpDialog } = useStepUp(t);
  const selectId = `role-${userId}`;

  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await runWithStepUp(() => changeOperatorRoleAction({ userId, role: selected }));
          setMessage(
            result.ok ? { kind: "success", text: t["operators.roleSaved"] } : { kind: "error", text: translateMessage(t, result.error) },
          );
        });
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
      <span
        role={message?.kind === "error" ? "alert" : "status"}
        className={message?.kind === "error" ? "text-sm text-red-800" : "text-sm text-emerald-800"}
      >
        {message?.text}
      </span>
      {stepUpDialog}
    </form>
  );
}
