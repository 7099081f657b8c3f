"use client";
// First run: the first administrator's name, e-mail and password (typed twice).
import { zodResolver } from "@hookform/resolvers/zod";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { completeSetupAction } from "@/lib/actions/complete-setup-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { firstAdminSchema } from "@/lib/schemas/operator";

type SetupFormMessages = ClientMessages<"setupForm">;

export function SetupForm({ t }: { t: SetupFormMessages }) {
  // Nobody is signed in yet: no step-up. A success redirects (the action answers only refusals).
  const { form, formRef, onSubmit, pending, message } = useActionForm({
    t,
    stepUp: false,
    resolver: zodResolver(firstAdminSchema),
    defaultValues: { name: "", email: "", password: "", confirmPassword: "" },
    action: (values) => completeSetupAction(values),
  });
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage kind="error">{message?.text}</FormMessage>
      <TextField id="name" autoComplete="name" label={t["setup.name"]} error={errors.name?.message} {...register("name")} />
      <TextField
        id="email"
        type="email"
        autoComplete="username"
        label={t["setup.email"]}
        error={errors.email?.message}
        {...register("email")}
      />
      <NewPasswordFields
        password={{ id: "password", label: t["setup.password"], error: errors.password?.message, registered: register("password") }}
        confirm={{
          id: "confirmPassword",
          label: t["setup.confirmPassword"],
          error: errors.confirmPassword?.message,
          registered: register("confirmPassword"),
        }}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {t["setup.submit"]}
      </Button>
    </form>
  );
}
