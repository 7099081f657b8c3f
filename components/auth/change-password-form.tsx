"use client";
// Changing one's own password: the current one, the new one twice, and a step-up.
import { feedbackFormOptions, setActionFieldErrors, translatedResolver } from "@/lib/forms/form-feedback";
import { translateMessage } from "@/lib/i18n/message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { changeOwnPasswordAction } from "@/lib/actions/change-own-password-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { changePasswordSchema, type ChangePasswordInput } from "@/lib/schemas/account-security";

export function ChangePasswordForm({ t, afterChangeHref }: { t: ClientMessages<"changePasswordForm">; afterChangeHref?: string }) {
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  const { runWithStepUp, stepUpDialog } = useStepUp(t);
  const { register, handleSubmit, formState, setError, reset } = useForm<ChangePasswordInput>({
    ...feedbackFormOptions,
    resolver: translatedResolver(zodResolver(changePasswordSchema), t),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(undefined);
    const result = await runWithStepUp(() => changeOwnPasswordAction(values));
    if (result.ok) {
      reset();
      if (afterChangeHref) window.location.assign(afterChangeHref);
      else setMessage({ kind: "success", text: t["account.passwordChanged"] });
      return;
    }
    setMessage({ kind: "error", text: translateMessage(t, result.error) });
    setActionFieldErrors(setError, result.fieldErrors, t);
  });
  const errors = formState.errors;
  return (
    <>
      <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4" aria-label={t["account.password"]}>
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
        <NewPasswordFields
          current={{
            id: "current-password",
            label: t["account.currentPassword"],
            error: errors.currentPassword?.message,
            registered: register("currentPassword"),
          }}
          password={{
            id: "new-password",
            label: t["account.newPassword"],
            error: errors.newPassword?.message,
            registered: register("newPassword"),
          }}
          confirm={{
            id: "confirm-password",
            label: t["account.confirmPassword"],
            error: errors.confirmPassword?.message,
            registered: register("confirmPassword"),
          }}
        />
        <Button type="submit" disabled={formState.isSubmitting}>
          {t["account.changePassword"]}
        </Button>
      </form>
      {stepUpDialog}
    </>
  );
}
