"use client";
// A confirmation before an action that cannot be undone (revoke, cancel, disable). The trigger is
// rendered here; the Radix modal (~15 KiB gzip) is loaded the first time it opens, so pages that
// offer a confirmation do not carry it in their first-load JS (route budgets, issue #15).
import dynamic from "next/dynamic";
import { cloneElement, type ReactElement, type ReactNode, useRef, useState } from "react";
import type { ButtonVariant } from "@/components/ui/button";

const ConfirmDialogModal = dynamic(() => import("@/components/ui/confirm-dialog-modal"), { ssr: false });

type TriggerProps = { onClick?: (event: React.MouseEvent<HTMLElement>) => void; ref?: React.Ref<HTMLElement> };

export function ConfirmDialog({
  trigger,
  ...modal
}: {
  /** The button that opens the dialog. */
  trigger: ReactElement<TriggerProps>;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  confirmVariant?: ButtonVariant;
  onConfirm: () => void | Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing animates nothing away and reopening is instant.
  const [used, setUsed] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);
  return (
    <>
      {cloneElement(trigger, {
        ref: triggerRef,
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        onClick: (event: React.MouseEvent<HTMLElement>) => {
          trigger.props.onClick?.(event);
          setUsed(true);
          setOpen(true);
        },
      } as TriggerProps)}
      {used ? <ConfirmDialogModal open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} {...modal} /> : null}
    </>
  );
}
