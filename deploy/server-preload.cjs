// Readiness from the first millisecond (`node --require ./deploy/server-preload.cjs server.js`, the
// image's command). Next's standalone server takes a few hundred milliseconds to load before it
// listens, then holds every request until instrumentation.ts has opened the database, migrated and
// started the workers (seconds): a readiness probe sent meanwhile waited and got 200 once all was
// done, and a SIGTERM then killed the process mid-start (exit 143). This file runs before Next loads:
//   1. it listens on PORT/HOSTNAME at once and answers /api/health/ready 503 and /api/health/live 200
//      (anything else 503 with Retry-After), each with `Connection: close`;
//   2. when Next listens on the same port, it is handed this very socket (`listen(handle)`), so no
//      connection is refused in between;
//   3. until the server has started (lib/server/start.ts sets the flag below), requests for
//      /api/health/ready are still answered 503 here, before Next holds them;
//   4. a SIGTERM or SIGINT while Next is still loading stops the process at once with exit code 0
//      (nothing was served, nothing opened); once lib/server/start.ts has begun opening the database
//      it is noted instead, and start.ts shuts down cleanly as soon as the start is over (never
//      mid-migration, never with PGlite's directory half written); once started, the graceful
//      shutdown (lib/observability/shutdown.ts) replaces this handler. Next's own handler, which
//      exits 143 without a drain, is turned off (NEXT_MANUAL_SIG_HANDLE).
// Plain CommonJS with Node's own modules only: it runs before anything is bundled or loaded.
"use strict";
// Node hands a process's --require to its worker threads too (their execArgv defaults to the
// parent's), and the server runs PGlite in one: there this file must do nothing (it tried to listen
// on the server's port, EADDRINUSE, and would patch the worker's listen and signals).
if (require("node:worker_threads").isMainThread) installPreload();

function installPreload() {
  const http = require("node:http");
  const net = require("node:net");

  const startedFlag = "walletDashboardServerStarted";
  const state = { early: null, handedOff: false };

  function notReady(response, path) {
    const live = path === "/api/health/live";
    const body = JSON.stringify(live ? { status: "ok", starting: true } : { status: "starting" });
    response.writeHead(live ? 200 : 503, {
      "content-type": "application/json",
      "cache-control": "no-store",
      connection: "close",
      ...(live ? {} : { "retry-after": "1" }),
    });
    response.end(body);
  }

  function pathOf(request) {
    const url = request.url || "/";
    const query = url.indexOf("?");
    return query === -1 ? url : url.slice(0, query);
  }

  // 3: readiness stays 503 until the server has started, whichever server receives the request.
  const originalEmit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitUntilStarted(event, ...args) {
    if (event === "request" && !globalThis[startedFlag] && pathOf(args[0]) === "/api/health/ready") {
      notReady(args[1], "/api/health/ready");
      return true;
    }
    return originalEmit.call(this, event, ...args);
  };

  // 2: Next's listen on our port takes over our socket.
  const port = Number(process.env.PORT || 3000);
  const hostname = process.env.HOSTNAME || "0.0.0.0";
  const originalListen = net.Server.prototype.listen;
  net.Server.prototype.listen = function listenOnEarlySocket(...args) {
    const early = state.early;
    const first = args[0];
    const wanted = typeof first === "object" && first !== null ? Number(first.port) : Number(first);
    if (early && this !== early && !state.handedOff && wanted === port && early._handle) {
      state.handedOff = true;
      const handle = early._handle;
      // The early server lets go of the socket without closing it; its own keep-alive connections
      // were all answered with `Connection: close`.
      early._handle = null;
      const callback = args.find((arg) => typeof arg === "function");
      return callback ? originalListen.call(this, { _handle: handle }, callback) : originalListen.call(this, { _handle: handle });
    }
    return originalListen.apply(this, args);
  };

  // 1: listen at once.
  if (Number.isInteger(port) && port > 0) {
    const early = http.createServer((request, response) => notReady(response, pathOf(request)));
    early.on("error", (error) => {
      // Port taken or not allowed: Next's own listen will report it as it always did.
      state.early = null;
      process.emitWarning(`early readiness listener: ${error.message}`);
    });
    early.listen(port, hostname);
    state.early = early;
  }

  // 4: stopping while starting.
  process.env.NEXT_MANUAL_SIG_HANDLE = "true";
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      if (globalThis[startedFlag]) return;
      if (globalThis.walletDashboardServerStarting) {
        // lib/server/start.ts reads it once the database is open and migrated, and stops from there.
        globalThis.walletDashboardStopRequested ??= signal;
        return;
      }
      process.stderr.write(`Wallet Dashboard: ${signal} while starting; stopped before serving.\n`);
      process.exit(0);
    });
  }
}
