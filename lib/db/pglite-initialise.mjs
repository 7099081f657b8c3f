// Creates a new embedded data directory (PostgreSQL's initdb) in a process of its own, which then
// exits. Run by lib/db/client.ts before the server opens the directory: the WASM instance that runs
// initdb grows to ~750 MiB, and memory freed in the server's own process (even by a worker thread
// that ends) is largely kept by the C allocator for later, so the server idled ~100 MiB higher after
// a first start than after a restart. Plain JavaScript, loaded by path like pglite-worker.mjs.
//
//   node lib/db/pglite-initialise.mjs <data directory>
// Prints one line of JSON on success: {"peakBytes": …} (this process's VmHWM, for the benchmark).
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pgliteServerOptions } from "./pglite-options.mjs";

const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write("usage: node lib/db/pglite-initialise.mjs <data directory>\n");
  process.exit(2);
}
try {
  const db = new PGlite(dataDir, pgliteServerOptions);
  await db.waitReady;
  await db.close();
} catch (error) {
  // PGlite's file-system errors carry an errno and no message: the server shows this last line.
  const reason = error?.message || (error?.errno !== undefined ? `file system error (errno ${error.errno})` : String(error));
  process.stderr.write(`${reason}\n`);
  process.exit(1);
}
let peakBytes = null;
try {
  const kilobytes = readFileSync("/proc/self/status", "utf8").match(/VmHWM:\s+(\d+)/)?.[1];
  if (kilobytes) peakBytes = Number(kilobytes) * 1024;
} catch {
  // Not Linux: no peak to report.
}
process.stdout.write(`${JSON.stringify({ peakBytes })}\n`);
