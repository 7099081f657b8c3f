"use client";
// Activates or deactivates a payment link in place: an inactive link's page shows its message and
// takes no new charge (charges already created can still be paid).
import { useRouter } from "next/navigation";
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { setPaymentLinkActiveAction } from "@/lib/actions/set-payment-link-active-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";

export function PaymentLinkActiveButton({ id, active, t }: { id: string; active: boolean; t: ClientMessages<"paymentLinkActiveButton"> }) {
  const router = useRouter();
  const { run, message, pending, stepUpDialog } = useStepUpAction(t);
  return (
    <div className="space-y-2">
      {stepUpDialog}
      <Button
        type="button"
        variant={active ? "danger" : "primary"}
        disabled={pending}
        onClick={() =>
          run(() => setPaymentLinkActiveAction({ id, active: !active }), {
            success: active ? t["paymentLinks.detail.deactivated"] : t["paymentLinks.detail.activated"],
            onSuccess: () => router.refresh(),
          })
        }
      >
        {active ? t["paymentLinks.detail.deactivate"] : t["paymentLinks.detail.activate"]}
      </Button>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </div>
  );
}
