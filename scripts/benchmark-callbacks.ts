// Benchmark of the callback receiver, each figure beside its baseline measured in the same run:
//   1. bytes stored per delivery: the body as the receiver used to keep it (with the base64 QR
//      image) against the body kept now (image replaced by its hash and size), and the wallet's
//      creation answer with and without its copies of the QR image and code;
//   2. receiver requests/s against a bare handler, in-process (node:http, same fetch-style handler
//      shape as a Next route), and — when a production build exists — through `next start`: the
//      real receiver route against a bare Next route (the receiver's own 404 for a token that does
//      not verify: routing, HMAC, a small JSON answer, no body read, no database).
//
//   npm run bench                                   # PostgreSQL at BENCH_DATABASE_URL; Next part needs `npx next build` first
//   npm run bench -- --requests 2000 --concurrency 20 --skip-next
//
// BENCH_DATABASE_URL (default: the local test server) must let its user create databases: one
// fresh database (callbacks_bench_*) is created, migrated and dropped at the end.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { hasFlag, isMainModule, numberOption, postLoad, withAdminClient } from "./support/bench";
import { applyCallbackDelivery } from "@/lib/callbacks/apply-callback";
import { callbackToken } from "@/lib/callbacks/callback-url";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import { receiveCallback, type ReceiverPath } from "@/lib/callbacks/receive-callback";
import { openDatabase, type Database } from "@/lib/db/client";
import { callbackDeliveries, transactions } from "@/lib/db/schema";
import { createBrCode, createCashInPaymentCode, txidForTransaction } from "@/lib/sandbox-wallet/br-code";
import { toTransactionSnapshot } from "@/lib/sandbox-wallet/transaction-views";
import { storableWalletResponse } from "@/lib/transactions/wallet-response";
import { callbackTransactionSnapshotSchema } from "@/lib/wallet/schemas";
import { serveFetchHandler } from "@/test/support/serve-fetch-handler";

const requests = numberOption("requests", 1_000);
const concurrency = numberOption("concurrency", 20);
const sizeSamples = numberOption("samples", 200);
const skipNext = hasFlag("skip-next");
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://wallet_test:wallet_test@localhost:5432/wallet_test";
const root = path.resolve(import.meta.dirname, "..");
const config = { appUrl: "http://127.0.0.1", callbackSecret: randomBytes(32).toString("hex") };
const payerDocument = "52998224725";

export async function seedCashIns(db: Database, count: number) {
  return db
    .insert(transactions)
    .values(
      Array.from({ length: count }, () => ({
        kind: "CASH_IN" as const,
        creationState: "created" as const,
        walletTransactionId: randomUUID(),
        status: "PENDING" as const,
        amountCents: 1050,
        payerDocument,
        idempotencyKey: randomUUID(),
      })),
    )
    .returning({ id: transactions.id, walletId: transactions.walletTransactionId });
}

const sandboxMerchant = { merchantName: "WALLET SANDBOX", merchantCity: "SAO PAULO", pixKey: "sandbox@example.com" };

export async function walletSnapshot(walletId: string, status: string) {
  const code = await createCashInPaymentCode(sandboxMerchant, 1050, walletId);
  return {
    id: walletId,
    value: 1050,
    tax: 10.4,
    callbackUrl: "http://127.0.0.1/cb",
    description: "PIX",
    operation: "CASHIN",
    status,
    ...code,
    metadata: { order: "A-1" },
    payer: { name: "Ana", email: "ana@example.com", document: payerDocument },
    externalReference: "A-1",
    createdAt: new Date().toISOString(),
  };
}

export async function storedBytes(db: Database, sizeSamples = numberOption("samples", 200)) {
  const rows = await seedCashIns(db, sizeSamples * 2);
  const before = rows.slice(0, sizeSamples);
  const after = rows.slice(sizeSamples);
  const snapshots = new Map<string, Awaited<ReturnType<typeof walletSnapshot>>>();
  for (const row of rows) snapshots.set(row.id, await walletSnapshot(row.walletId!, "SUCCEED"));
  // Before: the body as the receiver stored it until now (everything, QR image included).
  await db.insert(callbackDeliveries).values(
    before.map((row) => ({
      walletTransactionId: row.walletId!,
      transactionId: row.id,
      status: "SUCCEED",
      operation: "CASH_IN",
      outcome: "applied" as const,
      body: snapshots.get(row.id)!,
      headers: { "content-type": "application/json" },
    })),
  );
  // After: through the real apply path.
  for (const row of after) {
    const body = snapshots.get(row.id)!;
    await applyCallbackDelivery(
      db,
      { kind: "transaction", transactionId: row.id },
      {
        snapshot: callbackTransactionSnapshotSchema.parse(body),
        body,
        headers: { "content-type": "application/json" },
        callbackLogId: null,
      },
    );
  }
  const perDelivery = async (ids: string[]) => {
    const result = (await db.execute(
      sql`select avg(pg_column_size(d.*))::int as row_bytes, avg(pg_column_size(d.body))::int as body_bytes from ${callbackDeliveries} d where d.transaction_id in ${ids}`,
    )) as unknown as { rows: Array<{ row_bytes: number; body_bytes: number }> };
    return result.rows[0]!;
  };
  // The creation answer: stored whole (QR image and code again) before; without those copies now.
  for (const row of before)
    await db
      .update(transactions)
      .set({ walletResponse: { ...snapshots.get(row.id)!, operation: "CASH_IN" } })
      .where(inArray(transactions.id, [row.id]));
  for (const row of after)
    await db
      .update(transactions)
      .set({ walletResponse: storableWalletResponse({ ...snapshots.get(row.id)!, operation: "CASH_IN" }, config) })
      .where(inArray(transactions.id, [row.id]));
  const answerBytes = async (ids: string[]) => {
    const result = (await db.execute(
      sql`select avg(pg_column_size(wallet_response))::int as bytes from ${transactions} where id in ${ids}`,
    )) as unknown as { rows: Array<{ bytes: number }> };
    return result.rows[0]!.bytes;
  };
  const ids = (list: typeof rows) => list.map((row) => row.id);
  return {
    before: await perDelivery(ids(before)),
    after: await perDelivery(ids(after)),
    answerBefore: await answerBytes(ids(before)),
    answerAfter: await answerBytes(ids(after)),
  };
}

/** Sends `bodies.length` POSTs with `concurrency` senders; returns requests/s and the statuses seen. */
function load(urls: string[], bodies: string[], headers?: Array<Record<string, string>>) {
  return postLoad(urls, bodies, concurrency, undefined, headers);
}

/** The headers the sandbox wallet sends with a delivery (lib/sandbox-wallet/delivery-worker.ts). */
function walletHeaders(): Record<string, string> {
  return {
    Accept: "application/json",
    "User-Agent": "WalletSandbox/1.0",
    "X-Callback-Log-Id": randomUUID(),
    "X-Callback-Attempt": "1",
  };
}

/**
 * One PENDING→SUCCEED pair per transaction, as the wallet sends them: each to the transaction's
 * own URL, with the body the sandbox wallet builds (`toTransactionSnapshot`: its callback URL,
 * its own PIX code, its payer) and the wallet's headers (a log id per delivery). The QR image is
 * one real PNG shared by all: the receiver only hashes it and drops it, and drawing one per
 * transaction took ~100 ms each on the loaded bench machine.
 */
export async function receiverWorkload(
  db: Database,
  origin: string,
  secrets: { appUrl: string; callbackSecret: string } = config,
  total = requests,
) {
  const rows = await seedCashIns(db, total / 2);
  const { qrcodeImage } = await walletSnapshot(randomUUID(), "PENDING");
  const createdAt = new Date();
  const urls: string[] = [];
  const bodies: string[] = [];
  const headers: Array<Record<string, string>> = [];
  for (const status of ["PENDING", "SUCCEED"] as const) {
    for (const row of rows) {
      const path = `${callbackReceiverPathPrefix}${row.id}/${callbackToken(secrets, row.id)}`;
      urls.push(`${origin}${path}`);
      const snapshot = toTransactionSnapshot({
        id: row.walletId!,
        account: "main",
        operation: "CASH_IN",
        status,
        value: 1050,
        tax: 10,
        callbackUrl: `${secrets.appUrl}${path}`,
        description: status === "PENDING" ? "Cash-in created" : "Cash-in paid",
        invoiceDescription: null,
        metadata: { order: "A-1" },
        externalReference: "A-1",
        payer: { name: "Ana", email: "ana@example.com", document: payerDocument, phone: null },
        codeCopyPaste: createBrCode(sandboxMerchant, 1050, txidForTransaction(row.walletId!)),
        qrcodeImage,
        pixDestinyType: null,
        pixDestinyKey: null,
        expiresAt: null,
        settlesAt: null,
        plannedOutcome: null,
        failureReason: null,
        createdAt,
        statusChangedAt: createdAt,
      });
      bodies.push(JSON.stringify(snapshot));
      headers.push(walletHeaders());
    }
  }
  return { urls, bodies, headers };
}

function bareWorkload(origin: string) {
  const body = JSON.stringify({ id: randomUUID(), status: "PENDING" });
  const id = randomUUID();
  return {
    urls: Array.from({ length: requests }, () => `${origin}${callbackReceiverPathPrefix}${id}/not-a-valid-token`),
    bodies: Array.from({ length: requests }, () => body),
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startNext(databaseUrl: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: {
      ...process.env,
      APP_URL: origin,
      DATABASE_URL: databaseUrl,
      CALLBACK_SECRET: config.callbackSecret,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      WALLET_API_TOKEN: randomBytes(32).toString("hex"),
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      await fetch(`${origin}/api/health/ready`);
      return { origin, child };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  child.kill();
  throw new Error("next start did not answer within 2 minutes");
}

function print(label: string, figure: { perSecond: number; statuses: Record<number, number> }) {
  console.log(`  ${label.padEnd(58)} ${String(figure.perSecond).padStart(6)} req/s   statuses ${JSON.stringify(figure.statuses)}`);
}

async function main() {
  const name = `callbacks_bench_${randomBytes(4).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connection = await openDatabase({ kind: "postgres", url: url.toString(), connectTimeoutMs: 5_000 });
  let next: ChildProcess | undefined;
  try {
    await connection.migrate(path.join(root, "lib/db/migrations"), "__drizzle_migrations");
    const db = connection.db;
    console.log(`Callback receiver benchmark — PostgreSQL ${name}, ${requests} requests per figure, ${concurrency} concurrent senders\n`);

    const bytes = await storedBytes(db);
    console.log(`Stored bytes per delivery (average of ${sizeSamples}, a sandbox cash-in body with its real QR image):`);
    console.log(`  before (body kept whole)                 row ${bytes.before.row_bytes} B   body ${bytes.before.body_bytes} B`);
    console.log(
      `  after  (QR image → hash and size)        row ${bytes.after.row_bytes} B   body ${bytes.after.body_bytes} B   (${Math.round((100 * bytes.after.row_bytes) / bytes.before.row_bytes)}% of before)`,
    );
    console.log(
      `Stored creation answer per cash-in: before ${bytes.answerBefore} B, after ${bytes.answerAfter} B (QR image and code kept once, in their columns)\n`,
    );

    const inProcessReceiver = await serveFetchHandler((request) => {
      const [first, token] = new URL(request.url).pathname.slice(callbackReceiverPathPrefix.length).split("/");
      const receiverPath: ReceiverPath = token ? { transactionId: first!, token } : { legacySecret: first! };
      return receiveCallback(db, request, receiverPath, config);
    });
    const inProcessBare = await serveFetchHandler(async () => Response.json({ received: true }));
    try {
      console.log("Requests/s in-process (node:http):");
      const bare = bareWorkload(inProcessBare.origin);
      print("bare handler (answers JSON, nothing else)", await load(bare.urls, bare.bodies));
      const work = await receiverWorkload(db, inProcessReceiver.origin);
      print("receiver (verify URL, parse, check, store, apply)", await load(work.urls, work.bodies, work.headers));
    } finally {
      await inProcessReceiver.close();
      await inProcessBare.close();
    }

    if (skipNext) return;
    if (!existsSync(path.join(root, process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID"))) {
      console.log("\nNo production build (.next/BUILD_ID): run `npx next build` for the Next figures.");
      return;
    }
    const started = await startNext(url.toString());
    next = started.child;
    console.log("\nRequests/s through next start (production build, same database):");
    const bare = bareWorkload(started.origin);
    print("bare Next route (receiver's 404: token does not verify)", await load(bare.urls, bare.bodies));
    const work = await receiverWorkload(db, started.origin);
    print("receiver route (verify URL, parse, check, store, apply)", await load(work.urls, work.bodies, work.headers));
  } finally {
    next?.kill();
    await connection.close();
    await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

if (isMainModule(import.meta.url)) await main();
