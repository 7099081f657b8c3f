"use client";
// The payer page's only moving part besides the copy button and countdown: it follows the status
// like the operator's pages do (components/transactions/use-live-status.ts: server-sent events,
// pushed the moment the callback lands, and polling with backoff while the stream is down) and
// swaps the page for "Paid" or "Expired/Cancelled" at a final state, then stops.
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/shell/query-provider";
import { useLiveStatus } from "@/components/transactions/use-live-status";
import { isFinalStatus } from "@/lib/transactions/status-polling";

type Props = { token: string; initialStatus: string | null; pending: ReactNode; paid: ReactNode; closed: ReactNode };

// The payer page is public and has no app shell, so it brings its own query client.
export function PayerStatusWatcher(props: Props) {
  return (
    <QueryProvider>
      <PayerStatus {...props} />
    </QueryProvider>
  );
}

function PayerStatus({ token, initialStatus, pending, paid, closed }: Props) {
  const { status } = useLiveStatus<{ status: string | null }>({
    queryKey: ["payer-status", token],
    statusUrl: `/pay/${token}/status`,
    eventsUrl: `/pay/${token}/events`,
    initialData: { status: initialStatus },
  });
  const content = status === "SUCCEED" ? paid : isFinalStatus(status) ? closed : pending;
  return <div aria-live="polite">{content}</div>;
}
