import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSignInLocked, recordSignInAttempt } from "@/lib/auth/sign-in-limiter";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe("sign-in limiter", () => {
  it("locks an account after three failures in a row and not before", async () => {
    const email = "locked@example.com";
    await recordSignInAttempt(database.db, email, false);
    await recordSignInAttempt(database.db, email, false);
    expect(await isSignInLocked(database.db, email)).toBe(false);
    await recordSignInAttempt(database.db, email, false);
    expect(await isSignInLocked(database.db, "LOCKED@example.com ")).toBe(true);
  });

  it("forgets failures older than a minute", async () => {
    const email = "old@example.com";
    for (let i = 0; i < 3; i++) await recordSignInAttempt(database.db, email, false);
    expect(await isSignInLocked(database.db, email, new Date(Date.now() + 61_000))).toBe(false);
  });

  it("a success resets the count of failures in a row", async () => {
    const email = "reset@example.com";
    await recordSignInAttempt(database.db, email, false);
    await recordSignInAttempt(database.db, email, false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await recordSignInAttempt(database.db, email, true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await recordSignInAttempt(database.db, email, false);
    expect(await isSignInLocked(database.db, email)).toBe(false);
  });

  it("does not lock other accounts", async () => {
    expect(await isSignInLocked(database.db, "someone-else@example.com")).toBe(false);
  });
});
