"use client";
// The payer page's only moving part besides the copy button: the countdown and the live status.
// It follows the status like the operator's pages do (server-sent events, pushed the moment the
// callback lands, and polling with backoff while the stream is down) and swaps the page for
// "Paid", "Expired" or "Expired or cancelled". The page opens on a phone, often on a mobile
// network, so this is plain React: no query library (issue #15: payer page ≤ runtime + 5 KiB).
import { type ReactNode, useEffect, useState } from "react";
import { formatTimeLeft, msUntilNextTick, payerView } from "@/components/payer/payer-view";
import { isFinalStatus, nextPollDelay } from "@/lib/transactions/status-polling";

type Props = {
  token: string;
  initialStatus: string | null;
  /** Time left to pay when the server rendered the page (null: no deadline). */
  remainingMsAtRender: number | null;
  labels: { timeLeft: string; waiting: string };
  pending: ReactNode;
  paid: ReactNode;
  expired: ReactNode;
  closed: ReactNode;
};

export function PayerStatusWatcher({ token, initialStatus, remainingMsAtRender, labels, pending, paid, expired, closed }: Props) {
  const status = useLiveStatus(token, initialStatus);
  const remaining = useTimeLeft(remainingMsAtRender, isFinalStatus(status));
  const view = payerView(status, remaining);
  return (
    <div aria-live="polite" data-payer-view={view}>
      {view === "paid" ? paid : view === "expired" ? expired : view === "closed" ? closed : null}
      {view === "pending" ? (
        <div className="flex flex-col gap-4 text-center">
          {pending}
          {remaining !== null ? (
            <p>
              {labels.timeLeft}:{" "}
              <span role="timer" className="font-mono tabular-nums">
                {formatTimeLeft(remaining)}
              </span>
            </p>
          ) : null}
          <p className="font-medium text-slate-800">{labels.waiting}</p>
        </div>
      ) : null}
    </div>
  );
}

/** The status, pushed over server-sent events, polled with backoff while the stream is down, until final. */
function useLiveStatus(token: string, initialStatus: string | null): string | null {
  const [status, setStatus] = useState(initialStatus);
  const final = isFinalStatus(status);
  useEffect(() => {
    if (final) return;
    let stopped = false;
    let streaming = false;
    let delay: number | undefined;
    // Set while a poll is waiting or in flight, so an error event never starts a second loop.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      if (stopped || streaming || timer !== undefined) return;
      delay = nextPollDelay(delay);
      timer = setTimeout(poll, delay);
    };
    const fetchStatus = async () => {
      try {
        const response = await fetch(`/pay/${token}/status`, { cache: "no-store" });
        if (response.ok && !stopped) setStatus(((await response.json()) as { status: string | null }).status);
      } catch {
        // Offline for a moment: the next poll (or the stream) tells.
      }
    };
    const poll = async () => {
      await fetchStatus();
      timer = undefined;
      schedule();
    };
    // Back from the bank's app (where the payer just paid): ask at once, without waiting for a
    // backed-off poll or for the stream a phone may have suspended in the background.
    const onVisible = () => {
      if (document.visibilityState === "visible") void fetchStatus();
    };
    document.addEventListener("visibilitychange", onVisible);
    const source = new EventSource(`/pay/${token}/events`);
    source.onmessage = (event) => {
      streaming = true;
      delay = undefined;
      clearTimeout(timer);
      timer = undefined;
      if (!stopped) setStatus((JSON.parse(event.data) as { status: string | null }).status);
    };
    source.onerror = () => {
      streaming = false;
      schedule();
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source.close();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [token, final]);
  return status;
}

/**
 * Time left on the page's clock: the server's figure at render minus the time elapsed since, so
 * the phone's own clock being wrong does not matter. It wakes when the shown second changes, so
 * the page turns to "expired" at 00:00 rather than whenever the server's sweep gets to it.
 */
function useTimeLeft(remainingMsAtRender: number | null, final: boolean): number | null {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  const remaining = remainingMsAtRender === null ? null : remainingMsAtRender - (now - startedAt);
  useEffect(() => {
    if (remaining === null || remaining <= 0 || final) return;
    const timer = setTimeout(() => setNow(Date.now()), msUntilNextTick(remaining));
    return () => clearTimeout(timer);
  }, [remaining, final]);
  return remaining;
}
