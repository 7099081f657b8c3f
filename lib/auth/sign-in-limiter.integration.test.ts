import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSignInLocked, maxFailedSignInsPerAddress, recordSignInAttempt, signInLock } from "@/lib/auth/sign-in-limiter";
import { auditEvents } from "@/lib/db/schema";
import { installTestRuntime } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

const address = "198.51.100.20";

describe("sign-in limiter", () => {
  it("locks an account from one address after three failures in a row and not before", async () => {
    const email = "locked@example.com";
    await recordSignInAttempt(database.db, email, false, address);
    await recordSignInAttempt(database.db, email, false, address);
    expect(await isSignInLocked(database.db, email, address)).toBe(false);
    await recordSignInAttempt(database.db, email, false, address);
    expect(await isSignInLocked(database.db, "LOCKED@example.com ", address)).toBe(true);
  });

  it("does not lock the same account from another address", async () => {
    expect(await isSignInLocked(database.db, "locked@example.com", "192.0.2.1")).toBe(false);
  });

  it("forgets failures older than a minute", async () => {
    const email = "old@example.com";
    for (let i = 0; i < 3; i++) await recordSignInAttempt(database.db, email, false, "198.51.100.21");
    expect(await isSignInLocked(database.db, email, "198.51.100.21", new Date(Date.now() + 61_000))).toBe(false);
  });

  it("a success resets the count of failures in a row", async () => {
    const email = "reset@example.com";
    await recordSignInAttempt(database.db, email, false, "198.51.100.22");
    await recordSignInAttempt(database.db, email, false, "198.51.100.22");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await recordSignInAttempt(database.db, email, true, "198.51.100.22");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await recordSignInAttempt(database.db, email, false, "198.51.100.22");
    expect(await isSignInLocked(database.db, email, "198.51.100.22")).toBe(false);
  });

  it("does not lock other accounts", async () => {
    expect(await isSignInLocked(database.db, "someone-else@example.com", "198.51.100.23")).toBe(false);
  });

  it("refuses an address after its failures across accounts reach the limit, for 15 minutes", async () => {
    const sprayer = "203.0.113.5";
    for (let i = 0; i < maxFailedSignInsPerAddress - 1; i++) await recordSignInAttempt(database.db, `user${i}@example.com`, false, sprayer);
    expect(await signInLock(database.db, "fresh@example.com", sprayer)).toBeNull();
    await recordSignInAttempt(database.db, "one-more@example.com", false, sprayer);
    expect(await signInLock(database.db, "fresh@example.com", sprayer)).toBe("address");
    expect(await signInLock(database.db, "fresh@example.com", sprayer, new Date(Date.now() + 15 * 60_000 + 1_000))).toBeNull();
    expect(await signInLock(database.db, "fresh@example.com", "192.0.2.2")).toBeNull();
  });
});

describe("sign-ins refused by the limiter", () => {
  it("are audited once per address and window, however many more tries come", async () => {
    const { auth } = installTestRuntime(database);
    await auth.api.createUser({
      body: { name: "Target", email: "target@example.com", password: "the right password 123", role: "viewer" },
    });
    const attempt = () =>
      auth.api.signInEmail({ body: { email: "target@example.com", password: "a wrong password 123" } }).then(
        () => "signed in",
        (error: { statusCode?: number }) => error.statusCode,
      );
    // Three wrong passwords lock the account from this address; the next 40 are refused (429).
    for (let i = 0; i < 3; i++) expect(await attempt()).toBe(401);
    const refusals = [];
    for (let i = 0; i < 40; i++) refusals.push(await attempt());
    expect(new Set(refusals)).toEqual(new Set([429]));
    const audited = await database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(inArray(auditEvents.action, ["auth.sign_in", "rate_limit.exceeded"]), eq(auditEvents.outcome, "refused")));
    // One full refusal row, and at most the limiter's one "exceeded" row: not one per try.
    expect(audited.filter((row) => row.action === "auth.sign_in")).toHaveLength(1);
    expect(audited.length).toBeLessThanOrEqual(2);
  });
});
