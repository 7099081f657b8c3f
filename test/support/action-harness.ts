// Calls server actions directly, as an attacker or a script could, outside the UI. Only Next's
// request-scoped headers()/cookies() are faked (they cannot exist outside a request); sessions,
// roles and the database are real.
import { createAuth } from "@/lib/auth/auth";
import { parseConfig, type AppConfig } from "@/lib/config";
import { installRuntime } from "@/lib/server/runtime";
import type { TestDatabase } from "@/test/support/test-database";

export { requestState } from "@/test/support/request-state";

export function testConfig(): AppConfig {
  return parseConfig({
    APP_URL: "http://localhost:3999",
    BETTER_AUTH_SECRET: "test-auth-secret-0123456789abcdef0123456789",
    CALLBACK_SECRET: "test-callback-secret-0123456789abcdef012345",
    WALLET_API_TOKEN: "test-wallet-token-0123456789",
  });
}

export function installTestRuntime(database: TestDatabase, config: AppConfig = testConfig()) {
  installRuntime({ config, connection: database, db: database.db });
  return { config, auth: createAuth(database.db, config) };
}

/** Creates an operator and returns the Cookie header of a fresh session for them. */
export async function createOperatorSession(auth: ReturnType<typeof createAuth>, operator: { email: string; role: "admin" | "finance" | "qa" | "viewer"; password?: string }) {
  const password = operator.password ?? "a long enough password";
  await auth.api.createUser({ body: { name: operator.email, email: operator.email, password, role: operator.role } });
  const { headers } = await auth.api.signInEmail({ body: { email: operator.email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}
