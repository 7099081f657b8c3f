"use client";
// Changing one's own password: the current one, the new one twice, and a step-up.
import { zodResolver } from "@hookform/resolvers/zod";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { changeOwnPasswordAction } from "@/lib/actions/change-own-password-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { changePasswordSchema } from "@/lib/schemas/account-security";

export function ChangePasswordForm({ t, afterChangeHref }: { t: ClientMessages<"changePasswordForm">; afterChangeHref?: string }) {
  const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
    t,
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    action: (values) => changeOwnPasswordAction(values),
    // Where a page follows (a reset password replaced), it is the confirmation.
    success: afterChangeHref ? undefined : t["account.passwordChanged"],
    onSuccess: () => {
      form.reset();
      if (afterChangeHref) window.location.assign(afterChangeHref);
    },
  });
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="max-w-md space-y-4" aria-label={t["account.password"]}>
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
        <Button type="submit" disabled={pending}>
          {t["account.changePassword"]}
        </Button>
      </form>
      {stepUpDialog}
    </>
  );
}
