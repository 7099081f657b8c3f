// The Transactions page's query keys (TanStack Query): the saved views a save, rename or delete invalidates.
export const ledgerSavedViewsKey = ["saved-views", "transactions"] as const;
