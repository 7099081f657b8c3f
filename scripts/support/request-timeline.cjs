// Where a page request's time goes, phase by phase, for finding what to speed up (not for tests):
//   NEXT_OTEL_VERBOSE=1 BENCH_SERVER_NODE_OPTIONS="--require ./scripts/support/request-timeline.cjs" npm run bench -- --no-build --only transactions
//   npx tsx scripts/support/request-phases.ts /tmp/timeline-<pid>.json /transactions
// It registers a tracer with Next's own OpenTelemetry API (Next then records its spans: the proxy,
// the render, React's wait for the shell, …), and notes when each request's first byte is written
// and how long each `pg` statement took. On SIGUSR2 it writes
// <REQUEST_TIMELINE_DIR or the system temp folder>/timeline-<pid>.json: [start ms, end ms, name]
// entries on the process's monotonic clock (the one a CPU profile's timestamps use, so samples can
// be sorted into phases), and again when the process exits (the bench stops its servers with
// SIGTERM). SIGUSR1 empties it. Diagnostics only: it wraps `http.Server#emit` and
// `pg.Client#query` in this process.
const fs = require("node:fs");
const http = require("node:http");
const os = require("node:os");
const path = require("node:path");
const api = require("next/dist/compiled/@opentelemetry/api");

const maxEntries = 200_000;
const timeline = [];
const now = () => Number(process.hrtime.bigint()) / 1e6;
function record(start, name) {
  timeline.push([start, now(), name]);
  if (timeline.length > maxEntries) timeline.shift();
}

class Span {
  constructor(name) {
    this.name = name;
    this.start = now();
  }
  setAttribute() {
    return this;
  }
  setAttributes() {
    return this;
  }
  addEvent() {
    return this;
  }
  addLink() {
    return this;
  }
  setStatus() {
    return this;
  }
  updateName(name) {
    this.name = name;
    return this;
  }
  end() {
    record(this.start, this.name);
  }
  isRecording() {
    return true;
  }
  recordException() {}
  spanContext() {
    return { traceId: "1".repeat(32), spanId: "1".repeat(16), traceFlags: 1 };
  }
}

const tracer = {
  startSpan: (name) => new Span(name),
  startActiveSpan(name, ...rest) {
    const run = rest.pop();
    const span = new Span(name);
    return api.context.with(api.trace.setSpan(api.context.active(), span), () => run(span));
  },
};
api.trace.setGlobalTracerProvider({ getTracer: () => tracer });

// The first byte written for each request (after compression: what the client receives first).
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  const [request, response] = args;
  if (event === "request") {
    const start = now();
    let first = true;
    const markFirst = () => {
      if (!first) return;
      first = false;
      record(start, `first byte ${request.method} ${request.url}`);
    };
    for (const method of ["write", "end"]) {
      const original = response[method];
      response[method] = function (...args) {
        markFirst();
        return original.apply(this, args);
      };
    }
  }
  return emit.call(this, event, ...args);
};

try {
  const pg = require("pg");
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    const start = now();
    const text = typeof config === "string" ? config : (config?.name ?? config?.text ?? "?");
    const done = () => record(start, `pg ${text.slice(0, 60).replace(/\s+/g, " ")}`);
    const wrap = (original) =>
      function (...args) {
        done();
        return original.apply(this, args);
      };
    if (typeof values === "function") values = wrap(values);
    else if (typeof callback === "function") callback = wrap(callback);
    else if (typeof config?.callback === "function") config.callback = wrap(config.callback);
    const result = query.call(this, config, values, callback);
    if (typeof result?.then === "function") result.then(done, () => {});
    return result;
  };
} catch {
  // No pg here (an embedded-PGlite server): Next's spans and first bytes only.
}

let written = false;
function write() {
  const file = path.join(process.env.REQUEST_TIMELINE_DIR || os.tmpdir(), `timeline-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(timeline));
  if (!written) console.error(`Request timeline written to ${file}`);
  written = true;
}
process.on("SIGUSR1", () => {
  timeline.length = 0;
});
process.on("SIGUSR2", write);
process.on("exit", write);
