"use client";
// The command palette's launcher, in the dashboard's header: a button, and Ctrl+K (⌘+K on a Mac)
// from anywhere. What it opens (command-palette-dialog.tsx: cmdk, the Radix dialog, the lookup) is
// loaded on first use, never with the page (JS budgets, scripts/check-route-budgets.mjs); pointing
// at or focusing the button starts that load early.
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import type { PaletteEntry } from "@/components/command-palette/palette-entries";
import type { NavGroup } from "@/components/shell/main-nav";
import type { ClientMessages } from "@/lib/i18n/client-messages";

const loadDialog = () => import("@/components/command-palette/command-palette-dialog");
const CommandPaletteDialog = lazy(() => loadDialog().then((module) => ({ default: module.CommandPaletteDialog })));

export function CommandPalette({
  pages,
  actions,
  locale,
  icon,
  t,
}: {
  /** The button's icon, drawn on the server (components/ui/static-icon.tsx: no icon runtime in the layout's JS). */
  icon: ReactNode;
  /** The pages this operator may open: the navigation's groups, the very object the menus get, so the page's payload carries them once. */
  pages: NavGroup[];
  /** The actions this operator's role may start ("nova cobrança", "novo envio PIX"). */
  actions: PaletteEntry[];
  locale: string;
  t: ClientMessages<"commandPalette">;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      setUsed(true);
      setOpen((current) => !current);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        className="inline-flex items-center gap-2 rounded-md border border-slate-400 px-3 py-1 font-medium hover:bg-slate-100"
        data-testid="command-palette-open"
      >
        {icon}
        <span>{t["palette.open"]}</span>
        <kbd className="hidden rounded border border-slate-400 bg-slate-100 px-1.5 font-mono text-xs sm:inline">Ctrl K</kbd>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <CommandPaletteDialog
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={button}
            pages={pages.flatMap((group) => group.items)}
            actions={actions}
            locale={locale}
            t={t}
          />
        </Suspense>
      ) : null}
    </>
  );
}
