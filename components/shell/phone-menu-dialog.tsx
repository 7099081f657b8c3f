"use client";
// The phone menu's panel, loaded on first use (phone-menu.tsx): a Radix modal dialog, so focus moves
// into it and stays there, Escape closes it, and the rest of the page is hidden from screen readers
// while it is open. Its close button sits where the menu button was; following a link closes it.
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";
import { type NavGroup, NavLinks, type PhoneMenuLabels } from "@/components/shell/main-nav";

export default function PhoneMenuDialog({
  open,
  onOpenChange,
  returnFocusTo,
  groups,
  labels,
  closeIcon,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  groups: NavGroup[];
  labels: PhoneMenuLabels;
  closeIcon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,calc(100%-2.5rem))] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl"
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{labels.title}</Dialog.Title>
            <Dialog.Close className="flex items-center gap-2 rounded-md border border-slate-400 px-3 py-1 text-sm font-medium hover:bg-slate-100">
              {closeIcon}
              {labels.close}
            </Dialog.Close>
          </div>
          {/* A followed link closes the menu (the page changes underneath). */}
          <nav aria-label={labels.nav}>
            <NavLinks groups={groups} idPrefix="menu" onNavigate={() => onOpenChange(false)} />
          </nav>
          <div className="flex flex-col gap-3 border-t border-slate-300 pt-4 text-sm">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
