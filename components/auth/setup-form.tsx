"use client";
import { feedbackFormOptions, translatedResolver } from "@/lib/forms/form-feedback";
import { translateMessage } from "@/lib/i18n/message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
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
      for (const [field, messages] of Object.entries(result.fieldErrors ?? {})) {
        setError(field as keyof FirstAdminInput, { message: translateMessage(t, messages[0]) });
      }
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
      <TextField
        id="password"
        type="password"
        autoComplete="new-password"
        label={t["setup.password"]}
        error={errors.password?.message}
        {...register("password")}
      />
      <TextField
        id="confirmPassword"
        type="password"
        autoComplete="new-password"
        label={t["setup.confirmPassword"]}
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <Button type="submit" disabled={formState.isSubmitting} className="w-full">
        {t["setup.submit"]}
      </Button>
    </form>
  );
}
