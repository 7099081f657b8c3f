"use client";
import { feedbackFormOptions, setActionFieldErrors, translatedResolver } from "@/lib/forms/form-feedback";
import { translateMessage } from "@/lib/i18n/message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { createOperatorAction } from "@/lib/actions/create-operator-action";
import { operatorRoles } from "@/lib/vocabulary/operator-roles";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { createOperatorSchema, type CreateOperatorInput } from "@/lib/schemas/operator";

export function AddOperatorForm({ t }: { t: ClientMessages<"addOperatorForm"> }) {
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  const { runWithStepUp, stepUpDialog } = useStepUp(t);
  const { register, handleSubmit, formState, setError, reset } = useForm<CreateOperatorInput>({
    ...feedbackFormOptions,
    resolver: translatedResolver(zodResolver(createOperatorSchema), t),
    defaultValues: { name: "", email: "", password: "", role: "viewer" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(undefined);
    const result = await runWithStepUp(() => createOperatorAction(values));
    if (result.ok) {
      reset();
      setMessage({ kind: "success", text: t["operators.created"] });
      return;
    }
    setMessage({ kind: "error", text: translateMessage(t, result.error) });
    setActionFieldErrors(setError, result.fieldErrors, t);
  });

  const errors = formState.errors;
  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-2" aria-labelledby="add-operator-heading">
        <div className="md:col-span-2">{message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}</div>
        <TextField id="operator-name" label={t["operators.name"]} autoComplete="off" error={errors.name?.message} {...register("name")} />
        <TextField
          id="operator-email"
          type="email"
          autoComplete="off"
          label={t["operators.email"]}
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          id="operator-password"
          type="password"
          autoComplete="new-password"
          label={t["operators.password"]}
          error={errors.password?.message}
          {...register("password")}
        />
        <div>
          <label htmlFor="operator-role" className="block text-sm font-medium text-slate-800">
            {t["operators.role"]}
          </label>
          <select
            id="operator-role"
            className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2"
            {...register("role")}
          >
            {operatorRoles.map((role) => (
              <option key={role} value={role}>
                {t[`role.${role}`]}
              </option>
            ))}
          </select>
        </div>
        <div className="md:col-span-2">
          <Button type="submit" disabled={formState.isSubmitting}>
            {t["operators.submit"]}
          </Button>
        </div>
      </form>
      {stepUpDialog}
    </>
  );
}
