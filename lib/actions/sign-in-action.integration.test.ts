import { inEnglish } from "@/test/support/in-english";
import { isAPIError } from "better-auth/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAction } from "@/lib/actions/sign-in-action";
import { tooManyAttemptsMessage } from "@/lib/auth/sign-in-limiter";
import { installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let auth: ReturnType<typeof installTestRuntime>["auth"];
const password = "the right password here";

beforeAll(async () => {
  database = await openTestDatabase();
  ({ auth } = installTestRuntime(database));
  for (const email of ["action@example.com", "api@example.com"]) {
    await auth.api.createUser({ body: { name: email, email, password, role: "finance" } });
  }
});
afterAll(async () => {
  await database.dispose();
});

async function signInThroughAction(email: string, attemptPassword: string) {
  requestState.headers = new Headers();
  try {
    return await signInAction({ email, password: attemptPassword });
  } catch (error) {
    // A successful sign-in ends in Next's redirect, which is thrown.
    if ((error as { digest?: string }).digest?.startsWith("NEXT_REDIRECT")) return "redirected";
    throw error;
  }
}

describe("failed sign-in limit", () => {
  it("refuses the fourth attempt in a row through the server action, even with the right password", async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(inEnglish(await signInThroughAction("action@example.com", "wrong password!"))).toMatchObject({
        ok: false,
        error: "Wrong e-mail or password.",
      });
    }
    expect(inEnglish(await signInThroughAction("action@example.com", password))).toMatchObject({
      ok: false,
      error: tooManyAttemptsMessage,
    });
  });

  it("applies to better-auth's API called directly, which skips its HTTP rate limiter", async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      await expect(auth.api.signInEmail({ body: { email: "api@example.com", password: "wrong password!" } })).rejects.toSatisfy(
        (error) => isAPIError(error) && error.statusCode === 401,
      );
    }
    await expect(auth.api.signInEmail({ body: { email: "api@example.com", password } })).rejects.toSatisfy(
      (error) => isAPIError(error) && error.statusCode === 429 && error.message === tooManyAttemptsMessage,
    );
  });

  it("lets another account sign in meanwhile", async () => {
    await auth.api.createUser({ body: { name: "other", email: "other@example.com", password, role: "viewer" } });
    expect(await signInThroughAction("other@example.com", password)).toBe("redirected");
  });
});
