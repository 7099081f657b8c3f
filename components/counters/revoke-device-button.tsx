"use client";
// Revokes one paired display: its session ends at once and the screen returns to pairing.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { revokeDisplayDeviceAction } from "@/lib/actions/revoke-display-device-action";

export function RevokeDeviceButton({ deviceId, label, accessibleLabel }: { deviceId: string; label: string; accessibleLabel: string }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        aria-label={accessibleLabel}
        onClick={async () => {
          const result = await revokeDisplayDeviceAction({ deviceId });
          if (result.ok) router.refresh();
          else setError(result.error);
        }}
      >
        {label}
      </Button>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
    </>
  );
}
