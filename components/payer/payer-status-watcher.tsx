"use client";
// The payer page's only moving part besides the copy button and countdown: it follows the status
// over server-sent events (pushed the moment the callback lands), falls back to polling with
// backoff while the stream is down, and swaps the page for "Paid" or "Expired/Cancelled" at a
// final state, then stops.
import { useEffect, useState, type ReactNode } from "react";
import { isFinalStatus, nextPollDelay } from "@/lib/transactions/status-polling";

type Props = { token: string; initialStatus: string | null; pending: ReactNode; paid: ReactNode; closed: ReactNode };

export function PayerStatusWatcher({ token, initialStatus, pending, paid, closed }: Props) {
  const [status, setStatus] = useState(initialStatus);
  useEffect(() => {
    if (isFinalStatus(status)) return;
    let delay: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      timer = undefined;
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
      if (stopped || source.readyState === EventSource.OPEN) return;
      delay = nextPollDelay(delay);
      timer = setTimeout(poll, delay);
    };
    const source = new EventSource(`/pay/${token}/events`);
    source.onmessage = (event) => {
      delay = undefined;
      setStatus((JSON.parse(event.data) as { status: string | null }).status);
    };
    source.onerror = () => {
      if (!timer && !stopped) timer = setTimeout(poll, nextPollDelay(undefined));
    };
    return () => {
      stopped = true;
      source.close();
      clearTimeout(timer);
    };
  }, [token, status]);

  const content = status === "SUCCEED" ? paid : isFinalStatus(status) ? closed : pending;
  return <div aria-live="polite">{content}</div>;
}
