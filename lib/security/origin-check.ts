// Strict origins for state-changing requests (server actions, sign-in, route handlers that change
// state): the browser's Origin (or, without one, Sec-Fetch-Site) must name APP_URL itself. Next's
// own action check trusts X-Forwarded-Host; this one ignores X-Forwarded-* unless TRUST_PROXY says
// a proxy in front sets them.

export type OriginSettings = { appUrl: string; web: { trustProxy: boolean } };
export type OriginVerdict = { ok: true } | { ok: false; reason: string };

type HeaderReader = Pick<Headers, "get">;

/** The origins a state-changing request may come from. */
export function allowedOrigins(headers: HeaderReader, settings: OriginSettings): string[] {
  const origins = [new URL(settings.appUrl).origin];
  if (settings.web.trustProxy) {
    const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
    const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? new URL(settings.appUrl).protocol.replace(":", "");
    if (host && (proto === "http" || proto === "https")) {
      try {
        origins.push(new URL(`${proto}://${host}`).origin);
      } catch {
        // A malformed forwarded host adds nothing.
      }
    }
  }
  return origins;
}

export function checkRequestOrigin(headers: HeaderReader, settings: OriginSettings): OriginVerdict {
  const origin = headers.get("origin");
  if (origin !== null) {
    // "null" (sandboxed frames, some redirects) never matches.
    return allowedOrigins(headers, settings).includes(origin)
      ? { ok: true }
      : { ok: false, reason: `Origin ${origin.slice(0, 200)} is not this dashboard` };
  }
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null)
    return fetchSite === "same-origin" ? { ok: true } : { ok: false, reason: `Sec-Fetch-Site is ${fetchSite.slice(0, 40)}` };
  // Every browser sends one of the two on a POST; a request with neither cannot be told apart from a forged one.
  return { ok: false, reason: "the request has neither Origin nor Sec-Fetch-Site" };
}
