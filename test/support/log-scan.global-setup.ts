// The log scan of the integration lanes: before the lane, an empty capture directory; after it,
// every captured line (test/support/log-capture.setup.ts) read back, and the lane fails if one holds
// an e-mail, a CPF or a phone in full (docs/personal-data.md). Cheap: one appendFileSync per line at
// `info` and up, one pass over the files at the end.
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { findPersonalDataInText } from "@/lib/vocabulary/personal-data-masks";

// One directory for both lanes (they may run in one invocation; each worker writes its own file).
export const logCaptureDir = path.resolve(import.meta.dirname, "../../.data/log-capture");

/** Lines of the captured logs that still hold personal data, with what was found. */
export function linesWithPersonalData(directory = logCaptureDir): string[] {
  const offending: string[] = [];
  for (const file of readdirSync(directory)) {
    for (const line of readFileSync(path.join(directory, file), "utf8").split("\n")) {
      const found = findPersonalDataInText(line);
      if (found.length > 0) offending.push(`${file}: ${found.join(", ")} in ${line.slice(0, 300)}`);
    }
  }
  return offending;
}

export default function setup() {
  rmSync(logCaptureDir, { recursive: true, force: true });
  mkdirSync(logCaptureDir, { recursive: true });
  return () => {
    const offending = linesWithPersonalData();
    if (offending.length > 0) {
      throw new Error(`Log lines with personal data in full (extend lib/logger.ts):\n${offending.slice(0, 20).join("\n")}`);
    }
  };
}
