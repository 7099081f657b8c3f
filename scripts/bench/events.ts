// Benchmark of events for the merchant's systems (issue #33), each figure beside a baseline from
// the same run, on a fresh PostgreSQL database:
//   1. events delivered per second by the worker to a local receiver (every event fanned out,
//      claimed, signed, posted, recorded), against bare signed POSTs per second to the same
//      receiver at the same concurrency (what the receiver and the network allow);
//   2. a callback's time in the receiver's write (applyCallbackDelivery, a charge paid) when the
//      transactions trigger also writes its event, against the same with the trigger switched off;
//   3. (--storm, or the default outside --quick) the storm: two instances, 5,000 events,
//      the receiver answering 500 at random 10 % of the time, one instance stopped abruptly
//      mid-run; checks every event was delivered at least once with one id per event.
//
//   npx tsx --conditions=react-server scripts/bench/events.ts [--quick] [--events 2000] [--callbacks 500] [--storm]
//
// BENCH_DATABASE_URL (default: the local test server) must let its user create databases.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { applyCallbackDelivery } from "@/lib/callbacks/apply-callback";
import { openDatabase, type Database } from "@/lib/db/client";
import { eventDeliveries, events, transactions } from "@/lib/db/schema";
import { generateWebhookSecret } from "@/lib/alerts/webhook-secret";
import { startEventWorker, type EventWorkerSettings } from "@/lib/events/deliver";
import { createEventEndpoint } from "@/lib/events/endpoints";
import { secretBoxFor } from "@/lib/events/secret-box";
import { serveFetchHandler } from "@/test/support/serve-fetch-handler";
import { hasFlag, isMainModule, numberOption, withAdminClient } from "../support/bench";

type Row = { measure: string; figure: string; baseline: string; ratio: string };
export type EventsBenchOptions = { quick?: boolean; events?: number; callbacks?: number; storm?: boolean; databaseUrl?: string };

const root = path.resolve(import.meta.dirname, "../..");
const box = secretBoxFor("b".repeat(48));
const policy = { allowPrivateAddresses: true };

function workerSettings(overrides: Partial<EventWorkerSettings> = {}): EventWorkerSettings {
  return {
    secretBox: box,
    policy,
    retryBaseMs: 20,
    timeoutMs: 5_000,
    concurrency: 16,
    perEndpointConcurrency: 16,
    disableAfterMs: 3_600_000,
    pollIntervalMs: 50,
    ...overrides,
  };
}

async function seedCharges(db: Database, count: number) {
  const ids: Array<{ id: string; walletId: string }> = [];
  for (let offset = 0; offset < count; offset += 1_000) {
    const rows = await db
      .insert(transactions)
      .values(
        Array.from({ length: Math.min(1_000, count - offset) }, () => ({
          kind: "CASH_IN" as const,
          creationState: "created" as const,
          walletTransactionId: randomUUID(),
          status: "PENDING" as const,
          amountCents: 1050,
          payerDocument: "52998224725",
          idempotencyKey: randomUUID(),
        })),
      )
      .returning({ id: transactions.id, walletId: transactions.walletTransactionId });
    ids.push(...rows.map((row) => ({ id: row.id, walletId: row.walletId! })));
  }
  return ids;
}

async function deliveredCount(db: Database, endpointId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(eventDeliveries)
    .where(sql`${eventDeliveries.endpointId} = ${endpointId} and ${eventDeliveries.status} = 'delivered'`);
  return Number(row?.count ?? 0);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function receiver(answer: () => number = () => 200) {
  const ids: string[] = [];
  let ok = 0;
  const served = await serveFetchHandler(async (request) => {
    await request.text();
    const status = answer();
    ids.push(request.headers.get("webhook-id") ?? "");
    if (status === 200) ok++;
    return new Response("ok", { status });
  });
  return { ids, ok: () => ok, url: `${served.origin}/hooks`, close: () => served.close() };
}

/** 1. Worker throughput against bare signed POSTs. */
async function deliveryThroughput(db: Database, count: number): Promise<Row> {
  const shop = await receiver();
  const endpoint = await createEventEndpoint(
    db,
    box,
    policy,
    { url: shop.url, description: "bench", eventTypes: ["charge.created"], enabled: true },
    null,
  );
  await db.update(events).set({ fannedOut: true });
  await seedCharges(db, count);
  const started = performance.now();
  const worker = startEventWorker(db, workerSettings());
  await waitFor(async () => (await deliveredCount(db, endpoint.id)) >= count, 600_000);
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  await db.update(eventDeliveries).set({ status: "delivered" });
  // Baseline: the same number of signed POSTs, 16 at a time, straight to the receiver.
  const secret = generateWebhookSecret();
  const body = JSON.stringify({ id: randomUUID(), type: "charge.created", data: { amountCents: 1050 } });
  let next = 0;
  const baselineStarted = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < count) {
        const id = randomUUID();
        const now = new Date();
        const response = await fetch(shop.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "webhook-id": id,
            "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
            "webhook-signature": new Webhook(secret).sign(id, now, body),
          },
          body,
        });
        await response.arrayBuffer();
      }
    }),
  );
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;
  await shop.close();
  const perSecond = count / seconds;
  const baselinePerSecond = count / baselineSeconds;
  return {
    measure: `events delivered/s (${count} events, 16 at a time)`,
    figure: perSecond.toFixed(0),
    baseline: `${baselinePerSecond.toFixed(0)} bare signed POSTs/s`,
    ratio: (perSecond / baselinePerSecond).toFixed(2),
  };
}

/** 2. A paying callback's write with and without its event. */
async function callbackOverhead(db: Database, count: number): Promise<Row> {
  const timeRun = async () => {
    const charges = await seedCharges(db, count);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < charges.length) {
          const charge = charges[next++]!;
          const outcome = await applyCallbackDelivery(
            db,
            { kind: "transaction", transactionId: charge.id },
            {
              snapshot: {
                id: charge.walletId,
                value: 1050,
                tax: 10.4,
                description: "PIX",
                operation: "CASH_IN",
                status: "SUCCEED",
                metadata: {},
                externalReference: null,
                createdAt: new Date().toISOString(),
                payer: { name: "Ana", email: "ana@example.com", document: "52998224725" },
              } as never,
              body: { id: charge.walletId, status: "SUCCEED" },
              headers: {},
              callbackLogId: null,
            },
          );
          if (outcome.outcome !== "applied") throw new Error(`callback not applied: ${outcome.outcome} ${outcome.mismatchedFields}`);
        }
      }),
    );
    return (performance.now() - started) / count;
  };
  // Alternate so neither side gets the warmer database.
  await db.execute(sql`alter table transactions disable trigger transactions_events`);
  const without1 = await timeRun();
  await db.execute(sql`alter table transactions enable trigger transactions_events`);
  const with1 = await timeRun();
  await db.execute(sql`alter table transactions disable trigger transactions_events`);
  const without2 = await timeRun();
  await db.execute(sql`alter table transactions enable trigger transactions_events`);
  const with2 = await timeRun();
  const withEvents = (with1 + with2) / 2;
  const without = (without1 + without2) / 2;
  return {
    measure: `callback write, charge paid (${count}×2 callbacks, 4 at a time), ms per callback`,
    figure: `${withEvents.toFixed(3)} with its event`,
    baseline: `${without.toFixed(3)} without`,
    ratio: (withEvents / without).toFixed(2),
  };
}

/** 3. Two instances, one stopped abruptly, 10 % of answers 500: every event delivered, one id per event. */
async function storm(db: Database, url: string, count: number): Promise<Row> {
  const shop = await receiver(() => (Math.random() < 0.1 ? 500 : 200));
  const endpoint = await createEventEndpoint(
    db,
    box,
    policy,
    { url: shop.url, description: "storm", eventTypes: ["charge.created"], enabled: true },
    null,
  );
  await db.update(events).set({ fannedOut: true });
  const charges = await seedCharges(db, count);
  const second = await openDatabase({ kind: "postgres", url, connectTimeoutMs: 5_000 });
  const settings = workerSettings({ leaseMs: 3_000 });
  const started = performance.now();
  const first = startEventWorker(db, settings);
  const other = startEventWorker(second.db, settings);
  await waitFor(async () => shop.ok() >= count / 3, 600_000);
  first.abandon();
  await waitFor(async () => (await deliveredCount(db, endpoint.id)) >= count, 900_000);
  const seconds = (performance.now() - started) / 1000;
  await other.stop();
  await second.close();
  const expected = await db
    .select({ id: events.id })
    .from(events)
    .where(sql`${events.type} = 'charge.created' and ${events.subjectId} in ${charges.map((charge) => charge.id)}`);
  const seen = new Set(shop.ids);
  const missing = expected.filter((event) => !seen.has(event.id)).length;
  if (missing) throw new Error(`storm: ${missing} events never delivered`);
  const duplicates = shop.ids.length - seen.size;
  await shop.close();
  return {
    measure: `storm: ${count} events, 2 instances, one stopped mid-run, 10 % answered 500`,
    figure: `${(count / seconds).toFixed(0)} events/s, all delivered, ${duplicates} repeated requests (same ids)`,
    baseline: `${count} events`,
    ratio: "1.00",
  };
}

export async function run(options: EventsBenchOptions = {}): Promise<Row[]> {
  const serverUrl = options.databaseUrl ?? process.env.BENCH_DATABASE_URL ?? "postgres://wallet_ci:wallet_ci@localhost:5432/postgres";
  const name = `events_bench_${Date.now()}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connection = await openDatabase({ kind: "postgres", url: url.toString(), connectTimeoutMs: 5_000 });
  try {
    await connection.migrate(path.join(root, "lib/db/migrations"), "__drizzle_migrations");
    const rows = [
      await deliveryThroughput(connection.db, options.events ?? (options.quick ? 500 : 2_000)),
      await callbackOverhead(connection.db, options.callbacks ?? (options.quick ? 200 : 1_000)),
    ];
    if (options.storm ?? !options.quick) rows.push(await storm(connection.db, url.toString(), options.quick ? 1_000 : 5_000));
    return rows;
  } finally {
    await connection.close();
    await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

if (isMainModule(import.meta.url)) {
  const rows = await run({
    quick: hasFlag("quick"),
    events: numberOption("events", 0) || undefined,
    callbacks: numberOption("callbacks", 0) || undefined,
    storm: hasFlag("storm") || undefined,
  });
  for (const row of rows) console.log(`${row.measure}\n  ${row.figure}   baseline ${row.baseline}   ratio ${row.ratio}`);
}
