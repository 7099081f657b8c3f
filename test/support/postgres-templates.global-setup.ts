// globalSetup of the `postgres` project: migrates the dashboard and the sandbox wallet once per run
// into two template databases; each test file's scratch database is cloned from one
// (`create database … template …`) instead of being created empty and migrated. Built every run
// (so a changed migration is always in it) and dropped at the end.
//
// Every database of a run has the run id in its name. The run keeps one connection open, named
// after it (application_name), for as long as it lasts: a template with no such connection on the
// server belongs to a run that crashed, and its databases are dropped here by the next run.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Client } from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../lib/db/client";
import { sandboxWalletMigrations } from "../../lib/sandbox-wallet/database";
import type { TemplateSchema } from "./database-templates";

const root = path.resolve(import.meta.dirname, "../..");
const migrations: Record<TemplateSchema, { folder: string; table: string }> = {
  dashboard: { folder: path.join(root, "lib/db/migrations"), table: "__drizzle_migrations" },
  sandbox: { folder: path.join(root, sandboxWalletMigrations.directory), table: sandboxWalletMigrations.table },
};
const templatePattern = /^wallet_template_([0-9a-f]{12})_/;
const templateName = (runId: string, schema: TemplateSchema) => `wallet_template_${runId}_${schema}`;
const runMarker = (runId: string) => `wallet_template_${runId}`;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  const runId = randomBytes(6).toString("hex");
  const keeper = new Client({ connectionString: serverUrl, application_name: runMarker(runId) });
  await keeper.connect();
  try {
    await dropAbandonedRuns(keeper);
    const templates = {} as Record<TemplateSchema, string>;
    for (const schema of ["dashboard", "sandbox"] as const) {
      templates[schema] = templateName(runId, schema);
      await keeper.query(`create database ${templates[schema]}`);
      await migrateDatabase(databaseUrl(serverUrl, templates[schema]), migrations[schema]);
    }
    project.provide("postgresRunId", runId);
    project.provide("postgresTemplates", templates);
  } catch (error) {
    await dropRun(keeper, runId).finally(() => keeper.end());
    throw error;
  }
  return async () => {
    // Also drops scratch databases a test file did not get to drop.
    await dropRun(keeper, runId).finally(() => keeper.end());
  };
}

async function migrateDatabase(url: string, { folder, table }: { folder: string; table: string }): Promise<void> {
  const connection = await openDatabase({ kind: "postgres", url, connectTimeoutMs: 5_000 });
  try {
    await connection.migrate(folder, table);
  } finally {
    // No connection may stay open on a template: `create database … template` refuses to copy it then.
    await connection.close();
  }
}

async function dropAbandonedRuns(keeper: Client): Promise<void> {
  const { rows: databases } = await keeper.query<{ datname: string }>(
    "select datname from pg_database where datname like 'wallet\\_template\\_%'",
  );
  const { rows: sessions } = await keeper.query<{ application_name: string }>("select application_name from pg_stat_activity");
  const liveMarkers = new Set(sessions.map((session) => session.application_name));
  const runIds = new Set(databases.map((database) => templatePattern.exec(database.datname)?.[1]).filter((id) => id !== undefined));
  for (const runId of runIds) if (!liveMarkers.has(runMarker(runId))) await dropRun(keeper, runId);
}

async function dropRun(keeper: Client, runId: string): Promise<void> {
  const { rows } = await keeper.query<{ datname: string }>("select datname from pg_database where datname ~ $1", [`_${runId}(_|$)`]);
  for (const { datname } of rows) await keeper.query(`drop database if exists "${datname}" with (force)`);
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
