"use client";
// The one client data layer of the operator pages (issue #47): a TanStack Query client per browser
// tab. Server actions run through its mutations (components/forms/use-action-mutation.ts), live
// state is its query data (components/live/use-live-query.ts). The payer page, the counter display
// and sign-in render without it (their JS budgets): only the dashboard layout and the signed-in
// public forms (setup, enrolment, password change) mount it.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";

/**
 * Server data seeded by the page's render (initialData) is fresh for a moment, so the first render
 * fetches nothing (no loading flash); after that, coming back to the tab or back online asks again.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 2_000, refetchOnWindowFocus: true, refetchOnReconnect: true, retry: 1 },
      // A server action is not repeated behind the operator's back: it may move money.
      mutations: { retry: false },
    },
  });
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
