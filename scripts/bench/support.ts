// What scripts/bench.ts and the scripts under scripts/bench/ share beyond scripts/support/bench.ts:
// a fresh dashboard database of either kind (in a temporary folder, or created on the PostgreSQL
// server at BENCH_DATABASE_URL and dropped after), how to point `next start` at it, and its
// signed-in operators.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAuth } from "@/lib/auth/auth";
import { saveSecurityPolicy } from "@/lib/auth/security-settings";
import { type Database, type DatabaseConnection, openDatabase } from "@/lib/db/client";
import type { OperatorRole } from "@/lib/vocabulary/operator-roles";
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

/** Every benchmark operator's password (a step-up proves it again). */
export const benchPassword = "a long enough benchmark password";

export type BenchOperator = { name: string; email: string; role: OperatorRole };

/**
 * Creates these operators, lets them in without a second factor (the benchmarks measure what they
 * do, not sign-in: its policy is saved with no role requiring one, and sessions last the run) and
 * signs each in: returns each one's Cookie header, by the same key. Before the server starts
 * (PGlite is one process's); `secrets` are the ones the server gets, so it accepts the sessions.
 */
export async function seedSignedInOperators<Key extends string>(
  db: Database,
  secrets: { appUrl: string; authSecret: string },
  operators: Record<Key, BenchOperator>,
): Promise<Record<Key, string>> {
  const auth = createAuth(db, secrets);
  const entries = Object.entries(operators) as Array<[Key, BenchOperator]>;
  for (const [, { name, email, role }] of entries) await auth.api.createUser({ body: { name, email, password: benchPassword, role } });
  await saveSecurityPolicy(db, { twoFactorRequiredRoles: [], idleTimeoutMinutes: 600, absoluteLifetimeMinutes: 720 }, "bench");
  const cookies = {} as Record<Key, string>;
  for (const [key, { email }] of entries) {
    const { headers } = await auth.api.signInEmail({ body: { email, password: benchPassword }, returnHeaders: true });
    cookies[key] = cookieHeader(headers.getSetCookie());
  }
  return cookies;
}

/** A Cookie header from Set-Cookie lines (each one's name=value). */
export const cookieHeader = (setCookies: string[]) => setCookies.map((line) => line.split(";")[0]!).join("; ");
