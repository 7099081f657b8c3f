// Load check of the callback receiver, moved out of the integration lane (it took minutes there on
// a shared CI machine): a storm of shuffled deliveries with 20% duplicates, from many concurrent
// senders, to per-transaction URLs over real HTTP. It prints the throughput and fails (exit 1)
// unless every delivery was answered 2xx and stored, every transaction ended in its final status,
// and no transaction had more than one delivery applied. The integration lane keeps a small storm
// with the same checks (lib/callbacks/receive-callback.integration.test.ts).
//
//   npm run bench:callback-storm                                  # in-memory PGlite, 800 transactions, 2,000 callbacks, 50 senders
//   npm run bench:callback-storm -- --transactions 200 --senders 20
//   BENCH_DATABASE_URL=postgres://… npm run bench:callback-storm   # PostgreSQL: a fresh database (callbacks_storm_*), dropped after
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { numberOption, withAdminClient } from "./support/bench";
import { openDatabase } from "@/lib/db/client";
import { runCallbackStorm } from "@/test/support/callback-storm";
import { dashboardMigrations } from "@/test/support/dashboard-migrations";

const transactionCount = numberOption("transactions", 800);
const senders = numberOption("senders", 50);
const serverUrl = process.env.BENCH_DATABASE_URL;

async function openBenchDatabase() {
  if (!serverUrl) {
    const connection = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);
    return { ...connection, dispose: () => connection.close() };
  }
  const name = `callbacks_storm_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connection = await openDatabase({ kind: "postgres", url: url.toString(), connectTimeoutMs: 5_000 });
  await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);
  return {
    ...connection,
    dispose: async () => {
      await connection.close();
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const database = await openBenchDatabase();
try {
  const started = performance.now();
  const result = await runCallbackStorm(database.db, { transactions: transactionCount, senders });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `callback storm (${serverUrl ? "PostgreSQL" : "PGlite"}): ${result.deliveries} deliveries to ${transactionCount} transactions from ${senders} senders in ${seconds.toFixed(1)} s (${(result.deliveries / seconds).toFixed(0)}/s)`,
  );
  if (result.problems.length) {
    console.error(`FAILED:\n- ${result.problems.join("\n- ")}`);
    process.exitCode = 1;
  } else console.log("every delivery answered 2xx and stored, every transaction final, nothing applied twice");
} finally {
  await database.dispose();
}
