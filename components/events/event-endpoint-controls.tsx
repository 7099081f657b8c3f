"use client";
// One endpoint's controls: send a test event, switch it on or off, rotate its secret (the new one
// shown once; step-up) and delete it (step-up).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { deleteEventEndpointAction } from "@/lib/actions/delete-event-endpoint-action";
import { rotateEventEndpointSecretAction } from "@/lib/actions/rotate-event-endpoint-secret-action";
import { sendTestEventAction } from "@/lib/actions/send-test-event-action";
import { setEventEndpointEnabledAction } from "@/lib/actions/set-event-endpoint-enabled-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { CopyButton } from "@/components/ui/copy-button";
import { eventDeliveriesKey } from "@/components/events/event-query-keys";

type Props = { endpointId: string; enabled: boolean; overlapHours: number; t: ClientMessages<"eventsUi"> };

export function EventEndpointControls({ endpointId, enabled, overlapHours, t }: Props) {
  const router = useRouter();
  const { run, message, pending, stepUpDialog } = useStepUpAction(t);
  const [secret, setSecret] = useState<string>();

  return (
    <div className="space-y-3">
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {stepUpDialog}
      {secret ? (
        <div className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm">
          <p>{t["events.secret.once"]}</p>
          <code className="mt-1 block break-all font-mono" data-testid="rotated-endpoint-secret">
            {secret}
          </code>
          <CopyButton text={secret} label={t["events.secret.copy"]} copiedMessage={t["ui.copied"]} failedMessage={t["ui.copyFailed"]} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={pending}
          onClick={() =>
            // The test event's delivery is live data: the log refetches now rather than the whole page re-rendering.
            run(() => sendTestEventAction({ endpointId }), {
              success: t["events.endpoint.testSent"],
              invalidates: [eventDeliveriesKey(endpointId)],
            })
          }
        >
          {t["events.endpoint.sendTest"]}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={pending}
          onClick={() =>
            run(() => setEventEndpointEnabledAction({ endpointId, enabled: !enabled }), {
              success: t["events.endpoint.saved"],
              onSuccess: () => router.refresh(),
            })
          }
        >
          {enabled ? t["events.endpoint.disable"] : t["events.endpoint.enable"]}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={pending}
          onClick={() =>
            run(() => rotateEventEndpointSecretAction({ endpointId }), {
              success: fill(t["events.endpoint.rotated"], { hours: overlapHours }),
              onSuccess: (data) => setSecret(data.secret),
            })
          }
        >
          {t["events.endpoint.rotate"]}
        </Button>
        <Button
          type="button"
          variant="danger"
          disabled={pending}
          onClick={() => {
            if (!window.confirm(t["events.endpoint.deleteConfirm"])) return;
            run(() => deleteEventEndpointAction({ endpointId }), {
              success: t["events.endpoint.deleted"],
              onSuccess: () => router.push("/settings/events"),
            });
          }}
        >
          {t["events.endpoint.delete"]}
        </Button>
      </div>
    </div>
  );
}
