// What scripts/bench.ts and the scripts under scripts/bench/ share beyond scripts/support/bench.ts:
// a fresh dashboard database of either kind (in a temporary folder, or created on the PostgreSQL
// server at BENCH_DATABASE_URL and dropped after), and how to point `next start` at it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseConnection } from "@/lib/db/client";
import { withAdminClient } from "../support/bench";

export type DatabaseKind = "pglite" | "postgres";
export type FreshDatabase = { env: Record<string, string>; cleanup: () => Promise<void>; connect: () => Promise<DatabaseConnection> };

/** A fresh, empty database of this kind (PostgreSQL needs `postgresUrl`, whose user may create databases). */
export async function freshDatabase(kind: DatabaseKind, tag: string, postgresUrl?: string): Promise<FreshDatabase> {
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${tag}-`));
    const dataDir = path.join(dir, "pglite");
    return {
      env: { PGLITE_DATA_DIR: dataDir },
      connect: () => openDatabase({ kind: "pglite", dataDir }),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!postgresUrl) throw new Error("a PostgreSQL benchmark needs BENCH_DATABASE_URL");
  // Lower case: PostgreSQL folds an unquoted name, and the URL must name the same database.
  const name = `bench_${tag}_${randomBytes(4).toString("hex")}`.toLowerCase();
  await withAdminClient(postgresUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    connect: () => openDatabase({ kind: "postgres", url: url.toString(), connectTimeoutMs: 5_000 }),
    cleanup: () => withAdminClient(postgresUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
