"use client";
// Re-renders the server page when something it shows changes on the server (a cash-out request
// decided, its rows sent): the one live-state hook follows a small state, and each new value
// refreshes the page. The state carries `done` so the hook stops once nothing can change.
// The state is also given to the components inside (useLiveRefreshState): the refresh is a server
// render, hundreds of ms on a busy server, so what the state itself says (a request's decision)
// can show the moment it is pushed, as a charge's "Paid" does, and the rest follows with the render.
import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { useLiveQuery } from "@/components/live/use-live-query";

type Props<T extends { done: boolean }> = { stateUrl: string; eventsUrl: string; initial: T; children?: ReactNode };

const isDone = (state: { done: boolean }) => state.done;

const LiveRefreshState = createContext<unknown>(undefined);

/** The latest state of the LiveRefresh around this component (undefined outside one). */
export function useLiveRefreshState<T>(): T | undefined {
  return useContext(LiveRefreshState) as T | undefined;
}

export function LiveRefresh<T extends { done: boolean }>({ stateUrl, eventsUrl, initial, children }: Props<T>) {
  const router = useRouter();
  const { state } = useLiveQuery<T>({ stateUrl, eventsUrl, initial, isDone });
  const shown = useRef(JSON.stringify(initial));
  useEffect(() => {
    const json = JSON.stringify(state);
    if (json === shown.current) return;
    shown.current = json;
    router.refresh();
  }, [state, router]);
  return <LiveRefreshState.Provider value={state}>{children}</LiveRefreshState.Provider>;
}
