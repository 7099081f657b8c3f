// The headers proxy.ts puts on every response, as the issue lists them.
import { describe, expect, it } from "vitest";
import { apiResponseHeaders, contentSecurityPolicy, createNonce, headerSettingsOf, securityHeaders } from "@/lib/security/security-headers";

const settings = (appUrl: string, tlsTerminatedInFront = false) =>
  headerSettingsOf({ appUrl, web: { trustProxy: false, tlsTerminatedInFront } }, "production");
const plainHttp = settings("http://localhost:3000");

describe("security headers", () => {
  it("gives the callback receiver's JSON answers the same headers with a CSP that allows nothing, uncompressed", () => {
    const headers = apiResponseHeaders(settings("https://dashboard.example"));
    expect(headers["Content-Security-Policy"]).toBe("default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'");
    expect(headers["Cache-Control"]).toBe("no-store, no-transform");
    expect(headers).toMatchObject({ "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin" });
    expect(headers["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headers["Permissions-Policy"]).toContain("camera=()");
  });

  it("makes a nonce-based CSP without unsafe-inline scripts", () => {
    const csp = contentSecurityPolicy("abc123", plainHttp);
    const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "connect-src 'self'",
      "media-src 'self'",
      "img-src 'self' data: blob:",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("unsafe-eval");
  });

  it("gives every request its own nonce", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });

  it("sends HSTS (one year, subdomains) only when APP_URL is https or TLS is terminated in front", () => {
    expect(securityHeaders("n", plainHttp)["Strict-Transport-Security"]).toBeUndefined();
    const https = settings("https://dashboard.example");
    expect(securityHeaders("n", https)["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    const tlsInFront = settings("http://dashboard.internal", true);
    expect(securityHeaders("n", tlsInFront)["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(contentSecurityPolicy("n", tlsInFront)).toContain("upgrade-insecure-requests");
  });

  it("denies unused powerful features and keeps the counter display's wake lock, fullscreen and copy buttons", () => {
    const policy = securityHeaders("n", plainHttp)["Permissions-Policy"]!;
    for (const denied of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"]) expect(policy).toContain(denied);
    for (const allowed of ["screen-wake-lock=(self)", "fullscreen=(self)", "clipboard-write=(self)"]) expect(policy).toContain(allowed);
    expect(securityHeaders("n", plainHttp)["Cache-Control"]).toBe("no-store");
    // Set here for every page and API (next.config.mjs sets them only on the build assets).
    expect(securityHeaders("n", plainHttp)).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "X-Frame-Options": "DENY",
    });
  });
});
