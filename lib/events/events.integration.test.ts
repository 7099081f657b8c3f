// Events for the merchant's systems, end to end on the real database (PGlite and PostgreSQL) and
// real HTTP: the triggers write the outbox in the changing transaction, the worker signs and
// delivers with retries, and replays, rotation, disabling and a two-instance storm keep the
// at-least-once promise with one event id per event.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkRules, loadRuleSettings } from "@/lib/alerts/rules";
import { transactionCallbackUrl } from "@/lib/callbacks/callback-url";
import { receiveCallback, type ReceiverPath } from "@/lib/callbacks/receive-callback";
import { type Database, driverOf } from "@/lib/db/client";
import {
  claimDueEventDeliveries,
  claimDueEventDeliveriesStatement,
  countReplay,
  cancelReplay,
  replayProgress,
  resendEventDelivery,
  startReplay,
  updateEventEndpoint,
} from "@/lib/db/queries/events";
import {
  alertIncidents,
  cashOutRequestItems,
  cashOutRequests,
  eventDeliveries,
  eventDeliveryAttempts,
  eventEndpoints,
  events,
  transactions,
} from "@/lib/db/schema";
import { eventDataSchemas, eventEnvelopeSchema, isCatalogueType } from "@/lib/events/catalogue";
import { eventRetryDelayMs, startEventWorker, type EventWorker, type EventWorkerSettings } from "@/lib/events/deliver";
import { createEventEndpoint, rotateEndpointSecret, sendTestEvent } from "@/lib/events/endpoints";
import { secretBoxFor } from "@/lib/events/secret-box";
import { OutboundUrlRefusedError } from "@/lib/net/outbound-guard";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import type { EventType } from "@/lib/vocabulary/event-types";
import { createdTransactionRows } from "@/test/support/callback-fixtures";
import { serveFetchHandler, type ServedHandler } from "@/test/support/serve-fetch-handler";
import { planNodes } from "@/test/support/query-plans";
import { openSecondWriter, openTestDatabase, type TestDatabase } from "@/test/support/test-database";

const box = secretBoxFor("t".repeat(48));
const callbackConfig = { appUrl: "http://127.0.0.1", callbackSecret: "c".repeat(48) };
/** Tests reach their receivers on 127.0.0.1; the refusal test uses the real policy. */
const localPolicy = { allowPrivateAddresses: true };

let database: TestDatabase;
let db: Database;
let callbackReceiver: ServedHandler;

type Received = { id: string; body: string; headers: Record<string, string>; answered: number };

/** A merchant's receiver: records every request and answers what `answer` says (200 by default). */
async function startEventReceiver(answer: (count: number) => number = () => 200) {
  const received: Received[] = [];
  const served = await serveFetchHandler(async (request) => {
    const body = await request.text();
    const status = answer(received.length + 1);
    received.push({ id: request.headers.get("webhook-id") ?? "", body, headers: Object.fromEntries(request.headers), answered: status });
    return new Response(status < 300 ? "ok" : "receiver down", { status });
  });
  return { received, url: `${served.origin}/hooks`, close: () => served.close() };
}

const workers: EventWorker[] = [];
function worker(settings: Partial<EventWorkerSettings> = {}, on: Database = db): EventWorker {
  const started = startEventWorker(on, {
    secretBox: box,
    policy: localPolicy,
    retryBaseMs: 20,
    // Generous: CI runs this beside other work, and a local receiver on a busy machine can take seconds.
    timeoutMs: 15_000,
    concurrency: 8,
    perEndpointConcurrency: 8,
    disableAfterMs: 3_600_000,
    pollIntervalMs: 30,
    ...settings,
  });
  workers.push(started);
  return started;
}

async function endpoint(url: string, eventTypes: EventType[], enabled = true) {
  return createEventEndpoint(db, box, localPolicy, { url, description: "test", eventTypes, enabled }, "admin@example.com");
}

async function seedCharges(howMany: number, overrides: Partial<typeof transactions.$inferInsert> = {}) {
  return db.insert(transactions).values(createdTransactionRows(howMany, overrides)).returning();
}

async function eventsOf(subjectId: string) {
  return db.select().from(events).where(eq(events.subjectId, subjectId)).orderBy(events.position);
}

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  callbackReceiver = await serveFetchHandler((request) => {
    const [id, token] = new URL(request.url).pathname.slice(callbackReceiverPathPrefix.length).split("/");
    return receiveCallback(db, request, { transactionId: id!, token: token! } satisfies ReceiverPath, callbackConfig);
  });
});
afterAll(async () => {
  for (const started of workers) await started.stop();
  await callbackReceiver.close();
  await database.dispose();
});

describe("the outbox", () => {
  it("writes each catalogue event in the changing transaction, with data its JSON schema accepts, and nothing for a rolled-back change", async () => {
    const [charge] = await seedCharges(1);
    await db.update(transactions).set({ status: "SUCCEED" }).where(eq(transactions.id, charge!.id));
    const [expiring] = await seedCharges(1, { expiresAt: new Date(Date.now() - 60_000) });
    await db.update(transactions).set({ status: "CANCELED" }).where(eq(transactions.id, expiring!.id));
    const [cashOut] = await db
      .insert(transactions)
      .values({
        kind: "CASH_OUT",
        creationState: "creating",
        amountCents: 500,
        pixKeyType: "EMAIL",
        pixKey: "a@b.c",
        idempotencyKey: randomUUID(),
      })
      .returning();
    await db
      .update(transactions)
      .set({ creationState: "created", status: "PENDING", walletTransactionId: randomUUID() })
      .where(eq(transactions.id, cashOut!.id));
    await db.update(transactions).set({ status: "FAILED" }).where(eq(transactions.id, cashOut!.id));
    const [request] = await db
      .insert(cashOutRequests)
      .values({
        kind: "batch",
        idempotencyKey: randomUUID(),
        totalCents: 500,
        itemCount: 1,
        requestedByUserId: "u1",
        requestedByEmail: "finance@example.com",
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const [item] = await db
      .insert(cashOutRequestItems)
      .values({ requestId: request!.id, line: 1, amountCents: 500, pixKeyType: "EMAIL", pixKey: "a@b.c", idempotencyKey: randomUUID() })
      .returning();
    await db.update(cashOutRequests).set({ state: "approved", decidedAt: new Date() }).where(eq(cashOutRequests.id, request!.id));
    await db.update(cashOutRequestItems).set({ transactionId: cashOut!.id }).where(eq(cashOutRequestItems.id, item!.id));
    const [incident] = await db
      .insert(alertIncidents)
      .values({ rule: "cash_out_failed", incidentKey: randomUUID(), details: { transactionId: cashOut!.id }, href: "/transactions" })
      .returning();
    // A change that rolls back leaves no event behind.
    await expect(
      db.transaction(async (tx) => {
        const [doomed] = await tx
          .insert(transactions)
          .values({ kind: "CASH_IN", creationState: "created", status: "PENDING", amountCents: 1, idempotencyKey: randomUUID() })
          .returning();
        await tx.update(transactions).set({ status: "SUCCEED" }).where(eq(transactions.id, doomed!.id));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");

    expect((await eventsOf(charge!.id)).map((event) => event.type)).toEqual(["charge.created", "charge.paid"]);
    expect((await eventsOf(expiring!.id)).map((event) => event.type)).toEqual(["charge.created", "charge.expired"]);
    expect((await eventsOf(cashOut!.id)).map((event) => event.type)).toEqual(["cash_out.sent", "cash_out.failed"]);
    expect((await eventsOf(request!.id)).map((event) => event.type)).toEqual([
      "cash_out.requested",
      "cash_out.approved",
      "bulk_batch.completed",
    ]);
    expect((await eventsOf(incident!.id)).map((event) => event.type)).toEqual(["alert.fired"]);
    const all = await db.select().from(events);
    // The rolled-back transaction's charge.created and charge.paid are nowhere.
    expect(all.filter((event) => event.type === "charge.paid")).toHaveLength(1);
    for (const event of all) {
      expect(isCatalogueType(event.type)).toBe(true);
      const schema = eventDataSchemas[event.type as EventType];
      // Through JSON, as a receiver reads it.
      expect(schema.safeParse(JSON.parse(JSON.stringify(event.data))).error).toBeUndefined();
    }
    await db.update(events).set({ fannedOut: true });
  });

  it("refuses an endpoint URL on an internal address, directly or through DNS", async () => {
    const guarded = { allowPrivateAddresses: false, lookup: async () => ["10.1.2.3"] };
    for (const url of ["http://127.0.0.1:9/hooks", "http://169.254.169.254/latest", "http://[::1]/x", "https://erp.example.com/hooks"]) {
      await expect(
        createEventEndpoint(db, box, guarded, { url, description: "", eventTypes: ["charge.paid"], enabled: true }, null),
      ).rejects.toBeInstanceOf(OutboundUrlRefusedError);
    }
    expect(await db.select().from(eventEndpoints)).toHaveLength(0);
  });
});

describe("delivery", () => {
  it("delivers exactly one charge.paid for a charge paid by callback, signed so the standardwebhooks library verifies it; a disabled endpoint gets nothing", async () => {
    const shop = await startEventReceiver();
    const disabledShop = await startEventReceiver();
    const created = await endpoint(shop.url, ["charge.paid"]);
    const disabled = await endpoint(disabledShop.url, ["charge.paid"], false);
    const [charge] = await seedCharges(1);
    const callback = {
      id: charge!.walletTransactionId,
      value: 1050,
      tax: 10.4,
      callbackUrl: "http://x/cb",
      description: "PIX",
      operation: "CASHIN",
      status: "SUCCEED",
      metadata: {},
      externalReference: null,
      createdAt: new Date().toISOString(),
      payer: { name: "Ana", email: "ana@example.com", document: "529.982.247-25" },
    };
    const path = new URL(transactionCallbackUrl(callbackConfig, charge!.id)).pathname;
    // The wallet sends the callback twice: the second is a duplicate and must not make a second event.
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${callbackReceiver.origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(callback),
      });
      expect(response.status).toBe(200);
    }
    worker();
    await expect.poll(() => shop.received.length, { timeout: 45_000 }).toBe(1);
    const [delivery] = shop.received;
    const verified = new Webhook(created.secret).verify(delivery!.body, delivery!.headers) as Record<string, unknown>;
    const envelope = eventEnvelopeSchema("charge.paid", eventDataSchemas["charge.paid"]).parse(verified);
    expect(envelope.data).toMatchObject({ id: charge!.id, status: "SUCCEED", amountCents: 1050 });
    expect(delivery!.id).toBe(envelope.id);
    expect((await eventsOf(charge!.id)).filter((event) => event.type === "charge.paid")).toHaveLength(1);
    // Waited for the same fan-out that would have made the disabled endpoint's delivery.
    await expect.poll(async () => (await db.select().from(events).where(eq(events.fannedOut, false))).length).toBe(0);
    expect(await db.select().from(eventDeliveries).where(eq(eventDeliveries.endpointId, disabled.id))).toEqual([]);
    expect(disabledShop.received).toEqual([]);
    await db.update(eventEndpoints).set({ enabled: false }).where(eq(eventEndpoints.id, created.id));
    await shop.close();
    await disabledShop.close();
  });

  it("keeps retrying an endpoint that is down for three attempts and delivers on the fourth, every attempt logged", async () => {
    const shop = await startEventReceiver((count) => (count <= 3 ? 503 : 200));
    const created = await endpoint(shop.url, ["charge.created"]);
    const [charge] = await seedCharges(1);
    worker();
    const [event] = await eventsOf(charge!.id);
    await expect
      .poll(async () => (await db.select().from(eventDeliveries).where(eq(eventDeliveries.endpointId, created.id)))[0]?.status, {
        timeout: 15_000,
      })
      .toBe("delivered");
    expect(shop.received.map((request) => request.id)).toEqual([event!.id, event!.id, event!.id, event!.id]);
    const [delivery] = await db.select().from(eventDeliveries).where(eq(eventDeliveries.endpointId, created.id));
    const attempts = await db.select().from(eventDeliveryAttempts).where(eq(eventDeliveryAttempts.deliveryId, delivery!.id));
    expect(attempts.map((attempt) => [attempt.ok, attempt.responseStatus])).toEqual([
      [false, 503],
      [false, 503],
      [false, 503],
      [true, 200],
    ]);
    expect(attempts[0]!.responseExcerpt).toBe("receiver down");
    await db.update(eventEndpoints).set({ enabled: false }).where(eq(eventEndpoints.id, created.id));
    await shop.close();
  });

  it("signs with both secrets during a rotation's overlap, and with the new one only after it", async () => {
    const shop = await startEventReceiver();
    const created = await endpoint(shop.url, []);
    const newSecret = await rotateEndpointSecret(db, box, created.id, 3_600_000, new Date());
    worker();
    await sendTestEvent(db, created.id);
    await expect.poll(() => shop.received.length, { timeout: 45_000 }).toBe(1);
    const during = shop.received[0]!;
    expect(during.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(created.secret).verify(during.body, during.headers)).not.toThrow();
    expect(() => new Webhook(newSecret!).verify(during.body, during.headers)).not.toThrow();
    // The overlap ends.
    await db
      .update(eventEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(eventEndpoints.id, created.id));
    await sendTestEvent(db, created.id);
    await expect.poll(() => shop.received.length, { timeout: 45_000 }).toBe(2);
    const after = shop.received[1]!;
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(() => new Webhook(newSecret!).verify(after.body, after.headers)).not.toThrow();
    expect(() => new Webhook(created.secret).verify(after.body, after.headers)).toThrow();
    await db.update(eventEndpoints).set({ enabled: false }).where(eq(eventEndpoints.id, created.id));
    await shop.close();
  });

  it("switches off an endpoint failing longer than the setting, tells who asked, and the alert rule sees it", async () => {
    const shop = await startEventReceiver(() => 500);
    const created = await endpoint(shop.url, []);
    const disabled: string[] = [];
    worker({ disableAfterMs: 150, onEndpointDisabled: async (gone) => void disabled.push(gone.id) });
    await sendTestEvent(db, created.id);
    await expect.poll(() => disabled, { timeout: 45_000 }).toEqual([created.id]);
    const [row] = await db.select().from(eventEndpoints).where(eq(eventEndpoints.id, created.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: expect.stringContaining("Failing") });
    // The alert job's rule sees it (and opens its incident once, as for every rule).
    const { candidates } = await checkRules(db, await loadRuleSettings(db), new Date());
    expect(
      candidates.filter((candidate) => candidate.rule === "event_endpoint_disabled").map((candidate) => candidate.details.endpointId),
    ).toEqual([created.id]);
    await shop.close();
  });
});

describe("resend and replay", () => {
  it("replays exactly the planned count of a time range, resends one, and a canceled replay sends no more", async () => {
    const shop = await startEventReceiver();
    const created = await endpoint(shop.url, ["charge.created"]);
    const charges = await seedCharges(12);
    // The range is the database's own times of those 12 events (its clock wrote them).
    const [bounds] = await db
      .select({ from: sql<string>`min(${events.occurredAt})`, to: sql<string>`max(${events.occurredAt})` })
      .from(events)
      .where(sql`${events.subjectId} in ${charges.map((charge) => charge.id)}`);
    const from = new Date(bounds!.from);
    const to = new Date(new Date(bounds!.to).getTime() + 1);
    worker();
    await expect.poll(() => shop.received.length, { timeout: 45_000 }).toBe(12);
    // Events outside the range, after it, are not replayed.
    await db.execute(sql`select pg_sleep(0.01)`);
    await seedCharges(3);
    await expect.poll(() => shop.received.length, { timeout: 45_000 }).toBe(15);
    // And recorded as delivered: the receiver counts a request before the worker marks it, and a
    // replay leaves a delivery still "sending" to finish (CI once queued 11 of the 12).
    await expect
      .poll(
        async () => {
          const [row] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(eventDeliveries)
            .where(and(eq(eventDeliveries.endpointId, created.id), eq(eventDeliveries.status, "delivered")));
          return row?.n;
        },
        { timeout: 45_000 },
      )
      .toBe(15);

    const plan = { endpointId: created.id, kind: "range" as const, from, to };
    expect(await countReplay(db, plan)).toBe(12);
    const started = await startReplay(db, plan, "admin@example.com", new Date());
    expect(started.queued).toBe(12);
    await expect.poll(async () => (await replayProgress(db, started.replayId))?.state, { timeout: 45_000 }).toBe("finished");
    expect(shop.received).toHaveLength(27);
    expect(await replayProgress(db, started.replayId)).toMatchObject({ planned: 12, delivered: 12, pending: 0 });
    const replayedIds = new Set(shop.received.slice(15).map((request) => request.id));
    const chargeEvents = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.type, "charge.created"), sql`${events.subjectId} in ${charges.map((charge) => charge.id)}`));
    expect(replayedIds).toEqual(new Set(chargeEvents.map((event) => event.id)));

    const [one] = await db.select().from(eventDeliveries).where(eq(eventDeliveries.endpointId, created.id)).limit(1);
    expect(await resendEventDelivery(db, created.id, one!.id, new Date())).toBe(true);
    await expect.poll(() => shop.received.length, { timeout: 45_000 }).toBe(28);
    expect(shop.received[27]!.id).toBe(one!.eventId);

    // Canceled before any worker claims (all workers stopped): nothing of it is sent.
    for (const started of workers.splice(0)) await started.stop();
    const second = await startReplay(db, plan, "admin@example.com", new Date());
    expect(await cancelReplay(db, created.id, second.replayId)).toBe(12);
    const last = worker();
    await sendTestEvent(db, created.id);
    await expect.poll(() => shop.received.length, { timeout: 45_000 }).toBe(29);
    expect(await replayProgress(db, second.replayId)).toMatchObject({ state: "canceled", canceled: 12, delivered: 0 });
    await last.stop();
    await updateEventEndpoint(db, created.id, { enabled: false });
    await shop.close();
  });

  it("replays all failures", async () => {
    const shop = await startEventReceiver((count) => (count <= 2 ? 500 : 200));
    const created = await endpoint(shop.url, []);
    await sendTestEvent(db, created.id);
    await sendTestEvent(db, created.id);
    await db.update(eventDeliveries).set({ status: "failed" }).where(eq(eventDeliveries.endpointId, created.id));
    const plan = { endpointId: created.id, kind: "failures" as const };
    expect(await countReplay(db, plan)).toBe(2);
    const started = await startReplay(db, plan, null, new Date());
    worker();
    await expect.poll(async () => (await replayProgress(db, started.replayId))?.delivered, { timeout: 45_000 }).toBe(2);
    await updateEventEndpoint(db, created.id, { enabled: false });
    await shop.close();
  });
});

describe("two instances in a storm", () => {
  it("delivers every event at least once (300 events on PostgreSQL, 100 on PGlite; two instances) when one stops abruptly mid-run and the receiver fails 10 % at random; repeats carry the same id", async () => {
    for (const started of workers.splice(0)) await started.stop();
    const shop = await startEventReceiver(() => (Math.random() < 0.1 ? 500 : 200));
    const created = await endpoint(shop.url, ["charge.created"]);
    // Two instances: on PostgreSQL each with its own pool, as two processes would be. PGlite is one
    // process's database (one connection), so the two workers share it and the storm is smaller
    // there; the 5,000-event storm is scripts/bench/events.ts.
    const driver = driverOf(db);
    const stormSize = driver.kind === "postgres" ? 300 : 100;
    const charges = await seedCharges(stormSize);
    const second = await openSecondWriter(database);
    const settings = { leaseMs: 1_000, concurrency: 16, perEndpointConcurrency: 12 };
    const first = worker(settings);
    const other = worker(settings, second.db);
    await expect.poll(() => shop.received.length, { timeout: 30_000 }).toBeGreaterThan(stormSize / 5);
    first.abandon();
    const expected = await db
      .select({ id: events.id, body: events.data })
      .from(events)
      .where(and(eq(events.type, "charge.created"), sql`${events.subjectId} in ${charges.map((charge) => charge.id)}`));
    expect(expected).toHaveLength(stormSize);
    await expect
      .poll(
        async () =>
          (await db.select().from(eventDeliveries).where(eq(eventDeliveries.endpointId, created.id))).filter(
            (row) => row.status === "delivered",
          ).length,
        {
          timeout: 120_000,
        },
      )
      .toBe(stormSize);
    await other.stop();
    await second.close();
    const deliveredIds = new Set(shop.received.filter((request) => request.answered === 200).map((request) => request.id));
    expect([...expected.map((event) => event.id)].every((id) => deliveredIds.has(id))).toBe(true);
    // Every request for one id carried the same event (the body's id is the header's).
    for (const request of shop.received) expect(JSON.parse(request.body).id).toBe(request.id);
    await shop.close();
  }, 150_000);
});

describe("a backlog", () => {
  it("ranks the due deliveries once per claim, whatever the planner's statistics say (3,000 due after the last ANALYZE)", async () => {
    for (const started of workers.splice(0)) await started.stop();
    const [backlogEndpoint] = await db
      .insert(eventEndpoints)
      .values({ url: "http://127.0.0.1:9/backlog", secretCiphertext: "unused", eventTypes: ["charge.paid"], enabled: true })
      .returning({ id: eventEndpoints.id });
    const deliveries = (status: "delivered" | "pending", from: number, to: number) => sql`
      with made as (
        insert into ${events} (type, subject_type, subject_id, occurred_at, data, fanned_out)
        select 'charge.paid', 'transaction', 'backlog-' || n, now(), '{}'::jsonb, true from generate_series(${from}::int, ${to}::int) as n
        returning id, type, occurred_at)
      insert into ${eventDeliveries} (event_id, event_type, event_occurred_at, endpoint_id, status, next_attempt_at)
      select id, type, occurred_at, ${backlogEndpoint!.id}::uuid, ${status}, now() - interval '1 minute' from made`;
    // The statistics say no delivery is due (5,000 delivered ones, none waiting), as on a server
    // between its ANALYZEs when a backlog forms (an endpoint back after hours down; PGlite analyses
    // once a minute); then 3,000 fall due.
    await db.execute(deliveries("delivered", 1, 5000));
    await db.execute(sql`analyze ${eventDeliveries}`);
    await db.execute(deliveries("pending", 5001, 8000));
    try {
      const statement = claimDueEventDeliveriesStatement({ now: new Date(), limit: 16, perEndpoint: 4, leaseMs: 60_000 });
      // EXPLAIN ANALYZE runs the claim: inside a transaction that is rolled back.
      const plan = await db
        .transaction(async (tx) => {
          const result = (await tx.execute(sql`explain (analyze, format json) ${statement}`)) as unknown as {
            rows: Record<string, unknown>[];
          };
          throw new PlanRead(result.rows[0]!["QUERY PLAN"]);
        })
        .catch((caught: unknown) => {
          if (caught instanceof PlanRead) return caught.plan;
          throw caught;
        });
      const ranking = planNodes(plan).filter((node) => node["Node Type"] === "WindowAgg");
      expect(ranking.length).toBeGreaterThan(0);
      // As `id in (select … from ranked)` the ranking ran once per due row (3,000 loops).
      for (const node of ranking) expect(node["Actual Loops"]).toBe(1);
      // And the claim itself takes the endpoint's share of the backlog.
      const claimed = await claimDueEventDeliveries(db, { now: new Date(), limit: 16, perEndpoint: 4, leaseMs: 60_000 });
      expect(claimed.map((delivery) => delivery.endpointId)).toEqual(Array(4).fill(backlogEndpoint!.id));
    } finally {
      await db.delete(eventEndpoints).where(eq(eventEndpoints.id, backlogEndpoint!.id));
    }
  });
});

/** Carries EXPLAIN's plan out of the transaction it rolls back. */
class PlanRead extends Error {
  constructor(readonly plan: unknown) {
    super("plan read");
  }
}

describe("retry schedule", () => {
  it("grows threefold from the base and reaches about three days over 12 attempts", () => {
    const waits = Array.from({ length: 11 }, (_, index) => eventRetryDelayMs(index + 1, 10_000));
    expect(waits.slice(0, 3)).toEqual([10_000, 30_000, 90_000]);
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    expect(total / 86_400_000).toBeGreaterThan(2.9);
    expect(total / 86_400_000).toBeLessThan(3.3);
  });
});
