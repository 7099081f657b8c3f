// Runs before every page, API and server action (not the callback receiver, see the matcher): answers
// a path with malformed percent-encoding with a 400 (Next would fail decoding its params with a 500), sets
// the security headers (a fresh CSP nonce per request, see lib/security/security-headers.ts), answers malformed or oversized server-action
// requests with a 4xx before Next would turn them into a 500, and redirects signed-out visitors.
// The redirect only looks for a session cookie: the real check (valid session, role) happens in
// every page and server action on the server.
import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { malformedPathResponse } from "@/lib/security/malformed-path";
import { checkRequestOrigin } from "@/lib/security/origin-check";
import { checkFormPostRequest, checkServerActionRequest } from "@/lib/security/server-action-request";
import { getConfig } from "@/lib/config";
import { isPayerPagePath, payerPageHeader } from "@/lib/i18n/locale";
import { createNonce, type HeaderSettings, headerSettingsOf, securityHeaders } from "@/lib/security/security-headers";

/** The settings as lib/config.ts parsed them (the one reading of the environment), on first use:
 * parsing at import would run during `next build` too. */
let settings: { headers: HeaderSettings; origin: { appUrl: string; web: { trustProxy: boolean } } } | undefined;
function proxySettings() {
  if (!settings) {
    const config = getConfig();
    settings = { headers: headerSettingsOf(config), origin: { appUrl: config.appUrl, web: config.web } };
  }
  return settings;
}

/**
 * Public pages (sign-in, setup, the payer's, a payment link's and the receipt check's), the counter display (it has its own device session), public sounds, APIs (they
 * answer for themselves) and the sandbox wallet need no operator session cookie.
 */
function needsSessionCookie(pathname: string): boolean {
  return !/^\/(sign-in|setup|pay\/|l\/|verify\/|display(\/|$)|sounds\/|api\/|sandbox\/)/.test(pathname);
}

export async function proxy(request: NextRequest) {
  const malformed = malformedPathResponse(request);
  if (malformed) return malformed;
  const nonce = createNonce();
  const { headers: headerSettings, origin: originSettings } = proxySettings();
  const headers = securityHeaders(nonce, headerSettings);
  const withHeaders = (response: NextResponse) => {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };

  if (request.method === "POST" && request.headers.has("next-action")) {
    // The action wrapper checks the origin too (and audits); this answers a forged one with a plain 403.
    const origin = checkRequestOrigin(request.headers, originSettings);
    if (!origin.ok)
      return withHeaders(NextResponse.json({ error: "This request did not come from the dashboard's own pages." }, { status: 403 }));
    const refusal = await checkServerActionRequest(request);
    if (refusal) return withHeaders(NextResponse.json({ error: refusal.message }, { status: refusal.status }));
    // Server action calls answer for themselves (with a "not signed in" result the form can show).
  } else {
    // A multipart POST is a no-JavaScript form action to Next: screened like a fetch action's body.
    const refusal = request.method === "POST" ? await checkFormPostRequest(request) : undefined;
    if (refusal) return withHeaders(NextResponse.json({ error: refusal.message }, { status: refusal.status }));
    if (needsSessionCookie(request.nextUrl.pathname) && !getSessionCookie(request, { cookiePrefix: "wallet-dashboard" }))
      return withHeaders(NextResponse.redirect(new URL("/sign-in", request.url)));
  }

  // Next reads the nonce from the request's CSP header and puts it on every script it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  requestHeaders.set("x-nonce", nonce);
  // Set or removed here, never the client's: the root layout's language for payer pages.
  if (isPayerPagePath(request.nextUrl.pathname)) requestHeaders.set(payerPageHeader, "1");
  else requestHeaders.delete(payerPageHeader);
  // Without a trusted proxy in front, X-Forwarded-Host/Proto are whatever the client wrote: Next
  // must not see them (its own action origin check and URLs would trust them).
  if (!originSettings.web.trustProxy) {
    requestHeaders.delete("x-forwarded-host");
    requestHeaders.delete("x-forwarded-proto");
  }
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }));
}

export const config = {
  // Everything but build assets and the app's icons (they get next.config.mjs's static headers:
  // here a signed-out visitor's browser asking for the icon would be sent to sign-in) and the
  // callback receiver: the wallet's deliveries need none of this, and it is the busiest route (its
  // answers set their own headers, lib/callbacks/receive-callback.ts) — unless its path holds a "%":
  // real receiver URLs never do (ids and tokens are URL-safe), and a malformed one must get a 400.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|apple-touch-icon.png|robots.txt|api/callbacks/[^%]*$).*)"],
};
