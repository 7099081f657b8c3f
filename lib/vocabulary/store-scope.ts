// Which stores a request may see (issue #49): all of them, or a set. Built in one place, the session
// read (lib/auth/session.ts), from the operator's grants (lib/db/schema/operator-stores.ts) and
// narrowed by the store switcher's choice; the wrappers hand it to every page, action and route, and
// the queries that read a store's data require it. The brand means a scope cannot be written as a
// literal: it comes from the grants (storeScopeOfGrants), a narrowing of one (narrowStoreScope), or,
// named as such, the merchant as a whole (merchantWideScope: background jobs and the pages and
// actions guarded `wholeMerchant`). An API key's scope is its store, or every store.
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";

declare const storeScopeBrand: unique symbol;

type ScopeShape = { readonly all: true } | { readonly all: false; readonly storeIds: readonly string[] };

export type StoreScope = ScopeShape & { readonly [storeScopeBrand]: true };

function scope(shape: ScopeShape): StoreScope {
  return Object.freeze(shape) as StoreScope;
}

const everyStore = scope({ all: true });

/** The merchant as a whole: for what no operator's grants apply to (jobs, and pages and actions guarded `wholeMerchant`). */
export function merchantWideScope(): StoreScope {
  return everyStore;
}

/** An operator's grants as the session read returns them: null (no grant row) is all stores. */
export function storeScopeOfGrants(grantedStoreIds: readonly string[] | null): StoreScope {
  if (grantedStoreIds === null) return everyStore;
  return scope({ all: false, storeIds: [...new Set(grantedStoreIds)].sort() });
}

/** Whether the scope lets its holder see (and act on) a store. */
export function storeScopeAllows(scope: StoreScope, storeId: string): boolean {
  return scope.all || scope.storeIds.includes(storeId);
}

/**
 * The scope a store switcher's choice leaves: that one store, if the scope allows it; the scope
 * unchanged for no choice or a store it does not allow (a forged or stale choice gets nothing more).
 */
export function narrowStoreScope(granted: StoreScope, chosenStoreId: string | null | undefined): StoreScope {
  if (!chosenStoreId || !storeScopeAllows(granted, chosenStoreId)) return granted;
  if (!granted.all && granted.storeIds.length === 1) return granted;
  return scope({ all: false, storeIds: [chosenStoreId] });
}

/** The one store a scope is narrowed to, or null (all stores, or several). */
export function singleStoreOf(scope: StoreScope): string | null {
  return !scope.all && scope.storeIds.length === 1 ? scope.storeIds[0]! : null;
}

/**
 * The store an action acts for when none is chosen: the first store when the scope allows it, else
 * the scope's only store; null when that is ambiguous (several stores, not the first) or none.
 */
export function defaultStoreOf(scope: StoreScope): string | null {
  if (storeScopeAllows(scope, FIRST_STORE_ID)) return FIRST_STORE_ID;
  return !scope.all && scope.storeIds.length === 1 ? scope.storeIds[0]! : null;
}

/** The store switcher's cookie: a store id, checked against the grants on every request. */
export const storeChoiceCookieName = "store-choice";
