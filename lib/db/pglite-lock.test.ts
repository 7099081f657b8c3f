import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquirePgliteLock, DataDirectoryInUseError } from "@/lib/db/pglite-lock";

const otherProcess = spawn("sleep", ["60"]);
afterAll(() => {
  otherProcess.kill();
});

function tempDataDir() {
  return path.join(mkdtempSync(path.join(tmpdir(), "pglite-lock-")), "pglite");
}

describe("PGlite data directory lock", () => {
  it("refuses a directory held by another live process, naming it and the fix", () => {
    const dataDir = tempDataDir();
    writeFileSync(`${dataDir}.lock`, String(otherProcess.pid));
    expect(() => acquirePgliteLock(dataDir)).toThrow(DataDirectoryInUseError);
    expect(() => acquirePgliteLock(dataDir)).toThrow(new RegExp(`in use by process ${otherProcess.pid}.*PGLITE_DATA_DIR`));
  });

  it("takes over a lock left by a process that has died", () => {
    const dataDir = tempDataDir();
    writeFileSync(`${dataDir}.lock`, "999999999");
    const release = acquirePgliteLock(dataDir);
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it.runIf(process.platform === "linux")("takes over a lock left by a killed process that nobody has reaped yet (a zombie)", async () => {
    // `exec sleep` never waits for its child, so the short sleep started before it stays a zombie
    // once it ends (it outlives the exec, so the shell cannot reap it first).
    const parent = spawn("sh", ["-c", "sleep 0.3 & echo $!; exec sleep 30"]);
    try {
      const zombiePid = await new Promise<number>((resolve) =>
        parent.stdout.once("data", (chunk) => resolve(Number.parseInt(String(chunk), 10))),
      );
      await expect.poll(() => readFileSync(`/proc/${zombiePid}/stat`, "utf8").split(") ")[1]?.[0], { timeout: 10_000 }).toBe("Z");
      const dataDir = tempDataDir();
      writeFileSync(`${dataDir}.lock`, String(zombiePid));
      const release = acquirePgliteLock(dataDir);
      expect(readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
      release();
    } finally {
      parent.kill();
    }
  });

  it("is free again after release", () => {
    const dataDir = tempDataDir();
    acquirePgliteLock(dataDir)();
    acquirePgliteLock(dataDir)();
  });
});
