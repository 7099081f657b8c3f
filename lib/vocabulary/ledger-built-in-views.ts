// The Transactions list's built-in views: each is a query string of the list's own filters, so it
// opens as a plain link and counts its days from today's São Paulo day when opened (the period
// presets of lib/vocabulary/date-range-presets.ts). They belong to no one and cannot be deleted.
export const ledgerBuiltInViews = [
  { id: "pendingOver15Minutes", query: "status=PENDING&older=15" },
  { id: "failedCashOutsToday", query: "kind=CASH_OUT&status=FAILED&period=today" },
  { id: "paidYesterday", query: "paid=yesterday&sort=-paid" },
] as const;
export type LedgerBuiltInViewId = (typeof ledgerBuiltInViews)[number]["id"];
