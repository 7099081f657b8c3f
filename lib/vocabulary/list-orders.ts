// The orders of the operators, API keys, payment links and customers lists (issue #53), declared
// with defineListSort (lib/vocabulary/list-sort.ts: `?sort=` parsed by lib/schemas/list-sort.ts) and
// read server-side, keyset-paginated, by lib/db/queries/list-keyset.ts (the one reader, as the callback
// and audit logs'). Every order is read from its own index on (column, id), the few operators and
// API keys' too (migration 0031).
import { defineListSort } from "@/lib/vocabulary/list-sort";

/** Latest charge first by default; by amount paid, by number of charges. */
export const customersSort = defineListSort({ lastSeen: "time", paid: "integer", charges: "integer" }, "-lastSeen");
export type CustomerSortColumn = (typeof customersSort.columns)[number];
/** The directory's optional columns (`?cols=`, lib/vocabulary/table-columns.ts): the name is always first. */
export const customersColumns = ["document", "email", "charges", "paidCount", "paid", "lastSeen", "lastPaid"] as const;
export type CustomerColumn = (typeof customersColumns)[number];

/** Newest first by default; by name (ignoring case), by price (a fixed price, or the payer's minimum). */
export const paymentLinksSort = defineListSort({ created: "time", name: "text", amount: "integer" }, "-created");
export type PaymentLinkSortColumn = (typeof paymentLinksSort.columns)[number];

/** The payment links list's optional columns (`?cols=`): the name is always first. */
export const paymentLinkColumns = ["amount", "state", "visits", "charges", "paid", "conversion", "received"] as const;
export type PaymentLinkColumn = (typeof paymentLinkColumns)[number];

/** Oldest first by default (the first admin on top); by name, e-mail (ignoring case), role. */
export const operatorsSort = defineListSort({ created: "time", name: "text", email: "text", role: "text" }, "created");
export type OperatorSortColumn = (typeof operatorsSort.columns)[number];

/** The operators list's optional columns (`?cols=`): the name is always first, the actions last. */
export const operatorColumns = ["email", "role", "stores", "status", "created"] as const;
export type OperatorColumn = (typeof operatorColumns)[number];

/** Newest first by default; by name (ignoring case), by last use (a key never used as the oldest). */
export const apiKeysSort = defineListSort({ created: "time", name: "text", lastUsed: "time" }, "-created");
export type ApiKeySortColumn = (typeof apiKeysSort.columns)[number];

/** The API keys list's optional columns (`?cols=`): the name is always first, the actions last. */
export const apiKeyColumns = ["prefix", "scopes", "store", "created", "expires", "lastUsed", "state"] as const;
export type ApiKeyColumn = (typeof apiKeyColumns)[number];

/** Rows per page of these lists. */
export const listPageSize = 50;
