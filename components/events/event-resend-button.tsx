"use client";
// Resends one delivery of the log (same event id, a new round of attempts).
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import { eventDeliveriesKey } from "@/components/events/event-query-keys";
import { Button } from "@/components/ui/button";
import { resendEventDeliveryAction } from "@/lib/actions/resend-event-delivery-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";

export function EventResendButton({
  endpointId,
  deliveryId,
  t,
}: {
  endpointId: string;
  deliveryId: string;
  t: ClientMessages<"eventsUi">;
}) {
  const { run, message, pending } = useStepUpAction(t);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        type="button"
        size="sm"
        variant="secondary"
        disabled={pending}
        onClick={() =>
          run(() => resendEventDeliveryAction({ endpointId, deliveryId }), {
            success: t["events.log.resent"],
            invalidates: [eventDeliveriesKey(endpointId)],
          })
        }
      >
        {t["events.log.resend"]}
      </Button>
      {message ? (
        <span role="status" className="text-sm">
          {message.text}
        </span>
      ) : null}
    </span>
  );
}
