"use client";
// The payer page's only moving part besides the copy button and countdown: it asks for the status
// with backoff, and swaps the page for "Paid" or "Expired/Cancelled" at a final state, then stops.
import { useEffect, useState, type ReactNode } from "react";
import { isFinalStatus, nextPollDelay } from "@/lib/transactions/status-polling";

type Props = { token: string; initialStatus: string | null; pending: ReactNode; paid: ReactNode; closed: ReactNode };

export function PayerStatusWatcher({ token, initialStatus, pending, paid, closed }: Props) {
  const [status, setStatus] = useState(initialStatus);
  useEffect(() => {
    if (isFinalStatus(status)) return;
    let delay: number | undefined;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const poll = async () => {
      try {
        const response = await fetch(`/pay/${token}/status`, { cache: "no-store" });
        if (response.ok) {
          const body = (await response.json()) as { status: string | null };
          if (!stopped) setStatus(body.status);
          if (isFinalStatus(body.status)) return;
        }
      } catch {
        // Offline for a moment: keep trying with the backoff.
      }
      if (stopped) return;
      delay = nextPollDelay(delay);
      timer = setTimeout(poll, delay);
    };
    delay = nextPollDelay(undefined);
    timer = setTimeout(poll, delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token, status]);

  const content = status === "SUCCEED" ? paid : isFinalStatus(status) ? closed : pending;
  return <div aria-live="polite">{content}</div>;
}
