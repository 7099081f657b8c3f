// The alert job end to end on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set), with a real local SMTP server and webhook receiver: each rule fires once per incident and
// again only for a new one; e-mails and signed webhooks arrive with the right content; a failing
// webhook is retried with backoff and every attempt is logged; two instances send each alert once.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runAlertJob, type AlertJobOptions } from "@/lib/alerts/alert-job";
import { maxDeliveryAttempts, retryDelayMs, sendDueDeliveries } from "@/lib/alerts/deliver";
import { checkRules, loadRuleSettings } from "@/lib/alerts/rules";
import { generateWebhookSecret } from "@/lib/alerts/webhook-secret";
import { openDatabase, type Database } from "@/lib/db/client";
import { saveApprovalPolicy } from "@/lib/db/queries/approval-policy";
import {
  alertChannels,
  alertDeliveries,
  alertDeliveryAttempts,
  alertIncidents,
  alertRules,
  callbackDeliveries,
  notifications,
  transactions,
} from "@/lib/db/schema";
import { emailBodyText, startSmtpReceiver, startWebhookReceiver } from "@/test/support/alert-receivers";
import { createScratchPostgresDatabase } from "@/test/support/scratch-postgres";
import { dashboardMigrations, openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let webhookSecret: string;
let clock: Date;

const minutes = (n: number) => n * 60_000;
const ago = (ms: number) => new Date(clock.getTime() - ms);

function jobOptions(overrides: Partial<AlertJobOptions> = {}): AlertJobOptions {
  return {
    appUrl: "https://dashboard.example",
    email: { smtpUrl: smtp.url, from: "alerts@example.com" },
    retryBaseMs: 1_000,
    now: () => clock,
    ...overrides,
  };
}

async function configureChannels(db: Database, webhookUrl: string) {
  await db.insert(alertChannels).values([
    { kind: "email", enabled: true, target: "finance@example.com, ops@example.com" },
    { kind: "webhook", enabled: true, target: webhookUrl, signingSecret: webhookSecret },
  ]);
}

async function seedTransaction(db: Database, values: Partial<typeof transactions.$inferInsert>): Promise<string> {
  const id = randomUUID();
  await db.insert(transactions).values({
    id,
    kind: "CASH_OUT",
    creationState: "created",
    status: "PENDING",
    amountCents: 12_345,
    idempotencyKey: randomUUID(),
    ...values,
  });
  return id;
}

async function seedDelivery(db: Database, values: Partial<typeof callbackDeliveries.$inferInsert>): Promise<string> {
  const id = randomUUID();
  await db
    .insert(callbackDeliveries)
    .values({ id, walletTransactionId: `wtx_${id}`, status: "SUCCEED", outcome: "applied", body: {}, receivedAt: clock, ...values });
  return id;
}

async function incidentsOf(db: Database, rule: string) {
  return db
    .select()
    .from(alertIncidents)
    .where(eq(alertIncidents.rule, rule as never));
}

beforeAll(async () => {
  // The webhook receiver runs on 127.0.0.1, which the outbound-URL guard refuses by default.
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE_ADDRESSES", "true");
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await smtp.close();
});

beforeEach(async () => {
  database = await openTestDatabase();
  webhook = await startWebhookReceiver();
  webhookSecret = generateWebhookSecret();
  clock = new Date();
  smtp.messages.length = 0;
});
afterEach(async () => {
  await webhook.close();
  await database.dispose();
});

describe("each rule fires once per incident, and again only for a new one", () => {
  it("a cash-out with unknown outcome alerts once it is older than the threshold, once", async () => {
    const db = database.db;
    const young = await seedTransaction(db, { creationState: "outcome_unknown", status: null, createdAt: ago(minutes(5)) });
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(0);

    clock = new Date(clock.getTime() + minutes(11)); // now 16 minutes old; the default threshold is 15
    const first = await runAlertJob(db, jobOptions());
    expect(first.opened).toHaveLength(1);
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(0);
    const [incident] = await incidentsOf(db, "cash_out_unknown");
    expect(incident).toMatchObject({ incidentKey: young, href: `/transactions/${young}` });

    const another = await seedTransaction(db, { creationState: "outcome_unknown", status: null, createdAt: ago(minutes(20)) });
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(1);
    expect((await incidentsOf(db, "cash_out_unknown")).map((row) => row.incidentKey).sort()).toEqual([young, another].sort());
  });

  it("an admin's threshold replaces the default, and a disabled rule does not fire", async () => {
    const db = database.db;
    await seedTransaction(db, { creationState: "outcome_unknown", status: null, createdAt: ago(minutes(5)) });
    await db.insert(alertRules).values({ rule: "cash_out_unknown", enabled: false, threshold: 3 });
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(0);
    await db.update(alertRules).set({ enabled: true }).where(eq(alertRules.rule, "cash_out_unknown"));
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(1);
  });

  it("no callback while charges are pending alerts once per silence; a callback ends it and a later silence is new", async () => {
    const db = database.db;
    await seedTransaction(db, { kind: "CASH_IN", createdAt: ago(minutes(45)) });
    const first = await runAlertJob(db, jobOptions());
    expect(first.opened).toHaveLength(1);
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(0);

    await seedDelivery(db, { receivedAt: clock });
    clock = new Date(clock.getTime() + minutes(10));
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(0);

    clock = new Date(clock.getTime() + minutes(25)); // 35 minutes after the last callback
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(1);
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(0);
    expect((await incidentsOf(db, "callbacks_silent")).map((row) => row.incidentKey.startsWith("since:"))).toEqual([true, true]);
  });

  it("no pending charge, no silence alert", async () => {
    const db = database.db;
    await seedTransaction(db, { kind: "CASH_IN", status: "SUCCEED", createdAt: ago(minutes(90)) });
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(0);
  });

  it("each rejected or unmatched delivery alerts once; applied ones never do", async () => {
    const db = database.db;
    await seedDelivery(db, { outcome: "applied" });
    const unmatched = await seedDelivery(db, { outcome: "unmatched" });
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(1);
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(0);
    // `rejected` comes with the callback-binding work; the column is text, so it can be written already.
    await db.execute(
      sql`insert into callback_deliveries (wallet_transaction_id, status, outcome, body, received_at) values ('wtx_x', 'SUCCEED', 'rejected', '{}', ${clock.toISOString()}::timestamptz)`,
    );
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(1);
    const incidents = await incidentsOf(db, "delivery_rejected");
    expect(incidents.map((row) => row.details.outcome).sort()).toEqual(["rejected", "unmatched"]);
    expect(incidents.find((row) => row.details.outcome === "unmatched")?.incidentKey).toBe(unmatched);
  });

  it("a failed cash-out alerts once; a failed cash-in does not", async () => {
    const db = database.db;
    const failed = await seedTransaction(db, { status: "FAILED", statusChangedAt: clock });
    await seedTransaction(db, { kind: "CASH_IN", status: "FAILED", statusChangedAt: clock });
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(1);
    expect((await runAlertJob(db, jobOptions())).opened).toHaveLength(0);
    expect((await incidentsOf(db, "cash_out_failed")).map((row) => row.incidentKey)).toEqual([failed]);
  });

  it("the daily-limit rule is skipped as not configured while no limits exist", async () => {
    const result = await checkRules(database.db, await loadRuleSettings(database.db), clock);
    expect(result.skipped).toContainEqual({ rule: "daily_limit_near", reason: "limits_not_configured" });
  });

  it("the daily-limit rule fires once per limit and day when today's cash-outs reach the threshold", async () => {
    const db = database.db;
    const operator = { createdByUserId: "op-1", createdByEmail: "fin@example.com" };
    await saveApprovalPolicy(
      db,
      { approvalThresholdCents: null, operatorDailyLimitCents: 100_000, merchantDailyLimitCents: 1_000_000, requestLifetimeMinutes: 60 },
      null,
    );
    // 70% of the operator's limit: below the default 80% threshold, nothing fires.
    await seedTransaction(db, { ...operator, amountCents: 70_000, createdAt: clock });
    expect(
      (await checkRules(db, await loadRuleSettings(db), clock)).candidates.filter((candidate) => candidate.rule === "daily_limit_near"),
    ).toEqual([]);
    // 85%: the operator's limit fires (the merchant's, at 8.5%, does not), once.
    await seedTransaction(db, { ...operator, amountCents: 15_000, createdAt: clock });
    await runAlertJob(db, jobOptions());
    await runAlertJob(db, jobOptions());
    const incidents = await incidentsOf(db, "daily_limit_near");
    expect(incidents).toHaveLength(1);
    expect(incidents[0]!.incidentKey).toMatch(/^\d{4}-\d{2}-\d{2}:operator fin@example\.com$/);
  });

  it("each incident gets one in-app notification", async () => {
    const db = database.db;
    await seedTransaction(db, { status: "FAILED", statusChangedAt: clock });
    await seedTransaction(db, { status: "FAILED", statusChangedAt: clock });
    await runAlertJob(db, jobOptions());
    await runAlertJob(db, jobOptions());
    expect(await db.select().from(notifications)).toHaveLength(2);
  });
});

describe("channels", () => {
  it("sends the e-mail and a signed Slack-compatible webhook once, with the incident's content", async () => {
    const db = database.db;
    await configureChannels(db, webhook.url);
    const failed = await seedTransaction(db, { status: "FAILED", statusChangedAt: clock, amountCents: 6_666 });
    await runAlertJob(db, jobOptions());
    await runAlertJob(db, jobOptions());

    expect(smtp.messages).toHaveLength(1);
    const [email] = smtp.messages;
    expect(email!.from).toBe("alerts@example.com");
    expect(email!.to.sort()).toEqual(["finance@example.com", "ops@example.com"]);
    expect(email!.raw).toContain("Subject: [Wallet Dashboard] A cash-out failed");
    const body = emailBodyText(email!.raw);
    expect(body).toContain(`https://dashboard.example/transactions/${failed}`);
    expect(body).toContain("Um saque falhou");
    expect(body).toContain("R$\u00a066,66");

    expect(webhook.requests).toHaveLength(1);
    const [request] = webhook.requests;
    const headers = {
      "webhook-id": String(request!.headers["webhook-id"]),
      "webhook-timestamp": String(request!.headers["webhook-timestamp"]),
      "webhook-signature": String(request!.headers["webhook-signature"]),
    };
    // Verification with the receiver's copy of the secret (the official Standard Webhooks library).
    const payload = new Webhook(webhookSecret).verify(request!.body, headers) as {
      text: string;
      alert: { rule: string; details: Record<string, unknown>; url: string };
    };
    expect(payload.text).toContain("A cash-out failed");
    expect(payload.alert).toMatchObject({
      rule: "cash_out_failed",
      details: { transactionId: failed, amountCents: 6_666 },
      url: `https://dashboard.example/transactions/${failed}`,
    });
    expect(() => new Webhook(generateWebhookSecret()).verify(request!.body, headers)).toThrow();

    const deliveries = await db.select().from(alertDeliveries);
    expect(deliveries.map((row) => [row.channel, row.status, row.attempts]).sort()).toEqual([
      ["email", "sent", 1],
      ["webhook", "sent", 1],
    ]);
  });

  it("a failing webhook is retried with doubling delays, every attempt logged, until it is accepted", async () => {
    const db = database.db;
    await webhook.close();
    webhook = await startWebhookReceiver([500, 503, 200]);
    await db.insert(alertChannels).values({ kind: "webhook", enabled: true, target: webhook.url, signingSecret: webhookSecret });
    await seedTransaction(db, { status: "FAILED", statusChangedAt: clock });

    await runAlertJob(db, jobOptions());
    expect(webhook.requests).toHaveLength(1);
    // Not due yet: the first retry waits the base delay.
    clock = new Date(clock.getTime() + retryDelayMs(1, 1_000) - 10);
    await runAlertJob(db, jobOptions());
    expect(webhook.requests).toHaveLength(1);
    clock = new Date(clock.getTime() + 20);
    await runAlertJob(db, jobOptions());
    expect(webhook.requests).toHaveLength(2);
    clock = new Date(clock.getTime() + retryDelayMs(2, 1_000));
    await runAlertJob(db, jobOptions());
    expect(webhook.requests).toHaveLength(3);
    clock = new Date(clock.getTime() + minutes(60));
    await runAlertJob(db, jobOptions());
    expect(webhook.requests).toHaveLength(3);

    // The same message id on every try, so the receiver can recognise a repeat.
    expect(new Set(webhook.requests.map((request) => request.headers["webhook-id"])).size).toBe(1);
    const attempts = await db.select().from(alertDeliveryAttempts).orderBy(alertDeliveryAttempts.attempt);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.ok, attempt.responseStatus])).toEqual([
      [1, false, 500],
      [2, false, 503],
      [3, true, 200],
    ]);
    expect(attempts[0]!.error).toBe("The webhook answered HTTP 500.");
    const [delivery] = await db.select().from(alertDeliveries);
    expect(delivery).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("gives up after the last attempt and keeps the delivery as failed", async () => {
    const db = database.db;
    await webhook.close();
    webhook = await startWebhookReceiver([500]);
    await db.insert(alertChannels).values({ kind: "webhook", enabled: true, target: webhook.url, signingSecret: webhookSecret });
    await seedTransaction(db, { status: "FAILED", statusChangedAt: clock });
    for (let run = 0; run < maxDeliveryAttempts + 2; run += 1) {
      await runAlertJob(db, jobOptions());
      clock = new Date(clock.getTime() + minutes(120));
    }
    expect(webhook.requests).toHaveLength(maxDeliveryAttempts);
    const [delivery] = await db.select().from(alertDeliveries);
    expect(delivery).toMatchObject({ status: "failed", attempts: maxDeliveryAttempts, lastError: "The webhook answered HTTP 500." });
  });

  it("an e-mail channel without an SMTP server logs why each attempt failed", async () => {
    const db = database.db;
    await db.insert(alertChannels).values({ kind: "email", enabled: true, target: "finance@example.com" });
    await seedTransaction(db, { status: "FAILED", statusChangedAt: clock });
    await runAlertJob(db, jobOptions({ email: { from: "alerts@example.com" } }));
    const [attempt] = await db.select().from(alertDeliveryAttempts);
    expect(attempt).toMatchObject({ ok: false, error: "No SMTP server is configured (ALERT_SMTP_URL)." });
  });
});

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("two app instances on PostgreSQL", () => {
  it("send each alert exactly once, whether they run the job or the sender at the same moment", async () => {
    const scratch = await createScratchPostgresDatabase("wallet_alerts_two");
    const first = await openDatabase({ kind: "postgres", url: scratch.url, connectTimeoutMs: 5_000 });
    const second = await openDatabase({ kind: "postgres", url: scratch.url, connectTimeoutMs: 5_000 });
    try {
      await Promise.all([
        first.migrate(dashboardMigrations.folder, dashboardMigrations.table),
        second.migrate(dashboardMigrations.folder, dashboardMigrations.table),
      ]);
      await configureChannels(first.db, webhook.url);
      for (let n = 0; n < 8; n += 1) await seedTransaction(first.db, { status: "FAILED", statusChangedAt: clock });

      // Both instances' jobs at once, several times over: the lease lets one run at a time.
      await Promise.all(
        Array.from({ length: 6 }, (_, n) => runAlertJob(n % 2 ? first.db : second.db, jobOptions({ holder: `instance-${n % 2}` }))),
      );
      // And the senders alone, racing on the same due rows: the row claim keeps each to one sender.
      await Promise.all([sendDueDeliveries(first.db, jobOptions()), sendDueDeliveries(second.db, jobOptions())]);
      while ((await runAlertJob(first.db, jobOptions())).attempted > 0);

      expect(await first.db.select().from(alertIncidents)).toHaveLength(8);
      expect(webhook.requests).toHaveLength(8);
      expect(new Set(webhook.requests.map((request) => request.headers["webhook-id"])).size).toBe(8);
      expect(smtp.messages).toHaveLength(8);
    } finally {
      await first.close();
      await second.close();
      await scratch.drop();
    }
  });

  it("two instances' senders claiming due rows concurrently never both send one", async () => {
    const scratch = await createScratchPostgresDatabase("wallet_alerts_claim");
    const first = await openDatabase({ kind: "postgres", url: scratch.url, connectTimeoutMs: 5_000 });
    const second = await openDatabase({ kind: "postgres", url: scratch.url, connectTimeoutMs: 5_000 });
    try {
      await first.migrate(dashboardMigrations.folder, dashboardMigrations.table);
      await configureChannels(first.db, webhook.url);
      await first.db.delete(alertChannels).where(eq(alertChannels.kind, "email"));
      for (let n = 0; n < 30; n += 1) await seedTransaction(first.db, { status: "FAILED", statusChangedAt: clock });
      await runAlertJob(first.db, jobOptions({ email: { from: "x@example.com" }, now: () => new Date(0) }));
      await first.db.update(alertDeliveries).set({ nextAttemptAt: clock, attempts: 0, status: "pending" });
      await first.db.delete(alertDeliveryAttempts);
      webhook.requests.length = 0;
      const sends = await Promise.all(
        [1, 2, 3, 4].map((n) => sendDueDeliveries(n % 2 ? first.db : second.db, jobOptions({ batchSize: 5 }))),
      );
      while ((await sendDueDeliveries(second.db, jobOptions())) > 0);
      expect(sends.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(30);
      expect(webhook.requests).toHaveLength(30);
      expect(new Set(webhook.requests.map((request) => request.headers["webhook-id"])).size).toBe(30);
    } finally {
      await first.close();
      await second.close();
      await scratch.drop();
    }
  });
});
