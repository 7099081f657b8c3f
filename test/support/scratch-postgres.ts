// A throwaway database on the server at TEST_DATABASE_URL, for one test file: created empty (or
// as a copy of `template`), dropped (with its connections) afterwards.
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { postgresRunId } from "@/test/support/database-templates";

export type ScratchPostgresDatabase = { url: string; drop: () => Promise<void> };

export async function createScratchPostgresDatabase(
  namePrefix: string,
  options: { template?: string } = {},
): Promise<ScratchPostgresDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  // The run's id in the name lets the run's teardown (or the next run, after a crash) drop it.
  const runId = postgresRunId();
  const name = `${namePrefix}${runId ? `_${runId}` : ""}_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(`create database ${name}${options.template ? ` template ${options.template}` : ""}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
