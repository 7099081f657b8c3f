"use client";
// A button that opens a panel below it (the ledger's Views and Columns): a <details> element, so it
// opens by mouse, Enter or Space without script and says whether it is open to screen readers; with
// script, Escape (anywhere in it) and a click or focus outside close it, and Escape gives the focus
// back to its button, as a menu does.
import { type ReactNode, useEffect, useRef } from "react";

export function MenuDisclosure({
  icon,
  label,
  panelClassName,
  testId,
  onOpen,
  onApproach,
  children,
}: {
  icon: ReactNode;
  label: string;
  /** The panel's width (and spacing); its look and placement are the same for every menu. */
  panelClassName: string;
  testId?: string;
  /** Called each time the panel opens (a panel whose content is loaded then). */
  onOpen?: () => void;
  /** Called when the pointer or the focus reaches the button (to fetch that content early). */
  onApproach?: () => void;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const closeIfOutside = (event: Event) => {
      const element = details.current;
      if (element?.open && event.target instanceof Node && !element.contains(event.target)) element.open = false;
    };
    document.addEventListener("pointerdown", closeIfOutside);
    document.addEventListener("focusin", closeIfOutside);
    return () => {
      document.removeEventListener("pointerdown", closeIfOutside);
      document.removeEventListener("focusin", closeIfOutside);
    };
  }, []);
  return (
    <details
      ref={details}
      className="group relative"
      data-testid={testId}
      onPointerEnter={onApproach}
      onFocus={onApproach}
      onToggle={(event) => {
        if (event.currentTarget.open) onOpen?.();
      }}
      onKeyDown={(event) => {
        const element = details.current;
        if (event.key !== "Escape" || !element?.open) return;
        event.preventDefault();
        element.open = false;
        element.querySelector("summary")?.focus();
      }}
    >
      <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100">
        {icon}
        {label}
      </summary>
      <div className={`mt-2 rounded-lg border border-slate-300 bg-white p-3 sm:absolute sm:z-20 sm:shadow-lg ${panelClassName}`}>
        {children}
      </div>
    </details>
  );
}
