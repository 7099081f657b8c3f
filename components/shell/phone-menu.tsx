"use client";
// The menu button of narrow screens (below Tailwind's md, where the sidebar is hidden). The Radix
// dialog it opens (phone-menu-dialog.tsx: focus moved in and kept, Escape and the close button
// close it) is loaded when the button is first pointed at, focused or pressed, so no page carries
// it in its first-load JS (route budgets, issue #15). A bare import() rather than next/dynamic: the
// latter's loader was another kilobyte in every page's layout chunk.
import { type ReactNode, useRef, useState } from "react";
import type { NavGroup, PhoneMenuLabels } from "@/components/shell/main-nav";
import type PhoneMenuDialogType from "@/components/shell/phone-menu-dialog";

type DialogComponent = typeof PhoneMenuDialogType;
const loadDialog = () => import("@/components/shell/phone-menu-dialog").then((module) => module.default);

export function PhoneMenu({
  groups,
  labels,
  icons,
  children,
}: {
  groups: NavGroup[];
  labels: PhoneMenuLabels;
  /** Drawn on the server (components/ui/static-icon.tsx), so no icon code ships with the button. */
  icons: { open: ReactNode; close: ReactNode };
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // Loaded on the first opening and kept, so reopening is instant.
  const [PhoneMenuDialog, setPhoneMenuDialog] = useState<DialogComponent | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={async () => {
          const next = !open;
          if (next && !PhoneMenuDialog) {
            const loaded = await loadDialog();
            setPhoneMenuDialog(() => loaded);
          }
          setOpen(next);
        }}
        className="flex items-center gap-2 rounded-md border border-slate-400 px-3 py-1 text-sm font-medium hover:bg-slate-100 md:hidden print:hidden"
      >
        {icons.open}
        {labels.open}
      </button>
      {PhoneMenuDialog ? (
        <PhoneMenuDialog
          open={open}
          onOpenChange={setOpen}
          returnFocusTo={buttonRef}
          groups={groups}
          labels={labels}
          closeIcon={icons.close}
        >
          {children}
        </PhoneMenuDialog>
      ) : null}
    </>
  );
}
