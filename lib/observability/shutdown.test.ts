// The shutdown sequence over real HTTP: readiness state turns at once, the listener closes after
// the drain, a request already in flight is still answered in full, and the database is closed
// only after it and after the background jobs stopped.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { installHttpHooks } from "@/lib/observability/http-hooks";
import { isDraining, resetLifecycleForTests } from "@/lib/observability/lifecycle";
import { shutDownGracefully } from "@/lib/observability/shutdown";

let server: http.Server;
let origin: string;
let releaseSlowRequest: () => void = () => {};
const slowRequestReleased = new Promise<void>((resolve) => {
  releaseSlowRequest = resolve;
});
const events: string[] = [];

beforeAll(async () => {
  installHttpHooks();
  server = http.createServer(async (request, response) => {
    if (request.url === "/slow") {
      events.push("slow request started");
      await slowRequestReleased; // stands for a callback being stored or a wallet call under way
      events.push("slow request answered");
    }
    response.end("done");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  resetLifecycleForTests();
  server.closeAllConnections();
});

it("drains, stops accepting, lets the request in flight finish, then stops jobs and closes the database", async () => {
  const slow = fetch(`${origin}/slow`).then((response) => response.text());
  await expect.poll(() => events).toContain("slow request started");

  const shutdown = shutDownGracefully(
    "SIGTERM",
    { drainMs: 200, timeoutMs: 10_000 },
    {
      stopBackgroundJobs: async () => {
        events.push("jobs stopped");
      },
      closeDatabase: async () => {
        events.push("database closed");
      },
    },
  );
  expect(isDraining()).toBe(true);
  // After the drain, a new connection is refused while the slow request is still being served.
  await expect
    .poll(() =>
      fetch(`${origin}/`, { headers: { connection: "close" } }).then(
        () => "accepted",
        () => "refused",
      ),
    )
    .toBe("refused");
  expect(events).not.toContain("database closed");

  releaseSlowRequest();
  expect(await slow).toBe("done");
  await shutdown;
  expect(events).toEqual(["slow request started", "jobs stopped", "slow request answered", "database closed"]);
});
