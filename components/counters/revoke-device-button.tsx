"use client";
// Revokes one paired display after a confirmation: its session ends at once and the screen returns
// to pairing. The result is announced in a toast (an error also stays beside the button).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormMessage } from "@/components/ui/form-message";
import { toast } from "@/components/ui/toast";
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
  const [error, setError] = useState<string>();
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
          setError(undefined);
          const result = await revokeDisplayDeviceAction({ deviceId });
          if (result.ok) {
            toast(strings.done);
            router.refresh();
          } else {
            // The action's reason is an untranslated message key: say what to do instead.
            setError(strings.failed);
            toast(strings.failed, "error");
          }
        }}
      />
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
    </>
  );
}
