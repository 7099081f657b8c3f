// Load check of the callback receiver, moved out of the integration lane (it took minutes there on
// a shared CI machine): a storm of shuffled deliveries with 20% duplicates, from many concurrent
// senders, to per-transaction URLs over real HTTP. It prints the throughput and fails (exit 1)
// unless every delivery was answered 2xx and stored, every transaction ended in its final status,
// and no transaction had more than one delivery applied. The integration lane keeps a small storm
// with the same checks (lib/callbacks/receive-callback.integration.test.ts).
//
//   npm run bench:callback-storm                                  # in-memory PGlite, 800 transactions, 2,000 callbacks, 50 senders
//   npm run bench:callback-storm -- --transactions 200 --senders 20
//   TEST_DB_KIND=postgres TEST_DATABASE_URL=postgres://… npm run bench:callback-storm   # PostgreSQL (a scratch database, dropped after)
import { performance } from "node:perf_hooks";
import { numberOption } from "./support/bench";
import { runCallbackStorm } from "@/test/support/callback-storm";
import { openTestDatabase } from "@/test/support/test-database";

const transactionCount = numberOption("transactions", 800);
const senders = numberOption("senders", 50);

const database = await openTestDatabase();
try {
  const started = performance.now();
  const result = await runCallbackStorm(database.db, { transactions: transactionCount, senders });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `callback storm (${process.env.TEST_DB_KIND === "postgres" ? "PostgreSQL" : "PGlite"}): ${result.deliveries} deliveries to ${transactionCount} transactions from ${senders} senders in ${seconds.toFixed(1)} s (${(result.deliveries / seconds).toFixed(0)}/s)`,
  );
  if (result.problems.length) {
    console.error(`FAILED:\n- ${result.problems.join("\n- ")}`);
    process.exitCode = 1;
  } else console.log("every delivery answered 2xx and stored, every transaction final, nothing applied twice");
} finally {
  await database.dispose();
}
