// Against the production build, as an attacker would try it: every page and route handler found
// under app/ is requested with broken percent-encodings, over-long paths, every method and wrong
// content types, signed out and as the admin — and none may answer 5xx. Then the gate that
// lib/http/route-gates.integration.test.ts checks in-process, from a real browser: a session that
// has passed only the password cannot download the ledger's CSV.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { e2eBaseUrl } from "../playwright.config";
import { expect, test } from "./support/csp";
import { addOperator, adminStorageState, savedAdminPage } from "./support/operators";

/** Every URL pattern under app/ that a page or a route handler answers, route groups left out. */
function appPatterns(directory = path.resolve("app"), prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const segment = /^\(.*\)$/.test(entry.name) ? "" : `/${entry.name}`;
      found.push(...appPatterns(path.join(directory, entry.name), `${prefix}${segment}`));
    } else if (entry.name === "route.ts" || entry.name === "page.tsx") found.push(prefix || "/");
  }
  return [...new Set(found)].sort();
}

/** The pattern with each dynamic segment replaced by `value` (static pages get it appended). */
function withSegments(pattern: string, value: string): string {
  const replaced = pattern.replace(/\[(\.\.\.)?\w+\]/g, value);
  return replaced === pattern ? `${pattern.replace(/\/$/, "")}/${value}` : replaced;
}

const malformed = ["%E0%A4%A", "%zz"];
const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const contentTypes = ["application/json", "text/xml", "multipart/form-data", "application/x-www-form-urlencoded"];

async function fuzz(request: APIRequestContext): Promise<string[]> {
  const failures: string[] = [];
  const send = async (method: string, url: string, options: { contentType?: string; body?: string } = {}) => {
    const response = await request.fetch(`${e2eBaseUrl}${url}`, {
      method,
      headers: options.contentType ? { "content-type": options.contentType } : {},
      data: options.body,
      maxRedirects: 0,
      failOnStatusCode: false,
    });
    if (response.status() >= 500)
      failures.push(`${method} ${url.slice(0, 120)} (${options.contentType ?? "no body"}) → ${response.status()}`);
  };
  for (const pattern of appPatterns()) {
    const sound = withSegments(pattern, "00000000-0000-4000-8000-000000000000");
    for (const [index, method] of methods.entries()) {
      const withBody = !["GET", "HEAD", "OPTIONS"].includes(method);
      const contentType = contentTypes[index % contentTypes.length]!;
      await send(method, sound, withBody ? { contentType, body: '{"broken": ' } : {});
    }
    for (const value of malformed) {
      await send("GET", withSegments(pattern, value));
      await send("POST", withSegments(pattern, value), { contentType: "application/json", body: "{}" });
    }
    await send("GET", withSegments(pattern, "x".repeat(6_000)));
    await send("GET", `${sound}?${"q=%E0%A4%A&".repeat(50)}`);
  }
  return failures;
}

test.describe("malformed requests", () => {
  // About 1,000 requests per caller: 30 s alone, well over a minute beside the other groups.
  test.describe.configure({ timeout: 180_000 });
  test("no page or route answers 5xx, signed out", async ({ playwright }) => {
    const request = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } });
    expect(await fuzz(request)).toEqual([]);
    await request.dispose();
  });

  test("no page or route answers 5xx, as the admin", async ({ playwright }) => {
    const request = await playwright.request.newContext({ storageState: adminStorageState });
    expect(await fuzz(request)).toEqual([]);
    await request.dispose();
  });

  test("a malformed path gets a 400 that says why", async ({ request }) => {
    const response = await request.get(`${e2eBaseUrl}/api/transactions/%E0%A4%A/status`);
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ code: "errors.route.malformedPath" });
    expect((await request.post(`${e2eBaseUrl}/api/callbacks/wallet/%E0%A4%A/token`, { data: {} })).status()).toBe(400);
  });
});

test("a session that has passed only the password cannot download the CSV from the browser", async ({ browser }) => {
  const admin = await savedAdminPage(browser);
  const operator = {
    name: "Paula Pending",
    email: `paula.pending.${Date.now()}@example.com`,
    password: "a long enough password 1",
    role: "finance",
  };
  await addOperator(admin, operator);
  await admin.context().close();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(operator.email);
  await page.getByLabel("Password").fill(operator.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Finance must enrol two-factor first: the session exists, but is pending.
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name.endsWith("session_token"))).toBe(true);

  // As the page's own script would, and as a link the operator opens.
  const fetched = await page.evaluate(async () => {
    const response = await fetch("/api/transactions/export");
    return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
  });
  expect(fetched.status).toBe(403);
  expect(fetched.type).toBe("application/problem+json");
  expect(fetched.body).not.toContain("payer");
  const direct = await page.request.get("/api/transactions/export");
  expect(direct.status()).toBe(403);
  expect((await direct.json()) as { code: string }).toMatchObject({ code: "errors.action.enrolTwoFactorFirst" });
  await context.close();
});
