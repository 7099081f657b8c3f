// The shutdown under steady load over real HTTP: keep-alive clients hammer the server and event
// streams are open when the signal comes. Every answer from the signal on says `Connection: close`,
// no request is reset or answered 500 (the "database" closes only after the last answer), the
// streams end cleanly with their reconnect hint, and clients only meet a refused connection (which
// a proxy retries elsewhere) once the listener closed. The same over Next's build, with the real
// database: test/build/shutdown-drain.build.test.ts.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { installHttpHooks } from "@/lib/observability/http-hooks";
import { resetLifecycleForTests, trackLiveStream } from "@/lib/observability/lifecycle";
import { shutDownGracefully } from "@/lib/observability/shutdown";

let server: http.Server;
let port = 0;
let databaseClosed = false;

beforeAll(async () => {
  resetLifecycleForTests();
  installHttpHooks();
  server = http.createServer((request, response) => {
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
  const outcomes: Outcome[] = [];
  const clients = Array.from({ length: 4 }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (!stop) {
      const outcome = await get(agent, "/");
      outcomes.push(outcome);
      // The listener is closed: a proxy would send the next request to another instance.
      if (outcome.error === "ECONNREFUSED") break;
    }
    agent.destroy();
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const signalledAt = Date.now();
  const events: string[] = [];
  await shutDownGracefully(
    "SIGTERM",
    { drainMs: 300, timeoutMs: 5_000 },
    {
      stopBackgroundJobs: async () => {},
      closeDatabase: async () => {
        databaseClosed = true;
        events.push(`database closed with ${outcomes.filter((outcome) => outcome.status === undefined && !outcome.error).length} open`);
      },
    },
  );
  stop = true;
  await Promise.all(clients);

  const answered = outcomes.filter((outcome) => outcome.status !== undefined);
  const failures = outcomes.filter((outcome) => outcome.error && outcome.error !== "ECONNREFUSED");
  console.log("DEBUG", outcomes.length, JSON.stringify(outcomes.filter((o) => o.error || o.sentAt > signalledAt + 250).map((o) => ({ ...o, sentAt: o.sentAt - signalledAt }))));
  expect(failures).toEqual([]);
  expect(answered.filter((outcome) => outcome.status !== 200)).toEqual([]);
  const afterSignal = answered.filter((outcome) => outcome.sentAt > signalledAt + 20);
  expect(afterSignal.length).toBeGreaterThan(10);
  expect(afterSignal.filter((outcome) => outcome.connection !== "close")).toEqual([]);
  // Every client ended on a refused connection (the listener closed), not on an error or a hang.
  expect(outcomes.filter((outcome) => outcome.error === "ECONNREFUSED")).toHaveLength(4);
  for (const stream of await Promise.all(streams)) expect(stream).toEqual({ text: "retry: 1000\n\nretry: 2000\n\n", clean: true });
  expect(events).toEqual(["database closed with 0 open"]);
});
