"use client";
// Re-renders the server page now and then (with backoff) while something on it may still change,
// so statuses and timelines update without a reload. `burstKey` restarts the fast pace, e.g.
// right after a resend.
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { nextPollDelay } from "@/lib/transactions/status-polling";

export function AutoRefresh({ active, burstKey = 0, maxRefreshes = 60 }: { active: boolean; burstKey?: number; maxRefreshes?: number }) {
  const router = useRouter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: burstKey is not read; a new value restarts the fast pace
  useEffect(() => {
    if (!active) return;
    let delay: number | undefined;
    let count = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      router.refresh();
      count += 1;
      if (count >= maxRefreshes) return;
      delay = nextPollDelay(delay);
      timer = setTimeout(tick, delay);
    };
    delay = nextPollDelay(undefined);
    timer = setTimeout(tick, delay);
    return () => clearTimeout(timer);
  }, [active, burstKey, maxRefreshes, router]);
  return null;
}
