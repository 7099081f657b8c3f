// The response headers every page and API carries: a per-request nonce-based Content Security
// Policy, HSTS when TLS is in front, a Permissions-Policy denying what the app does not use, and
// no-store caching. Built by proxy.ts; pure functions so tests can read them.
import type { AppConfig } from "@/lib/config";

export type HeaderSettings = { appUrl: string; tlsTerminatedInFront: boolean; development: boolean };

/** What the headers depend on, from the settings lib/config.ts parsed (the one reading of APP_URL
 * and TLS_TERMINATED_IN_FRONT); NODE_ENV is Next's own, not a setting. */
export function headerSettingsOf(config: Pick<AppConfig, "appUrl" | "web">, nodeEnv = process.env.NODE_ENV): HeaderSettings {
  return { appUrl: config.appUrl, tlsTerminatedInFront: config.web.tlsTerminatedInFront, development: nodeEnv === "development" };
}

export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
}

export function contentSecurityPolicy(nonce: string, settings: HeaderSettings): string {
  const https = settings.appUrl.startsWith("https:") || settings.tlsTerminatedInFront;
  return [
    "default-src 'self'",
    // Next adds the nonce to its own scripts; 'strict-dynamic' lets them load the chunks they need.
    // Dev mode (React's debugging tools) needs eval; a production build never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${settings.development ? " 'unsafe-eval'" : ""}`,
    // React style attributes need inline styles; scripts never get 'unsafe-inline'.
    "style-src 'self' 'unsafe-inline'",
    // QR codes are data: images; the counter display (#13) draws blob: images.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // Live statuses (polling, server-sent events) and the counter display's sound.
    "connect-src 'self'",
    "media-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * Denied: powerful features the dashboard does not use. Allowed for this origin: the counter
 * display's wake lock and fullscreen, copy buttons, its sound. clipboard-read keeps the browser's
 * default (this origin, behind a permission prompt): the e2e suite reads back what a copy button wrote.
 */
export const permissionsPolicy = [
  "accelerometer=()",
  "ambient-light-sensor=()",
  "autoplay=(self)",
  "bluetooth=()",
  "browsing-topics=()",
  "camera=()",
  "clipboard-write=(self)",
  "display-capture=()",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "local-fonts=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "screen-wake-lock=(self)",
  "serial=()",
  "usb=()",
].join(", ");

/** Headers set on every response the proxy sees (pages, APIs, the sandbox, the receiver). */
export function securityHeaders(nonce: string, settings: HeaderSettings): Record<string, string> {
  const https = settings.appUrl.startsWith("https:") || settings.tlsTerminatedInFront;
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce, settings),
    "Permissions-Policy": permissionsPolicy,
    "Cross-Origin-Opener-Policy": "same-origin",
    // Also in next.config.mjs, for the build assets the proxy does not see.
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    // Signed-in pages and JSON APIs hold account data: never kept by a browser or a shared cache.
    "Cache-Control": "no-store",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * Headers for the callback receiver's JSON answers, which the proxy does not see (it is kept off
 * that hot path: the wallet posts there, no browser renders it). No nonce is needed: nothing there
 * may load or run anything. `no-transform`: Next would otherwise gzip every few-byte answer.
 */
export function apiResponseHeaders(settings: HeaderSettings): Record<string, string> {
  const { "Content-Security-Policy": _pageCsp, ...rest } = securityHeaders("", settings);
  return {
    ...rest,
    "Content-Security-Policy": "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    "Cache-Control": "no-store, no-transform",
  };
}
