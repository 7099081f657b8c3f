// The shutdown under steady load over real HTTP: keep-alive clients hammer the server and event
// streams are open when the signal comes. The clients act as compose's proxy does: they stop
// sending here once their readiness check (every 150 ms, shorter than the 400 ms drain, as the
// proxy's 1 s against 3 s) has seen 503. Every answer from the signal on says `Connection: close`,
// no request is reset or answered 500 (the "database" closes only after the last answer), and the
// streams end cleanly with their reconnect hint.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { installHttpHooks } from "@/lib/observability/http-hooks";
import { isDraining, resetLifecycleForTests, trackLiveStream } from "@/lib/observability/lifecycle";
import { shutDownGracefully } from "@/lib/observability/shutdown";

let server: http.Server;
let port = 0;
let databaseClosed = false;

beforeAll(async () => {
  resetLifecycleForTests();
  installHttpHooks();
  server = http.createServer((request, response) => {
    if (request.url === "/ready") {
      response.statusCode = isDraining() ? 503 : 200;
      return response.end();
    }
    if (request.url === "/events") {
      // An event stream as Next writes lib/live/sse-stream.ts's: its own Connection header.
      response.writeHead(200, { "content-type": "text/event-stream", connection: "keep-alive" });
      response.write("retry: 1000\n\n");
      const untrack = trackLiveStream(() => response.end("retry: 2000\n\n"));
      response.once("close", untrack);
      return;
    }
    // A page that reads the database: a closed one answers 500, as PGlite does ("PGlite is closed").
    setTimeout(() => {
      response.statusCode = databaseClosed ? 500 : 200;
      response.end(databaseClosed ? "database closed" : "ok");
    }, 2);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  resetLifecycleForTests();
  server.closeAllConnections();
  server.close();
});

type Outcome = { sentAt: number; status?: number; connection?: string; error?: string };

function get(agent: http.Agent, path: string): Promise<Outcome> {
  const sentAt = Date.now();
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent }, (response) => {
      response.resume();
      response.once("end", () => resolve({ sentAt, status: response.statusCode, connection: response.headers.connection }));
      response.once("error", (error: NodeJS.ErrnoException) => resolve({ sentAt, error: error.code ?? error.message }));
    });
    request.once("error", (error: NodeJS.ErrnoException) => resolve({ sentAt, error: error.code ?? error.message }));
  });
}

it("answers kept-alive clients with Connection: close from the signal on, resets none, and closes the database after the last answer", async () => {
  const streams = Array.from({ length: 3 }, () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    return new Promise<{ text: string; clean: boolean }>((resolve) => {
      http.get({ host: "127.0.0.1", port, path: "/events", agent }, (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.once("end", () => resolve({ text, clean: true }));
        response.once("error", () => resolve({ text, clean: false }));
      });
    });
  });
  let stop = false;
  let ready = true;
  const outcomes: Outcome[] = [];
  const readinessAgent = new http.Agent({ keepAlive: false });
  const readiness = (async () => {
    while (ready && !stop) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const answer = await get(readinessAgent, "/ready");
      if (answer.status !== 200) ready = false;
    }
  })();
  const clients = Array.from({ length: 4 }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (ready && !stop) outcomes.push(await get(agent, "/"));
    agent.destroy();
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const signalledAt = Date.now();
  const events: string[] = [];
  await shutDownGracefully(
    "SIGTERM",
    { drainMs: 400, timeoutMs: 5_000 },
    {
      stopBackgroundJobs: async () => {},
      closeDatabase: async () => {
        databaseClosed = true;
        events.push(`database closed with ${outcomes.filter((outcome) => outcome.status === undefined && !outcome.error).length} open`);
      },
    },
  );
  stop = true;
  await Promise.all([...clients, readiness]);

  const answered = outcomes.filter((outcome) => outcome.status !== undefined);
  // Times relative to the signal, so a failure says when it happened.
  const failures = outcomes.filter((outcome) => outcome.error).map((outcome) => ({ ...outcome, sentAt: outcome.sentAt - signalledAt }));
  expect(failures).toEqual([]);
  expect(answered.filter((outcome) => outcome.status !== 200)).toEqual([]);
  const afterSignal = answered.filter((outcome) => outcome.sentAt > signalledAt + 20);
  expect(afterSignal.length).toBeGreaterThan(0);
  expect(afterSignal.filter((outcome) => outcome.connection !== "close")).toEqual([]);
  expect(ready).toBe(false);
  for (const stream of await Promise.all(streams)) expect(stream).toEqual({ text: "retry: 1000\n\nretry: 2000\n\n", clean: true });
  expect(events).toEqual(["database closed with 0 open"]);
});
