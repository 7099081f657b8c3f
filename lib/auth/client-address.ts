// The client address for sign-in limits and audit. Next.js fills X-Forwarded-For with the socket
// address only when a request has none, so with no trusted proxy a client can name any address;
// behind N trusted proxies (TRUSTED_PROXY_HOPS) the address is the N-th entry from the right, the
// one the outermost trusted proxy saw.
export function clientAddress(headers: Headers | undefined | null, trustedProxyHops: number): string {
  const forwarded = headers?.get("x-forwarded-for");
  if (!forwarded) return "unknown";
  const hops = forwarded
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!hops.length) return "unknown";
  const index = Math.max(0, hops.length - Math.max(1, trustedProxyHops));
  return hops[index]!.slice(0, 64);
}
