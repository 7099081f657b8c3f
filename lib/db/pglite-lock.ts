// PGlite allows one process per data directory and does nothing to stop a second one, which
// would corrupt it. This lock file (created atomically, holding our pid) is that guard.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";

export class DataDirectoryInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database directory ${dataDir} is already in use by process ${pid}. ` +
        `PGlite allows only one process per directory: stop that process, or set PGLITE_DATA_DIR to another directory, or use DATABASE_URL for PostgreSQL.`,
    );
    this.name = "DataDirectoryInUseError";
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/**
 * A killed server whose parent died too waits as a zombie until PID 1 reaps it, and a container's
 * PID 1 often never does: signal 0 still "reaches" it. On Linux, /proc says whether it is one.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state === "Z" || state === "X";
  } catch {
    return false; // No /proc (macOS) or the process just went: signal 0 decided already.
  }
}

/** Takes the lock for `dataDir` or throws DataDirectoryInUseError. Returns a release function. */
export function acquirePgliteLock(dataDir: string): () => void {
  const lockPath = `${resolve(dataDir)}.lock`;
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lockPath, "utf8").trim() === String(process.pid)) rmSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(lockPath, "utf8").trim(), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirectoryInUseError(dataDir, holder);
      }
      // A lock left by a process that died (or by ourselves in an earlier life): take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database directory ${dataDir}.`);
}
