// A throwaway database on the server at TEST_DATABASE_URL, for one test file: created empty,
// dropped (with its connections) afterwards.
import { randomBytes } from "node:crypto";
import { Client } from "pg";

export type ScratchPostgresDatabase = { url: string; drop: () => Promise<void> };

export async function createScratchPostgresDatabase(namePrefix: string): Promise<ScratchPostgresDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  const name = `${namePrefix}_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
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
