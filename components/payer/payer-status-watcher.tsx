"use client";
// The payer page's only moving part besides the copy button: the countdown and the live status.
// It follows the status like the operator's pages do (components/live/use-live-state.ts: pushed the
// moment the callback lands, polled with backoff while the stream is down, asked again when the
// payer comes back from the bank's app) and swaps the page for "Paid", "Expired" or "Expired or
// cancelled".
import { type ReactNode, useEffect, useState } from "react";
import { useLiveState } from "@/components/live/use-live-state";
import { formatTimeLeft, msUntilNextTick, payerView } from "@/components/payer/payer-view";
import { isFinalStatus, nextPollDelay } from "@/lib/transactions/status-polling";

type Props = {
  token: string;
  initialStatus: string | null;
  /** Time left to pay when the server rendered the page (null: no deadline). */
  remainingMsAtRender: number | null;
  /** payBy: the deadline as a time of day ("Pay by 14:32"), from the server: true without JavaScript too. */
  labels: { timeLeft: string; waiting: string; payBy: string | null };
  pending: ReactNode;
  paid: ReactNode;
  expired: ReactNode;
  closed: ReactNode;
};

const isFinal = (state: { status: string | null }) => isFinalStatus(state.status);

export function PayerStatusWatcher({ token, initialStatus, remainingMsAtRender, labels, pending, paid, expired, closed }: Props) {
  const {
    state: { status },
  } = useLiveState({
    stateUrl: `/pay/${token}/status`,
    eventsUrl: `/pay/${token}/events`,
    initial: { status: initialStatus },
    isDone: isFinal,
    nextPollDelay,
  });
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
              {labels.payBy ? (
                <span className="block text-sm text-slate-700" data-testid="payer-pay-by">
                  {labels.payBy}
                </span>
              ) : null}
            </p>
          ) : null}
          <p className="font-medium text-slate-800">{labels.waiting}</p>
        </div>
      ) : null}
    </div>
  );
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
