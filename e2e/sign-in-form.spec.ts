// The sign-in form as a plain form action (#15: no schema or form library in the browser): the
// server's messages reach the right fields, a refusal is announced, focus goes where the operator
// has to act, and what was typed in the e-mail field survives.
import { expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { recordLoadedJs, watchNetwork } from "./support/loaded-js";

// Its own client address (the server trusts one proxy hop in e2e), so these refusals count
// against no other spec's sign-in limit.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.77" } });

test("the server's field messages are shown and focused, a refusal is announced, and the e-mail is kept", async ({ page }) => {
  const network = watchNetwork(page);
  await page.goto("/sign-in");
  // What Chromium loads for the sign-in page, for CI's budget check as loaded (issue #32).
  await recordLoadedJs(page, network, "/sign-in");
  const email = page.getByLabel("E-mail");
  const password = page.getByLabel("Password");

  // Nothing typed: each field gets the server's message, and focus goes to the first one.
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#email-error")).toHaveText("Enter an e-mail address.");
  await expect(page.locator("#password-error")).toHaveText("Enter your password.");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAttribute("aria-describedby", "email-error");
  await expect(email).toBeFocused();
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Only the password missing: the e-mail stays as typed and focus moves to the password.
  await email.fill("nobody.here@example.com");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#password-error")).toHaveText("Enter your password.");
  await expect(page.locator("#email-error")).toHaveCount(0);
  await expect(email).toHaveValue("nobody.here@example.com");
  await expect(password).toBeFocused();

  // A wrong password: announced, e-mail kept, focus on the password to retype.
  await password.fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong e-mail or password.");
  await expect(email).toHaveValue("nobody.here@example.com");
  await expect(password).toHaveValue("");
  await expect(password).toBeFocused();
  await expect(page.locator("#password-error")).toHaveCount(0);

  // The browser loaded no schema or form library for this page.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.endsWith(".js")),
  );
  expect(scripts.length).toBeGreaterThan(0);
  const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  for (const body of bodies) {
    expect(body).not.toMatch(/ZodError|shouldUnregister/);
  }
});
