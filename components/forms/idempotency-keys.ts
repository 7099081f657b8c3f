// The idempotency keys of the forms that create money movements (the cash-in form, the till's
// quick charge, the cash-out form). A form's key comes with its page; the router may bring the page back from its cache
// on Back, key included, and a new charge (or cash-out) from it needs a new key, or the server would answer with
// the first charge instead of creating one. So a form marks its key spent when the server has used
// it, and takes a fresh one when it finds its key spent. (Server actions that create a charge do not
// call revalidatePath to get a fresh page: Next would render the form page again into the action's
// answer, only for the browser to leave it.)

/** Keys this browser tab has already created something with. */
const spentKeys = new Set<string>();

export function markIdempotencyKeySpent(key: string): void {
  spentKeys.add(key);
}

export function isIdempotencyKeySpent(key: string): boolean {
  return spentKeys.has(key);
}

/**
 * A random (v4) UUID; `crypto.randomUUID` exists only on HTTPS and localhost. Each 0, 1 and 8 of the
 * template becomes a random hex digit (an 8 keeps the variant's bits, 10xx; the 4 is the version).
 */
export function freshIdempotencyKey(): string {
  const random = crypto.getRandomValues(new Uint8Array(36));
  return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (digit, at: number) =>
    (digit === "8" ? 8 | (random[at]! & 3) : random[at]! & 15).toString(16),
  );
}
