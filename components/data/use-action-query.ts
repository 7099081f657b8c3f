"use client";
// A read that only a server action answers (a replay's progress: no route, no stream), as query
// data: its key for the cache (a mutation invalidates it by that key), polled with
// `refetchInterval` while it can still change. A failed answer keeps the last data.
//   const { data } = useActionQuery(["replay", id], () => replayProgressAction({ id }), { refetchInterval: 1_000 });
import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import type { ActionAnswer } from "@/lib/actions/operator-action";

export function useActionQuery<Data>(
  queryKey: QueryKey,
  call: () => Promise<ActionAnswer<Data>>,
  options: Omit<UseQueryOptions<Data>, "queryKey" | "queryFn"> = {},
) {
  return useQuery<Data>({
    ...options,
    queryKey,
    queryFn: async () => {
      const result = await call();
      if (!result.ok) throw new Error(result.error);
      return result.data;
    },
  });
}
