"use client";
// The one way a page follows something that changes on the server (a transaction's status, the
// ledger's pending badges, a payer's charge, a counter display, a cash-out request): the state is
// pushed over server-sent events the moment it changes, polled on a schedule while the stream is
// down, asked for at once when the page becomes visible again (back from the bank's app) or when
// an action on this page says it changed it, and never again once it is done (a final status).
// Plain React (no query library): the payer page loads it on a phone (issue #15's budgets).
import { useEffect, useRef, useState } from "react";
import { nextLivePollDelay } from "@/lib/transactions/status-polling";

export type LiveSource<T> = {
  /** Answers the current state as JSON (polled while the stream is down). */
  stateUrl: string;
  /** Pushes each new state as a server-sent event. */
  eventsUrl: string;
  /** The state the server rendered the page with. */
  initial: T;
  /** Once true for the state, nothing more is asked (a final status, a closed request). */
  isDone?: (state: T) => boolean;
  /** An answer that is not 2xx but still carries the state (the display's 401 "signed out"). */
  acceptsStatus?: (status: number) => boolean;
  /** The polling schedule while the stream is down: the next delay from the previous one. */
  nextPollDelay?: (previousMs: number | undefined) => number;
};

const refreshEventName = "live-state:refresh";

/** Asks every live state that follows `stateUrl` on this page to fetch it now (after an action changed it). */
export function refreshLiveState(stateUrl: string): void {
  window.dispatchEvent(new CustomEvent(refreshEventName, { detail: stateUrl }));
}

export function useLiveState<T>(source: LiveSource<T>): { state: T; connected: boolean } {
  const { stateUrl, eventsUrl, initial } = source;
  const [state, setState] = useState(initial);
  const [connected, setConnected] = useState(true);
  // The callbacks may be new functions each render; the effect reads the latest without restarting.
  const options = useRef(source);
  options.current = source;
  const done = source.isDone?.(state) ?? false;

  useEffect(() => {
    if (done) return;
    let stopped = false;
    let streaming = false;
    let delay: number | undefined;
    // Set while a poll is waiting or in flight, so an error event never starts a second loop.
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let events: EventSource | null = null;

    const fetchState = async () => {
      try {
        const response = await fetch(stateUrl, { cache: "no-store" });
        if (stopped || !(response.ok || options.current.acceptsStatus?.(response.status))) return;
        setState((await response.json()) as T);
      } catch {
        // Offline for a moment: the next poll (or the stream) tells.
      }
    };
    const schedule = () => {
      if (stopped || streaming || pollTimer !== undefined) return;
      delay = (options.current.nextPollDelay ?? nextLivePollDelay)(delay);
      pollTimer = setTimeout(poll, delay);
    };
    const poll = async () => {
      await fetchState();
      pollTimer = undefined;
      schedule();
    };
    const open = () => {
      events = new EventSource(eventsUrl);
      events.onmessage = (event) => {
        streaming = true;
        delay = undefined;
        clearTimeout(pollTimer);
        pollTimer = undefined;
        setConnected(true);
        if (!stopped) setState(JSON.parse(event.data) as T);
      };
      events.onerror = () => {
        streaming = false;
        setConnected(false);
        schedule();
        // The browser reconnects by itself, unless the server answered with an error (a restart,
        // a draining instance): then open it again after a pause.
        if (events?.readyState === EventSource.CLOSED && !stopped) {
          clearTimeout(reopenTimer);
          reopenTimer = setTimeout(open, 1_000);
        }
      };
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void fetchState();
    };
    const onRefresh = (event: Event) => {
      if ((event as CustomEvent<string>).detail === stateUrl) void fetchState();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener(refreshEventName, onRefresh);
    open();
    schedule();
    return () => {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(reopenTimer);
      events?.close();
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener(refreshEventName, onRefresh);
    };
  }, [stateUrl, eventsUrl, done]);

  return { state, connected };
}
