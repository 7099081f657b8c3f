"use client";
// The menu button of narrow screens (below Tailwind's md, where the sidebar is hidden). The Radix
// dialog it opens (phone-menu-dialog.tsx: focus moved in and kept, Escape and the close button
// close it) is loaded when the button is first pointed at, focused or pressed, so no page carries
// it in its first-load JS (route budgets, issue #15).
import dynamic from "next/dynamic";
import { type ReactNode, useRef, useState } from "react";
import type { NavGroup } from "@/components/shell/main-nav";

const loadDialog = () => import("@/components/shell/phone-menu-dialog");
const PhoneMenuDialog = dynamic(loadDialog, { ssr: false });

export type PhoneMenuLabels = { open: string; title: string; close: string; nav: string };

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
  // Mounted from the first opening on, so reopening is instant.
  const [used, setUsed] = useState(false);
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
        onClick={() => {
          setUsed(true);
          setOpen(!open);
        }}
        className="flex items-center gap-2 rounded-md border border-slate-400 px-3 py-1 text-sm font-medium hover:bg-slate-100 md:hidden print:hidden"
      >
        {icons.open}
        {labels.open}
      </button>
      {used ? (
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
