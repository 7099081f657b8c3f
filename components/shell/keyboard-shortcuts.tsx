"use client";
// Keyboard shortcuts for the common paths (#37): `?` shows their help, `n` a new charge, `/` the
// transactions' search, `g` then `t` the transactions, `g` then `o` the overview. Keys are ignored
// in text fields, with Ctrl, Alt or Meta held (the browser's own shortcuts), and while a dialog is
// open. The help is a native <dialog> whose content the server renders (translated, with only the
// shortcuts this operator may use): showModal() gives focus, Escape and the page behind made inert
// for free, so all this costs a few hundred bytes in the layout chunk (route budgets, issue #15).
import { usePathname, useRouter } from "next/navigation";
import { type ReactNode, useEffect, useRef } from "react";

/** Where the shortcuts go; a missing one is not offered (the operator's role cannot open it). */
export type ShortcutTargets = { newCharge?: string; transactions?: string; overview?: string };

const searchPage = "/transactions";
/** The transactions page's search field (components/transactions/ledger-filter-form.tsx). */
const searchFieldId = "q";
/** How long `g` waits for its second key. */
const sequenceMs = 1_500;

export function KeyboardShortcuts({ targets, children }: { targets: ShortcutTargets; children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const dialog = useRef<HTMLDialogElement>(null);
  // Set by `/` pressed on another page: the search field is focused once the transactions page is shown.
  const focusSearchOnArrival = useRef(false);

  useEffect(() => {
    if (pathname === searchPage && focusSearchOnArrival.current) {
      focusSearchOnArrival.current = false;
      document.getElementById(searchFieldId)?.focus();
    }
  }, [pathname]);

  useEffect(() => {
    let awaitingSecondKey = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], dialog[open]")) return;
      if (document.querySelector("dialog[open], [role='dialog']")) return;
      const go = (href: string | undefined) => {
        if (!href) return;
        event.preventDefault();
        router.push(href);
      };
      if (awaitingSecondKey > Date.now()) {
        awaitingSecondKey = 0;
        if (event.key === "t") return go(targets.transactions);
        if (event.key === "o") return go(targets.overview);
      }
      if (event.key === "g") awaitingSecondKey = Date.now() + sequenceMs;
      else if (event.key === "?") {
        event.preventDefault();
        dialog.current?.showModal();
      } else if (event.key === "n") go(targets.newCharge);
      else if (event.key === "/" && targets.transactions) {
        event.preventDefault();
        const field = document.getElementById(searchFieldId);
        if (window.location.pathname === searchPage && field) field.focus();
        else {
          focusSearchOnArrival.current = true;
          router.push(searchPage);
        }
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [router, targets]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="keyboard-shortcuts-title"
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      {children}
    </dialog>
  );
}
