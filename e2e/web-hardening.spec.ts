// Web hardening against the production build, as an attacker would try it: the headers on every
// kind of response, forged origins, malformed and oversized server-action bodies, the unknown
// payer link. (The SSRF guard is exercised in lib/net and lib/sandbox-wallet integration tests:
// this server runs with OUTBOUND_ALLOW_PRIVATE_ADDRESSES so other specs can use local receivers.)
import type { APIResponse } from "@playwright/test";
import { e2eBaseUrl } from "../playwright.config";
import { expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { adminStorageState } from "./support/operators";
import { findAction } from "./support/server-actions";

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${what}: CSP`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp, `${what}: no inline scripts`).not.toMatch(/script-src[^;]*unsafe-inline/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"])
    expect(csp, `${what}: ${directive}`).toContain(directive);
  expect(headers["permissions-policy"], `${what}: Permissions-Policy`).toContain("camera=()");
  expect(headers["permissions-policy"]).toContain("screen-wake-lock=(self)");
  expect(headers["x-content-type-options"], `${what}: nosniff`).toBe("nosniff");
  expect(headers["x-frame-options"], `${what}: X-Frame-Options`).toBe("DENY");
  expect(headers["referrer-policy"], `${what}: Referrer-Policy`).toBe("same-origin");
  // APP_URL is plain http here and no TLS setting is on: no HSTS (the unit tests cover the https cases).
  expect(headers["strict-transport-security"], `${what}: HSTS`).toBeUndefined();
  return headers;
}

async function postAction(
  request: import("@playwright/test").APIRequestContext,
  exportedName: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
) {
  const action = findAction(exportedName);
  return request.post(`${e2eBaseUrl}${action.path}`, {
    // A header given as "" is left out (e.g. no Origin at all).
    headers: Object.fromEntries(
      Object.entries({
        "Next-Action": action.id,
        "Content-Type": "text/plain;charset=UTF-8",
        Origin: e2eBaseUrl,
        Accept: "text/x-component",
        ...headers,
      }).filter(([, value]) => value !== ""),
    ),
    data: body,
    maxRedirects: 0,
  });
}

test.describe("headers on every kind of response", () => {
  test("public pages, the payer page, redirects and APIs carry the CSP, Permissions-Policy and no-store", async ({ request }) => {
    const signIn = await request.get("/sign-in", { maxRedirects: 0 });
    expectSecurityHeaders(signIn, "sign-in page");
    const payer = await request.get("/pay/AAAAAAAAAAAAAAAAAAAAAAAA");
    expectSecurityHeaders(payer, "payer page");
    const redirect = await request.get("/transactions", { maxRedirects: 0 });
    expect(redirect.status()).toBe(307);
    expectSecurityHeaders(redirect, "sign-in redirect");
    for (const path of ["/api/health", "/api/transactions/statuses?ids=x", "/sandbox/api/v1/callbacks/logs/x"]) {
      const api = await request.get(path);
      expect(expectSecurityHeaders(api, path)["cache-control"], `${path}: Cache-Control`).toContain("no-store");
    }
  });

  test("the callback receiver (which the proxy does not see) answers with its own security headers", async ({ request }) => {
    const response = await request.post("/api/callbacks/wallet/00000000-0000-4000-8000-000000000000/not-a-token", {
      data: { id: "x" },
    });
    expect(response.status()).toBe(404);
    expect(response.headers()).toMatchObject({
      "content-security-policy": "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "cache-control": "no-store, no-transform",
    });
  });

  test("build assets, the app's icons and robots.txt (which the proxy does not see) carry nosniff, X-Frame-Options and Referrer-Policy", async ({
    request,
  }) => {
    const html = await (await request.get("/sign-in")).text();
    const script = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, "a build asset on the sign-in page").toBeTruthy();
    // The icons the signed-out pages link to are served to a signed-out visitor, not sent to sign-in.
    const icons = [...html.matchAll(/<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"/g)].map((match) => match[1]!);
    expect(icons.sort()).toEqual(["/apple-touch-icon.png", "/favicon.ico", "/icon.svg"]);
    const contentTypes: Record<string, string> = {
      [script!]: "javascript",
      "/icon.svg": "image/svg+xml",
      "/favicon.ico": "image/x-icon",
      "/apple-touch-icon.png": "image/png",
      "/robots.txt": "text/plain",
    };
    for (const [path, contentType] of Object.entries(contentTypes)) {
      const asset = await request.get(path, { maxRedirects: 0 });
      expect(asset.status(), path).toBe(200);
      expect(asset.headers()["content-type"], path).toContain(contentType);
      expect(asset.headers(), path).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "referrer-policy": "same-origin",
      });
    }
  });

  test.describe("signed in", () => {
    test.use({ storageState: adminStorageState });

    test("signed-in pages are no-store, and every script carries this response's nonce", async ({ request }) => {
      const nonces = new Set<string>();
      for (const path of ["/", "/transactions", "/operators"]) {
        const response = await request.get(path);
        expect(response.status()).toBe(200);
        const headers = expectSecurityHeaders(response, path);
        expect(headers["cache-control"]).toContain("no-store");
        const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"]!)![1]!;
        nonces.add(nonce);
        const html = await response.text();
        const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
        expect(scripts.length).toBeGreaterThan(0);
        for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
      }
      expect(nonces.size).toBe(3);
    });

    test("pages work under the CSP in the browser (any violation fails the test)", async ({ page }) => {
      await page.goto("/transactions");
      await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Cash in", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Cash in" })).toBeVisible();
    });
  });
});

test.describe("strict origins", () => {
  test.use({ storageState: adminStorageState });

  test("an admin's cookie with a forged Origin and matching X-Forwarded-Host is refused, and nothing is created", async ({
    request,
    page,
  }) => {
    const operator = { name: "Forged Fred", email: "forged.fred@example.com", password: "forged password 123", role: "admin" };
    const forged = await postAction(request, "createOperatorAction", JSON.stringify([operator]), {
      Origin: "http://evil.example",
      "X-Forwarded-Host": "evil.example",
    });
    expect(forged.status()).toBe(403);
    const crossSite = await postAction(request, "createOperatorAction", JSON.stringify([operator]), {
      Origin: "",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status()).toBe(403);
    // A forged X-Forwarded-Host alone (real Origin) is ignored rather than trusted: the action answers
    // normally — with the step-up it asks for when the saved session's last code is over 5 minutes
    // old (the order of the specs decides), or else with the input's error; never a 403.
    const withOwnOrigin = await postAction(request, "createOperatorAction", JSON.stringify([{ ...operator, email: "not-an-email" }]), {
      "X-Forwarded-Host": "evil.example",
    });
    expect(withOwnOrigin.status()).toBe(200);
    expect(await withOwnOrigin.text()).toMatch(/"code":"(INVALID_INPUT|STEP_UP_REQUIRED)"/);
    await page.goto("/operators");
    await expect(page.getByRole("heading", { level: 1, name: "Operators" })).toBeVisible();
    await expect(page.getByText(operator.email)).toHaveCount(0);
  });
});

test.describe("clean failures", () => {
  const malformedBodies: [string, string | Buffer, string?][] = [
    ["not JSON", "{{{"],
    ["an empty body", ""],
    ["a JSON string", '"x"'],
    ["a JSON number", "42"],
    ["null", "null"],
    ["an object", '{"a":1}'],
    ["a dangling promise reference", '["$@1"]'],
    ["a dangling Map reference", '["$Q99"]'],
    ["a server reference", '["$h1"]'],
    ["a symbol", '["$Sfoo"]'],
    ["a bad bigint", '["$nabc"]'],
    ["a bad date", '["$Dnotadate"]'],
    ["a dangling blob", '["$B1"]'],
    ["deep nesting", "[".repeat(5000) + "]".repeat(5000)],
    ["binary", Buffer.from([0, 1, 2]), "application/octet-stream"],
    ["bytes that are not UTF-8", Buffer.from([0xff, 0xfe, 0x5b, 0x5d])],
    ["broken multipart", "garbage", "multipart/form-data; boundary=xyz"],
    ["multipart without a boundary", "garbage", "multipart/form-data"],
    [
      "multipart with a bad field",
      '--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n{{{\r\n--xyz--\r\n',
      "multipart/form-data; boundary=xyz",
    ],
    ["empty multipart", "--xyz--\r\n", "multipart/form-data; boundary=xyz"],
  ];

  test("malformed server-action bodies get 400 without a stack, for public and signed-in actions", async ({ request }) => {
    for (const actionName of ["signInAction", "simulatePaymentAction"]) {
      for (const [name, body, contentType] of malformedBodies) {
        const response = await postAction(request, actionName, body, contentType ? { "Content-Type": contentType } : {});
        expect(response.status(), `${actionName}: ${name}`).toBe(400);
        const text = await response.text();
        expect(text, `${actionName}: ${name}`).not.toMatch(/\bat \S+ \(|node_modules|\.js:\d+/);
      }
    }
  });

  test("unknown action ids get 4xx; a 5 MiB body gets 413 while a 1.5 MiB one is accepted", async ({ request }) => {
    for (const actionId of ["0".repeat(42), "../../etc/passwd", "not-hex"]) {
      const response = await request.post("/sign-in", {
        headers: { "Next-Action": actionId, "Content-Type": "text/plain;charset=UTF-8", Origin: e2eBaseUrl },
        data: "[]",
      });
      expect(response.status(), actionId).toBeGreaterThanOrEqual(400);
      expect(response.status(), actionId).toBeLessThan(500);
    }
    const huge = await postAction(request, "signInAction", JSON.stringify([{ email: "x".repeat(5 * 1024 * 1024), password: "x" }]));
    expect(huge.status()).toBe(413);
    // Room for a bulk CSV upload (#12): the action runs and answers for itself.
    const large = await postAction(request, "signInAction", JSON.stringify([{ email: "x".repeat(1.5 * 1024 * 1024), password: "x" }]));
    expect(large.status()).toBe(200);
    expect(await large.text()).toContain("INVALID_INPUT");
  });

  test("an unknown payer link answers 404 with the friendly page", async ({ page }) => {
    for (const token of ["AAAAAAAAAAAAAAAAAAAAAAAA", "short"]) {
      const response = await page.goto(`/pay/${token}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Este link de pagamento não existe." })).toBeVisible();
    }
    await expectNoAccessibilityViolations(page);
  });
});
