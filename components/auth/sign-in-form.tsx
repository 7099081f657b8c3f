"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { signInAction } from "@/lib/actions/sign-in-action";
import type { Messages } from "@/lib/i18n/messages";
import { signInSchema, type SignInInput } from "@/lib/schemas/operator";

export function SignInForm({ t }: { t: Pick<Messages, "signIn.email" | "signIn.password" | "signIn.submit" | "signIn.submitting"> }) {
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    // On success the action redirects; it only returns when something went wrong.
    const result = await signInAction(values);
    if (result && !result.ok) setFormError(result.error);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage kind="error">{formError}</FormMessage>
      <TextField id="email" type="email" autoComplete="username" label={t["signIn.email"]} error={formState.errors.email?.message} {...register("email")} />
      <TextField id="password" type="password" autoComplete="current-password" label={t["signIn.password"]} error={formState.errors.password?.message} {...register("password")} />
      <Button type="submit" disabled={formState.isSubmitting} className="w-full">
        {formState.isSubmitting ? t["signIn.submitting"] : t["signIn.submit"]}
      </Button>
    </form>
  );
}
