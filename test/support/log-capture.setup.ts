// Integration lanes: every log line (from `info` up) of this worker goes to a file of its own
// (lib/logger.ts, LOG_CAPTURE_FILE), scanned for personal data when the lane ends
// (test/support/log-scan.global-setup.ts). Set before any test module imports the logger.
import path from "node:path";
import { logCaptureDir } from "@/test/support/log-scan.global-setup";

process.env.LOG_CAPTURE_FILE = path.join(logCaptureDir, `worker-${process.env.VITEST_POOL_ID ?? "0"}-${process.pid}.ndjson`);
