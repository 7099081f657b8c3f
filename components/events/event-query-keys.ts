// The query keys of the event pages' data (components/data/query-provider.tsx): what an action
// invalidates after changing it.

/** Every query of one endpoint's delivery log (whatever its filters): what a resend or a replay makes stale. */
export const eventDeliveriesKey = (endpointId: string) => ["events", endpointId, "deliveries"] as const;
