"use client";
// Asks a query again a few times on a backing-off schedule after something the server does on
// its own time may have changed it, where nothing pushes the change: after a resend, the wallet's
// callback reaches the timeline a moment later. Each new `burstKey` (0: none) starts the schedule
// again. The query is invalidated (only a query a component reads is fetched), never the page.
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { pollDelayAfter } from "@/lib/transactions/status-polling";

export function useQueryBurst(queryKey: QueryKey | undefined, burstKey: number, times = 8) {
  const queryClient = useQueryClient();
  // The key's content, not a new array at each render, restarts it.
  const key = JSON.stringify(queryKey ?? null);
  useEffect(() => {
    const queryKey = JSON.parse(key) as QueryKey | null;
    if (!queryKey || burstKey === 0) return;
    let count = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      void queryClient.invalidateQueries({ queryKey });
      count += 1;
      if (count < times) timer = setTimeout(tick, pollDelayAfter(count));
    };
    timer = setTimeout(tick, pollDelayAfter(0));
    return () => clearTimeout(timer);
  }, [key, burstKey, times, queryClient]);
}
