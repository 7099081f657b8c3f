"use client";
// The frame around a data table (components/ui/data-table.tsx, the Transactions list's table): a
// box that scrolls sideways, or, for a sticky header, a named region that scrolls (focusable, so the
// keyboard scrolls it). It brings the rows' keyboard navigation (issue #53:
// components/ui/row-navigation.ts) at the page's first key or pointer press, so the lists' first
// load carries only this frame; until then (and without JS) the table is a plain one, its links in
// the tab order.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

export function TableFrame({
  children,
  className,
  label,
}: {
  /** The <table>. */
  children: ReactNode;
  className: string;
  /** Set for a frame that scrolls (a sticky header): it is then a focusable region so named. */
  label?: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const hintId = useId();
  // How the keys move between rows, named by the table's aria-describedby; none on phones.
  const [hint, setHint] = useState<string>();
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let stop: (() => void) | undefined;
    let gone = false;
    const firstPress = new AbortController();
    const load = () => {
      firstPress.abort();
      void import("@/components/ui/row-navigation").then(({ navigateRows }) => {
        if (!gone) stop = navigateRows(element, hintId, setHint);
      });
    };
    const options = { capture: true, signal: firstPress.signal };
    addEventListener("keydown", load, options);
    addEventListener("pointerdown", load, options);
    return () => {
      gone = true;
      firstPress.abort();
      stop?.();
    };
  }, [hintId]);

  const hintElement = hint ? (
    <span id={hintId} hidden>
      {hint}
    </span>
  ) : null;
  return label ? (
    // A scrolling region must be reachable by keyboard (arrow keys scroll it) and named (axe).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focused to scroll it by keyboard.
    <section ref={frame} aria-label={label} tabIndex={0} className={className}>
      {children}
      {hintElement}
    </section>
  ) : (
    <div ref={frame} className={className}>
      {children}
      {hintElement}
    </div>
  );
}
