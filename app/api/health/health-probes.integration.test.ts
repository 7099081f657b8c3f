// The three health endpoints against a real database, with the wallet down (its URL points at a
// closed port): liveness and readiness stay 200 and the detailed report says the wallet is
// unreachable without turning 503; once draining (a shutdown began), readiness answers 503.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as detailedHealth } from "@/app/api/health/route";
import { GET as liveness } from "@/app/api/health/live/route";
import { GET as readiness } from "@/app/api/health/ready/route";
import { getConfig } from "@/lib/config";
import { resetLifecycleForTests, startDraining } from "@/lib/observability/lifecycle";
import { installRuntime } from "@/lib/server/runtime";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
/** A probe's request, as a monitor sends it. */
const probe = (path: string) => new Request(`http://localhost:3999${path}`);

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  Object.assign(process.env, {
    WALLET_API_BASE_URL: `http://127.0.0.1:${await closedPort()}`,
    WALLET_API_TOKEN: "token-for-health-probes",
    BETTER_AUTH_SECRET: "a".repeat(40),
    CALLBACK_SECRET: "c".repeat(40),
  });
  database = await openTestDatabase();
  installRuntime({ config: getConfig(), connection: database, db: database.db });
});
afterEach(() => resetLifecycleForTests());
afterAll(async () => {
  await database.dispose();
});

describe("health probes with the wallet down", () => {
  it("liveness answers 200 without checking anything", async () => {
    const response = await liveness(probe("/api/health/live"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("readiness stays 200: the wallet is not its concern", async () => {
    const response = await readiness(probe("/api/health/ready"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("the detailed report says the wallet cannot be reached, and still answers 200", async () => {
    const response = await detailedHealth(probe("/api/health"));
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ status: "degraded", draining: false, database: { ok: true }, wallet: { ok: false, sandbox: false } });
    expect(body.wallet.error).toEqual(expect.any(String));
  });
});

describe("while draining for a shutdown", () => {
  it("readiness answers 503 and the detailed report says so; liveness stays 200", async () => {
    startDraining();
    const ready = await readiness(probe("/api/health/ready"));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", reason: "This instance is shutting down." });
    const detailed = await detailedHealth(probe("/api/health"));
    expect(detailed.status).toBe(503);
    expect(await detailed.json()).toMatchObject({ status: "unavailable", draining: true, database: { ok: true } });
    expect((await liveness(probe("/api/health/live"))).status).toBe(200);
  });
});
