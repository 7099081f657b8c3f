// The first store (issue #49): the store every row made before stores existed belongs to, the
// default of the `store_id` columns, and the store a charge is made for when none is chosen. Here,
// not in the schema, so actions and forms can name it without importing the database layer.
export const FIRST_STORE_ID = "00000000-0000-4000-8000-000000000001";

/** A store as a form offers it (the cash-in form's store choice). */
export type StoreChoice = { id: string; name: string };

/**
 * A store's thing (a counter) named for a choice among several stores' things: "Caixa 1 · Loja
 * Centro" when the operator sees more than one store, the plain name otherwise.
 */
export function nameWithStore(name: string, storeId: string, stores: readonly StoreChoice[]): string {
  if (stores.length < 2) return name;
  const store = stores.find((candidate) => candidate.id === storeId);
  return store ? `${name} · ${store.name}` : name;
}
