// The query key and URL of a transaction's callback timeline (live-callback-timeline.tsx): what the
// transaction's live status moves and a resend's burst asks again.
export const callbackTimelineKey = (transactionId: string) => ["callback-timeline", transactionId] as const;
export const callbackTimelineUrl = (transactionId: string) => `/api/transactions/${transactionId}/callbacks`;
