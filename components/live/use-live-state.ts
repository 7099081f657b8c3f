"use client";
// How a page follows something that changes on the server: the state is pushed over server-sent
// events the moment it changes, polled on a schedule while the stream is down, asked for at once
// when the page becomes visible again (back from the bank's app), and never again once it is done
// (a final status). `followLiveSource` is the transport; `useLiveState` keeps the state in plain
// React for the pages without the query client: the payer page (loaded on a phone, issue #15's
// budgets) and the counter display. Operator pages follow the same transport into the query cache
// (use-live-query.ts), where actions invalidate it and every component reading it moves together.
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

/** How a live source is followed, whoever keeps the state (useLiveState here, the query cache in use-live-query.ts). */
export type LiveHandlers<T> = {
  /** Each new state: pushed, or polled while the stream is down. */
  onState: (state: T) => void;
  /** The stream is up (true) or down and polling has taken over (false). */
  onConnected: (connected: boolean) => void;
};

/** Fetches the current state once (undefined: offline, or an answer that carries no state). */
export async function fetchLiveState<T>(source: Pick<LiveSource<T>, "stateUrl" | "acceptsStatus">): Promise<T | undefined> {
  try {
    const response = await fetch(source.stateUrl, { cache: "no-store" });
    if (!(response.ok || source.acceptsStatus?.(response.status))) return undefined;
    return (await response.json()) as T;
  } catch {
    // Offline for a moment: the next poll (or the stream) tells.
    return undefined;
  }
}

/**
 * Follows a source until the returned function is called: the server-sent events first, polling
 * on the source's schedule while the stream is down, the stream opened again when the server
 * closed it. Plain functions, no React and no query library: the payer page shares it.
 */
export function followLiveSource<T>(source: Omit<LiveSource<T>, "initial" | "isDone">, handlers: LiveHandlers<T>): () => void {
  const { stateUrl, eventsUrl } = source;
  let stopped = false;
  let streaming = false;
  let delay: number | undefined;
  // Set while a poll is waiting or in flight, so an error event never starts a second loop.
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let events: EventSource | null = null;

  const schedule = () => {
    if (stopped || streaming || pollTimer !== undefined) return;
    delay = (source.nextPollDelay ?? nextLivePollDelay)(delay);
    pollTimer = setTimeout(poll, delay);
  };
  const poll = async () => {
    const state = await fetchLiveState<T>({ stateUrl, acceptsStatus: source.acceptsStatus });
    if (!stopped && state !== undefined) handlers.onState(state);
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
      handlers.onConnected(true);
      if (!stopped) handlers.onState(JSON.parse(event.data) as T);
    };
    events.onerror = () => {
      streaming = false;
      handlers.onConnected(false);
      schedule();
      // The browser reconnects by itself, unless the server answered with an error (a restart,
      // a draining instance): then open it again after a pause.
      if (events?.readyState === EventSource.CLOSED && !stopped) {
        clearTimeout(reopenTimer);
        reopenTimer = setTimeout(open, 1_000);
      }
    };
  };
  open();
  schedule();
  return () => {
    stopped = true;
    clearTimeout(pollTimer);
    clearTimeout(reopenTimer);
    events?.close();
  };
}

/**
 * The state to keep when `next` arrives: the current one when both say the same (the stream's
 * first event repeats what the server rendered the page with), so React keeps its tree instead of
 * rendering the page again just after hydration, inside the load a slow phone waits on (issue #54).
 */
export function sameOrNext<T>(current: T, next: T): T {
  if (current === next) return current;
  try {
    return JSON.stringify(current) === JSON.stringify(next) ? current : next;
  } catch {
    return next;
  }
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
    const stop = followLiveSource<T>(
      {
        stateUrl,
        eventsUrl,
        acceptsStatus: (status) => options.current.acceptsStatus?.(status) ?? false,
        nextPollDelay: (previous) => (options.current.nextPollDelay ?? nextLivePollDelay)(previous),
      },
      { onState: (next) => setState((current) => sameOrNext(current, next)), onConnected: setConnected },
    );
    const onVisible = async () => {
      if (document.visibilityState !== "visible") return;
      const fetched = await fetchLiveState<T>({ stateUrl, acceptsStatus: options.current.acceptsStatus });
      if (!stopped && fetched !== undefined) setState((current) => sameOrNext(current, fetched));
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      stop();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [stateUrl, eventsUrl, done]);

  return { state, connected };
}
