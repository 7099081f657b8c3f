// A CPU profile of the server it is preloaded into, for finding where a benchmark's time goes:
//   BENCH_SERVER_NODE_OPTIONS="--require ./scripts/support/cpu-profile.cjs" npm run bench -- --quick --only receiver
// Node 20 refuses --cpu-prof in NODE_OPTIONS; this starts the same profiler through the inspector
// and writes <CPU_PROFILE_DIR or the system temp folder>/<pid>.cpuprofile when the process exits
// (the bench stops its servers with SIGTERM), or at once on SIGUSR2. Open it in Chrome's DevTools.
const fs = require("node:fs");
const inspector = require("node:inspector");
const os = require("node:os");
const path = require("node:path");

const session = new inspector.Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 200 });
session.post("Profiler.start");

let written = false;
function write() {
  if (written) return;
  written = true;
  session.post("Profiler.stop", (error, result) => {
    if (error) return;
    const file = path.join(process.env.CPU_PROFILE_DIR || os.tmpdir(), `${process.pid}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(result.profile));
    console.error(`CPU profile written to ${file}`);
  });
}
process.on("SIGUSR2", write);
process.on("exit", write);
