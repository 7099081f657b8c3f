// Backups of the embedded database while the server serves it. PGlite allows one process per data
// directory, so `npm run backup` (scripts/backup.ts) asks the server that has it open, over a Unix
// socket in a directory only the server's user can enter (no network listener, no token: whoever
// can use the socket could read the data directory itself). With no server running, the script
// opens the directory itself. Either way the snapshot is a gzipped tar of the data directory.
import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgliteInWorker } from "./pglite-in-worker";
import type { JobLogger } from "@/lib/logger";

/** Unix socket paths are limited to ~107 bytes; a longer one turns the socket off (logged). */
const maxSocketPathLength = 100;

/** Next to the data directory (like its lock file), in a 0700 directory of its own. */
export function backupSocketPath(dataDir: string): string {
  return path.join(`${path.resolve(dataDir)}.control`, "backup.sock");
}

/** A consistent, gzipped tar of the data directory of an open embedded database. */
export async function snapshotPglite(client: PGlite | PgliteInWorker): Promise<Uint8Array> {
  // In a worker, new work waits while open transactions finish (lib/db/pglite-worker.mjs).
  if ("snapshot" in client) return client.snapshot();
  // Same thread: the CHECKPOINT writes committed changes to the files; inside a transaction of its
  // own, the dump runs while no other transaction is open.
  await client.exec("CHECKPOINT");
  return client.transaction(async () => new Uint8Array(await (await client.dumpDataDir("gzip")).arrayBuffer()));
}

/**
 * Serves `POST /snapshot` on the backup socket for the running server. Returns a stop function, or
 * undefined when the socket could not be created (the server runs on; backups then need it stopped).
 */
export async function startBackupSocket(
  client: PGlite | PgliteInWorker,
  dataDir: string,
  logger: JobLogger,
): Promise<(() => Promise<void>) | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (socketPath.length > maxSocketPathLength) {
    logger.warn({ socketPath }, "backup socket path too long: online backups are off (use a shorter PGLITE_DATA_DIR)");
    return undefined;
  }
  try {
    const directory = path.dirname(socketPath);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    chmodSync(directory, 0o700);
    // Left by a server that was killed: this process holds the data directory's lock, so it is stale.
    rmSync(socketPath, { force: true });
  } catch (error) {
    logger.warn({ err: error, socketPath }, "backup socket directory could not be prepared: online backups are off");
    return undefined;
  }
  let busy = false;
  const server: Server = createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/snapshot") {
      response.writeHead(404).end();
      return;
    }
    if (busy) {
      response.writeHead(409, { "content-type": "text/plain" }).end("A backup is already being taken.");
      return;
    }
    busy = true;
    const startedAt = Date.now();
    snapshotPglite(client)
      .then((archive) => {
        logger.info({ bytes: archive.byteLength, ms: Date.now() - startedAt }, "backup snapshot taken");
        response.writeHead(200, { "content-type": "application/gzip", "content-length": archive.byteLength }).end(archive);
      })
      .catch((error: Error) => {
        logger.warn({ err: error }, "backup snapshot failed");
        response.writeHead(500, { "content-type": "text/plain" }).end(`The snapshot failed: ${error.message}`);
      })
      .finally(() => {
        busy = false;
      });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, resolve);
    });
  } catch (error) {
    logger.warn({ err: error, socketPath }, "backup socket could not be opened: online backups are off");
    return undefined;
  }
  chmodSync(socketPath, 0o600);
  // Never what keeps the process alive; gone with it.
  server.unref();
  const removeSocket = () => rmSync(socketPath, { force: true });
  process.once("exit", removeSocket);
  return async () => {
    process.off("exit", removeSocket);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    removeSocket();
  };
}
