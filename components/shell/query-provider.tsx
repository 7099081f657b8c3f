"use client";
// react-query for the few live components that poll (live statuses, the ledger's pending rows, the
// sandbox buttons that refresh them). Not in the dashboard layout: wrapping only those components
// keeps the library off the first-load JS of every other page (route budgets, issue #15). One
// client per browser tab, shared by every wrapped component, so a button on the page can refresh a
// status shown by another component.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, useState } from "react";

const options = { defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: true } } };
let browserClient: QueryClient | undefined;

function sharedClient(): QueryClient {
  // On the server each render gets its own client (nothing is cached across requests).
  if (typeof window === "undefined") return new QueryClient(options);
  browserClient ??= new QueryClient(options);
  return browserClient;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(sharedClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The component inside the tab's shared react-query client. */
export function withQueryClient<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function WithQueryClient(props: Props) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
