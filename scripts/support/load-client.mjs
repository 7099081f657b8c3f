// A POST load client in its own process (scripts/support/bench.ts's postLoad starts it), so the
// load's own CPU is not the measuring process's, and both sides of a ratio (the receiver and the
// bare route) are measured by the same client. node:http with a keep-alive agent, one socket per
// sender. Reads {urls, bodies, headers?, concurrency} as JSON from the file named by its one argument
// (headers: one object per request, sent besides the JSON content type); writes {seconds, statuses,
// latenciesMs} as JSON on stdout.
import { readFileSync } from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";

const { urls, bodies, headers = [], concurrency } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const statuses = {};
const latenciesMs = new Array(bodies.length);

function post(url, body, extraHeaders) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { ...extraHeaders, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.on("data", () => {});
        response.on("end", () => resolve(response.statusCode));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < bodies.length) {
      const index = next++;
      const sent = performance.now();
      const status = await post(urls[index], bodies[index], headers[index]).catch(() => 0);
      latenciesMs[index] = performance.now() - sent;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
agent.destroy();
process.stdout.write(JSON.stringify({ seconds, statuses, latenciesMs }));
