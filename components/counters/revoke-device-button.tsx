"use client";
// Revokes one paired display after a confirmation: its session ends at once and the screen returns
// to pairing. The result is announced in a toast (an error also stays beside the button).
import { useRouter } from "next/navigation";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormMessage } from "@/components/ui/form-message";
import { revokeDisplayDeviceAction } from "@/lib/actions/revoke-display-device-action";

export type RevokeDeviceStrings = { title: string; body: string; confirm: string; cancel: string; done: string; failed: string };

export function RevokeDeviceButton({
  deviceId,
  label,
  accessibleLabel,
  strings,
}: {
  deviceId: string;
  label: string;
  accessibleLabel: string;
  strings: RevokeDeviceStrings;
}) {
  const router = useRouter();
  const { send, message } = useActionMutation({ stepUp: false });
  const error = message?.kind === "error" ? message.text : undefined;
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button type="button" variant="secondary" size="sm" aria-label={accessibleLabel}>
            {label}
          </Button>
        }
        title={strings.title}
        description={strings.body}
        confirmLabel={strings.confirm}
        cancelLabel={strings.cancel}
        onConfirm={async () => {
          await send(() => revokeDisplayDeviceAction({ deviceId }), {
            success: strings.done,
            // The action's reason is an untranslated message key: say what to do instead.
            failure: () => strings.failed,
            toast: true,
            onSuccess: () => router.refresh(),
          });
        }}
      />
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
    </>
  );
}
