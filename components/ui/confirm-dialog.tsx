"use client";
// A confirmation before an action that cannot be undone (revoke, cancel, disable). The trigger is
// rendered here; the Radix modal (~15 KiB gzip) is fetched by a bare import() the first time it
// opens, so pages that offer a confirmation do not carry it in their first-load JS (route budgets,
// issue #15). Not next/dynamic: its loader was about 2 KiB more on each of those pages (as the
// phone menu found for the layout).
import { cloneElement, type ReactElement, type ReactNode, useRef, useState } from "react";
import type { ButtonVariant } from "@/components/ui/button";
import type ConfirmDialogModalType from "@/components/ui/confirm-dialog-modal";

type ModalComponent = typeof ConfirmDialogModalType;
const loadModal = () => import("@/components/ui/confirm-dialog-modal").then((module) => module.default);

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
  // Loaded and mounted from the first opening on, so closing animates nothing away and reopening is instant.
  const [Modal, setModal] = useState<ModalComponent | null>(null);
  const triggerRef = useRef<HTMLElement>(null);
  return (
    <>
      {cloneElement(trigger, {
        ref: triggerRef,
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        onClick: (event: React.MouseEvent<HTMLElement>) => {
          trigger.props.onClick?.(event);
          setOpen(true);
          if (!Modal) void loadModal().then((loaded) => setModal(() => loaded));
        },
      } as TriggerProps)}
      {Modal ? <Modal open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} {...modal} /> : null}
    </>
  );
}
