// The orders of the smaller lists (issue #53): which columns each list sorts by, server-side and
// keyset-paginated (lib/db/queries/keyset-order.ts), and each list's default. Every order of the
// large lists (payment links, customers) is read from its own index; operators and API keys are a
// handful of rows and use the same mechanism without one.
export type ListSort<Key extends string> = { key: Key; descending: boolean };

export const customerSortKeys = ["lastSeen", "paid", "charges"] as const;
export type CustomerSortKey = (typeof customerSortKeys)[number];
export const defaultCustomerSort: ListSort<CustomerSortKey> = { key: "lastSeen", descending: true };

export const paymentLinkSortKeys = ["created", "name", "amount"] as const;
export type PaymentLinkSortKey = (typeof paymentLinkSortKeys)[number];
export const defaultPaymentLinkSort: ListSort<PaymentLinkSortKey> = { key: "created", descending: true };

export const operatorSortKeys = ["created", "name", "email", "role"] as const;
export type OperatorSortKey = (typeof operatorSortKeys)[number];
export const defaultOperatorSort: ListSort<OperatorSortKey> = { key: "created", descending: false };

export const apiKeySortKeys = ["created", "name", "lastUsed"] as const;
export type ApiKeySortKey = (typeof apiKeySortKeys)[number];
export const defaultApiKeySort: ListSort<ApiKeySortKey> = { key: "created", descending: true };

/** Rows per page of these lists. */
export const listPageSize = 50;
