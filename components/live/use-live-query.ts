"use client";
// Live state as query data (issue #47), for the operator pages: the page's server render seeds the
// query (initialData, no loading flash), then the server-sent events (followLiveSource, polling
// while the stream is down) write each new state into the cache with setQueryData; coming back to
// the tab and back online fetch it again (the query client's focus and reconnect refetch), and an
// action that changed it invalidates its key (liveQueryKey(stateUrl), use-action-mutation.ts's
// `invalidates`). Every component reading the key moves with it: a status badge, a row, a counter.
// Once `isDone` holds (a final status) nothing more is asked.
import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchLiveState, followLiveSource, type LiveSource } from "@/components/live/use-live-state";

/** The query key of the live state read from `stateUrl`: what an action invalidates after changing it. */
export const liveQueryKey = (stateUrl: string) => ["live", stateUrl] as const;

export function useLiveQuery<T>(
  source: LiveSource<T> & {
    /** Queries that move with this state (the unread badge after a status): invalidated when it changes. */
    moves?: readonly QueryKey[];
  },
): { state: T; connected: boolean } {
  const { stateUrl, eventsUrl, initial, isDone, nextPollDelay, moves } = source;
  const queryClient = useQueryClient();
  const queryKey = liveQueryKey(stateUrl);
  const [connected, setConnected] = useState(true);
  const { data } = useQuery({
    queryKey,
    queryFn: async () => {
      const state = await fetchLiveState<T>({ stateUrl });
      if (state === undefined) throw new Error(`No state from ${stateUrl}`);
      return state;
    },
    initialData: initial,
    // Dropped when no component on the page reads it: the next page's server render seeds it again.
    gcTime: 0,
  });
  // Always there (the initial data); the type cannot tell for a generic state.
  const state = data ?? initial;
  const done = isDone?.(state) ?? false;

  // `moves` is read when a state arrives: a new array at each render must not reopen the stream.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (done) return;
    return followLiveSource<T>(
      { stateUrl, eventsUrl, nextPollDelay },
      {
        onState: (state) => {
          const key = liveQueryKey(stateUrl);
          const changed = JSON.stringify(queryClient.getQueryData(key)) !== JSON.stringify(state);
          queryClient.setQueryData(key, state);
          if (changed) for (const queryKey of moves ?? []) void queryClient.invalidateQueries({ queryKey });
        },
        onConnected: setConnected,
      },
    );
    // nextPollDelay is a module-level function where it is given.
  }, [stateUrl, eventsUrl, done, queryClient, nextPollDelay]);

  return { state, connected };
}
