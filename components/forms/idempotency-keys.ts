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

/** A random (v4) UUID; `crypto.randomUUID` exists only on HTTPS and localhost. */
export function freshIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
