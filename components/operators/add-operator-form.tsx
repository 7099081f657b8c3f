"use client";
// Admins add an operator: name, e-mail, a first password and a role (a step-up first).
import { zodResolver } from "@hookform/resolvers/zod";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { createOperatorAction } from "@/lib/actions/create-operator-action";
import { operatorRoles } from "@/lib/vocabulary/operator-roles";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { createOperatorSchema, type CreateOperatorInput } from "@/lib/schemas/operator";

export function AddOperatorForm({ t }: { t: ClientMessages<"addOperatorForm"> }) {
  const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
    t,
    resolver: zodResolver(createOperatorSchema),
    defaultValues: { name: "", email: "", password: "", role: "viewer" } as CreateOperatorInput,
    action: (values) => createOperatorAction(values),
    success: t["operators.created"],
    onSuccess: () => {
      form.reset();
    },
  });
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-2" aria-labelledby="add-operator-heading">
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
          <Button type="submit" disabled={pending}>
            {t["operators.submit"]}
          </Button>
        </div>
      </form>
      {stepUpDialog}
    </>
  );
}
