// Loads code a page needs only once the person acts (the step-up prompt, the cash-in result view,
// the cash-out review) at their first sign of acting on the page — a pointer press, a key, focus
// moving in — instead of as soon as the page is up. Loaded "in the background after the page" it
// stayed out of the static first-load figures yet Chromium still fetched it on every visit (issue
// #32: /cash-in and /cash-out over their budgets as loaded). Started at the first press or focus,
// it is there before the action that needs it returns: typing a form takes seconds, and a button's
// action is a server round trip that begins after the press started the fetch.
import { useEffect } from "react";

const intentEvents = ["pointerdown", "keydown", "focusin"] as const;

/** Calls `load` once, at the page's first pointer press, key press or focus (at once if focus is already inside it). */
export function useLoadOnFirstInteraction(load: () => unknown, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const start = () => {
      stop();
      void load();
    };
    const stop = () => {
      for (const type of intentEvents) document.removeEventListener(type, start, true);
    };
    // Focus moved in before the page hydrated (a click or Tab while it loaded): that was the sign.
    if (document.activeElement && document.activeElement !== document.body) {
      start();
      return;
    }
    for (const type of intentEvents) document.addEventListener(type, start, { capture: true, passive: true });
    return stop;
  }, [load, enabled]);
}
