// Loads code a page needs only once the person acts (the cash-in result view, the cash-out review
// and its step-up prompt) at their first press — a pointer or a key, Tab included — instead of as
// soon as the page is up. Loaded "in the background after the page" it stayed out of the static
// first-load figures, yet Chromium fetched it on every visit (issue #32: /cash-in and /cash-out over
// their budgets as loaded). Started at the first press, it is there before the action that needs it
// returns: filling a form takes seconds. Kept small: it ships in each page's chunk that uses it.
import { useEffect } from "react";

/** Calls `load` at the page's first pointer or key press (capture phase, so nothing can stop it; again is harmless). */
export function useLoadOnFirstInteraction(load: () => unknown) {
  useEffect(() => {
    const listening = new AbortController();
    const options = { capture: true, signal: listening.signal };
    const start = () => {
      listening.abort();
      void load();
    };
    addEventListener("pointerdown", start, options);
    addEventListener("keydown", start, options);
    return () => listening.abort();
  }, [load]);
}
