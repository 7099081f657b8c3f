// globalSetup of the `pglite` project: migrates the dashboard and the sandbox wallet once per run,
// each into a data directory under a fresh temporary folder, and dumps it (uncompressed tar). Test
// files restore the dump into an in-memory PGlite (≈0.7 s, against ≈4 s for initdb and the
// migrations), or copy the directory for an on-disk one (faster than restoring the dump to disk).
// Built every run, so a changed migration is always in it; removed at the end.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { acquirePgliteLock, DataDirectoryInUseError } from "../../lib/db/pglite-lock";
import { sandboxWalletMigrations } from "../../lib/sandbox-wallet/database";
import type { PgliteTemplate, TemplateSchema } from "./database-templates";

const root = path.resolve(import.meta.dirname, "../..");
const migrations: Record<TemplateSchema, { folder: string; table: string }> = {
  dashboard: { folder: path.join(root, "lib/db/migrations"), table: "__drizzle_migrations" },
  sandbox: { folder: path.join(root, sandboxWalletMigrations.directory), table: sandboxWalletMigrations.table },
};
const folderPrefix = "wallet-test-templates-";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await removeAbandonedTemplates();
  const folder = path.join(os.tmpdir(), `${folderPrefix}${randomBytes(6).toString("hex")}`);
  // The lock (held for the run, like a server holds its data directory) tells other runs this
  // folder is in use; taken before the folder exists, so none can take it for abandoned.
  const releaseLock = acquirePgliteLock(folder);
  await mkdir(folder);
  const templates = {} as Record<TemplateSchema, PgliteTemplate>;
  for (const schema of ["dashboard", "sandbox"] as const)
    templates[schema] = await buildTemplate(path.join(folder, schema), migrations[schema]);
  project.provide("pgliteTemplates", templates);
  return async () => {
    await rm(folder, { recursive: true, force: true });
    releaseLock();
  };
}

async function buildTemplate(dataDir: string, { folder, table }: { folder: string; table: string }): Promise<PgliteTemplate> {
  const client = new PGlite(dataDir);
  try {
    await migrate(drizzle({ client }) as never, { migrationsFolder: folder, migrationsTable: table });
    const dump = `${dataDir}.tar`;
    // Uncompressed: restoring it is what every test file waits for, and gzip would slow that down.
    await writeFile(dump, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    return { dataDir, dump };
  } finally {
    await client.close();
  }
}

/** Template folders of earlier runs that crashed (their lock's process is gone). */
async function removeAbandonedTemplates(): Promise<void> {
  for (const name of await readdir(os.tmpdir())) {
    if (!name.startsWith(folderPrefix) || name.endsWith(".lock")) continue;
    const folder = path.join(os.tmpdir(), name);
    let release: () => void;
    try {
      release = acquirePgliteLock(folder);
    } catch (error) {
      if (error instanceof DataDirectoryInUseError) continue; // another run, still going
      throw error;
    }
    await rm(folder, { recursive: true, force: true });
    release();
  }
}
