"use client";
// First run: the first administrator's name, e-mail and password (typed twice).
import { feedbackFormOptions, setActionFieldErrors, translatedResolver } from "@/lib/forms/form-feedback";
import { translateMessage } from "@/lib/i18n/message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { completeSetupAction } from "@/lib/actions/complete-setup-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { firstAdminSchema, type FirstAdminInput } from "@/lib/schemas/operator";

type SetupFormMessages = ClientMessages<"setupForm">;

export function SetupForm({ t }: { t: SetupFormMessages }) {
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState, setError } = useForm<FirstAdminInput>({
    ...feedbackFormOptions,
    resolver: translatedResolver(zodResolver(firstAdminSchema), t),
    defaultValues: { name: "", email: "", password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    const result = await completeSetupAction(values);
    if (result && !result.ok) {
      setFormError(translateMessage(t, result.error));
      setActionFieldErrors(setError, result.fieldErrors, t);
    }
  });

  const errors = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage kind="error">{formError}</FormMessage>
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
      <Button type="submit" disabled={formState.isSubmitting} className="w-full">
        {t["setup.submit"]}
      </Button>
    </form>
  );
}
