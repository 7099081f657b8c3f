"use client";
// Re-renders the server page when something it shows changes on the server (a cash-out request
// decided, its rows sent): the one live-state hook follows a small state, and each new value
// refreshes the page. The state carries `done` so the hook stops once nothing can change.
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useLiveState } from "@/components/live/use-live-state";

type Props<T extends { done: boolean }> = { stateUrl: string; eventsUrl: string; initial: T };

const isDone = (state: { done: boolean }) => state.done;

export function LiveRefresh<T extends { done: boolean }>({ stateUrl, eventsUrl, initial }: Props<T>) {
  const router = useRouter();
  const { state } = useLiveState<T>({ stateUrl, eventsUrl, initial, isDone });
  const shown = useRef(JSON.stringify(initial));
  useEffect(() => {
    const json = JSON.stringify(state);
    if (json === shown.current) return;
    shown.current = json;
    router.refresh();
  }, [state, router]);
  return null;
}
