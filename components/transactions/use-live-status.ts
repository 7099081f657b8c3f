"use client";
// A pending transaction's status that updates by itself: pushed over server-sent events, with
// polling whenever the stream is down (every second at most: lib/transactions/status-polling.ts),
// and nothing more once the status is final. The operator's badges and the payer page both follow
// a status this way, each with its own URLs.
import { useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { isFinalStatus, nextLivePollDelay } from "@/lib/transactions/status-polling";

type LiveStatusSource<T extends { status: string | null }> = {
  /** The react-query key; an invalidation of it asks for the status again (e.g. after a simulated payment). */
  queryKey: QueryKey;
  /** Answers the current state as JSON (polled). */
  statusUrl: string;
  /** Pushes each new state as a server-sent event. */
  eventsUrl: string;
  /** The state the server rendered the page with. */
  initialData: T;
};

export function useLiveStatus<T extends { status: string | null }>({
  queryKey,
  statusUrl,
  eventsUrl,
  initialData,
}: LiveStatusSource<T>): T {
  const delay = useRef<number | undefined>(undefined);
  const queryClient = useQueryClient();
  const [streaming, setStreaming] = useState(false);
  const query = useQuery({
    queryKey,
    queryFn: async (): Promise<T> => {
      const response = await fetch(statusUrl, { cache: "no-store" });
      if (!response.ok) throw new Error(`status ${response.status}`);
      return response.json();
    },
    initialData,
    initialDataUpdatedAt: 0,
    refetchInterval: (current) => {
      if (streaming || isFinalStatus(current.state.data?.status)) return false;
      delay.current = nextLivePollDelay(delay.current);
      return delay.current;
    },
  });
  const data = query.data ?? initialData; // never undefined (initialData); only the generic type cannot tell
  const final = isFinalStatus(data.status);

  // biome-ignore lint/correctness/useExhaustiveDependencies: queryKey names the same transaction as eventsUrl, in a new array every render
  useEffect(() => {
    if (final) return;
    const source = new EventSource(eventsUrl);
    source.onmessage = (event) => {
      setStreaming(true);
      delay.current = undefined;
      queryClient.setQueryData(queryKey, JSON.parse(event.data) as T);
    };
    source.onerror = () => setStreaming(false);
    return () => source.close();
  }, [eventsUrl, final, queryClient]);

  return data;
}
