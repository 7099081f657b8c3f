// The daily summary on a real database and a real local SMTP server (smtp-server): sent at the
// chosen time with yesterday's totals, failures, attention items and the statement's link, to the
// chosen operators only; not before the time, not when off; once a day with two instances (two
// connection pools on one PostgreSQL database; on PGlite, two callers on the one connection).
import { dictionaries } from "@/lib/i18n/messages";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDailySummary } from "@/lib/daily-summary/daily-summary";
import { openDatabase } from "@/lib/db/client";
import { saveDailySummarySettings } from "@/lib/db/queries/daily-summary";
import { operatorStoreGrants, stores, transactions, user } from "@/lib/db/schema";
import { saoPauloDayRange } from "@/lib/vocabulary/sao-paulo-dates";
import { emailBodyText, startSmtpReceiver } from "@/test/support/alert-receivers";
import { createScratchPostgresDatabase } from "@/test/support/scratch-postgres";
import { dashboardMigrations, openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
// 09:30 in São Paulo on 2026-11-26: "yesterday" is 2026-11-25.
const now = new Date("2026-11-26T12:30:00Z");
const yesterday = "2026-11-25";

async function seed(db: TestDatabase["db"]) {
  const ids = { finance: randomUUID(), viewer: randomUUID() };
  await db.insert(user).values([
    { id: ids.finance, name: "Fin", email: "fin@example.com", emailVerified: true, role: "finance" },
    { id: ids.viewer, name: "View", email: "view@example.com", emailVerified: true, role: "viewer" },
  ]);
  const { start } = saoPauloDayRange(yesterday);
  const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000);
  await db.insert(transactions).values([
    {
      kind: "CASH_IN",
      creationState: "created",
      status: "SUCCEED",
      amountCents: 20_000,
      tax: "200",
      createdAt: at(9),
      idempotencyKey: randomUUID(),
    },
    { kind: "CASH_OUT", creationState: "created", status: "SUCCEED", amountCents: 5_000, createdAt: at(10), idempotencyKey: randomUUID() },
    { kind: "CASH_OUT", creationState: "created", status: "FAILED", amountCents: 7_000, createdAt: at(11), idempotencyKey: randomUUID() },
    {
      kind: "CASH_IN",
      creationState: "outcome_unknown",
      status: null,
      amountCents: 1_000,
      createdAt: at(12),
      idempotencyKey: randomUUID(),
    },
    // Today: not in yesterday's summary.
    { kind: "CASH_IN", creationState: "created", status: "SUCCEED", amountCents: 99_900, createdAt: now, idempotencyKey: randomUUID() },
  ]);
  return ids;
}

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp?.close();
  await database?.dispose();
});

describe("the daily summary", () => {
  it("waits for its time, then sends yesterday's figures once to the chosen operators", async () => {
    const ids = await seed(database.db);
    const options = {
      appUrl: "https://dashboard.example",
      email: { smtpUrl: smtp.url, from: "books@example.com" },
      taxUnit: "cents" as const,
      now,
    };
    expect(await runDailySummary(database.db, options)).toEqual({ sent: false, reason: "disabled" });
    await saveDailySummarySettings(database.db, { enabled: true, sendAt: "10:00", recipientUserIds: [ids.finance] });
    expect(await runDailySummary(database.db, options)).toEqual({ sent: false, reason: "not_yet" });
    await saveDailySummarySettings(database.db, { enabled: true, sendAt: "09:00", recipientUserIds: [ids.finance] });

    // Two callers at the same moment: one sends, the other finds the day claimed.
    const runs = await Promise.all([
      runDailySummary(database.db, { ...options, holder: "a" }),
      runDailySummary(database.db, { ...options, holder: "b" }),
    ]);
    expect(runs.filter((run) => run.sent)).toHaveLength(1);
    expect(runs.map((run) => run.reason ?? "sent").sort()).toEqual(["claimed_elsewhere", "sent"]);
    expect(await runDailySummary(database.db, options)).toMatchObject({ sent: false, reason: "claimed_elsewhere" });
    await expect.poll(() => smtp.messages.length).toBe(1);
    const [message] = smtp.messages;
    expect(message!.to).toEqual(["fin@example.com"]);
    const body = emailBodyText(message!.raw).replace(/\s+/g, " ");
    expect(body).toContain("Settled cash-in: 1 · R$ 200,00");
    expect(body).toContain("Settled cash-out: 1 · R$ 50,00");
    expect(body).toContain("Fees: R$ 2,00");
    expect(body).toContain(`${dictionaries.en["statement.net"]}: R$ 148,00`);
    expect(body).toContain("Failures: 1 · R$ 70,00");
    expect(body).toContain("Need attention (pending or outcome unknown): 1");
    expect(body).toContain(`https://dashboard.example/statements?day=${yesterday}`);
    expect(body).not.toContain("999,00");
  });
});

describe("the daily summary with several stores (issue #49)", () => {
  it("sends each recipient their own stores' figures only, and the merchant's admin each store's line", async () => {
    const db = database.db;
    // Another day than the test above: 2026-11-27 in São Paulo.
    const later = new Date("2026-11-28T12:30:00Z");
    const { start } = saoPauloDayRange("2026-11-27");
    const [branch] = await db.insert(stores).values({ name: "Loja Centro", payerFacingName: "Loja Centro" }).returning({ id: stores.id });
    const ids = { admin: randomUUID(), cashier: randomUUID() };
    await db.insert(user).values([
      { id: ids.admin, name: "Adm", email: "adm@example.com", emailVerified: true, role: "admin" },
      { id: ids.cashier, name: "Cai", email: "caixa@example.com", emailVerified: true, role: "finance" },
    ]);
    await db.insert(operatorStoreGrants).values({ userId: ids.cashier, storeId: branch!.id });
    const settled = (amountCents: number, storeId?: string) => ({
      kind: "CASH_IN" as const,
      creationState: "created" as const,
      status: "SUCCEED" as const,
      amountCents,
      createdAt: new Date(start.getTime() + 10 * 3_600_000),
      idempotencyKey: randomUUID(),
      ...(storeId ? { storeId } : {}),
    });
    // The first store R$ 300,00; Loja Centro R$ 45,00.
    await db.insert(transactions).values([settled(30_000), settled(4_500, branch!.id)]);
    await saveDailySummarySettings(db, { enabled: true, sendAt: "09:00", recipientUserIds: [ids.admin, ids.cashier] });
    const before = smtp.messages.length;
    const options = {
      appUrl: "https://dashboard.example",
      email: { smtpUrl: smtp.url, from: "books@example.com" },
      taxUnit: "cents" as const,
    };
    expect(await runDailySummary(db, { ...options, now: later })).toEqual({ sent: true, day: "2026-11-27" });
    await expect.poll(() => smtp.messages.length).toBe(before + 2);
    const mails = smtp.messages.slice(before).map((message) => ({ to: message.to, body: emailBodyText(message.raw).replace(/\s+/g, " ") }));
    const cashier = mails.find((mail) => mail.to.includes("caixa@example.com"))!;
    const admin = mails.find((mail) => mail.to.includes("adm@example.com"))!;
    expect(cashier.to).toEqual(["caixa@example.com"]);
    expect(cashier.body).toContain("Stores: Loja Centro");
    expect(cashier.body).toContain("Lojas: Loja Centro");
    expect(cashier.body).toContain("Settled cash-in: 1 · R$ 45,00");
    expect(cashier.body).not.toContain("300,00");
    expect(cashier.body).not.toContain("345,00");
    expect(admin.to).toEqual(["adm@example.com"]);
    expect(admin.body).toContain(`Stores: ${dictionaries.en["statement.storesAll"]}`);
    expect(admin.body).toContain("Settled cash-in: 2 · R$ 345,00");
    expect(admin.body).toContain(
      `Loja Centro: settled cash-in R$ 45,00 · settled cash-out R$ 0,00 · ${dictionaries.en["statement.net"]}: R$ 45,00`,
    );
    expect(admin.body).toMatch(/: settled cash-in R\$ 300,00 · settled cash-out R\$ 0,00/);
  });
});

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("two instances on PostgreSQL", () => {
  it("send the day's summary once", async () => {
    const scratch = await createScratchPostgresDatabase("wallet_summary_two");
    const first = await openDatabase({ kind: "postgres", url: scratch.url, connectTimeoutMs: 5_000 });
    const second = await openDatabase({ kind: "postgres", url: scratch.url, connectTimeoutMs: 5_000 });
    const receiver = await startSmtpReceiver();
    try {
      await first.migrate(dashboardMigrations.folder, dashboardMigrations.table);
      const ids = await seed(first.db as TestDatabase["db"]);
      await saveDailySummarySettings(first.db, { enabled: true, sendAt: "08:00", recipientUserIds: [ids.finance, ids.viewer] });
      const options = {
        appUrl: "https://dashboard.example",
        email: { smtpUrl: receiver.url, from: "books@example.com" },
        taxUnit: "cents" as const,
        now,
      };
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, n) => runDailySummary(n % 2 ? first.db : second.db, { ...options, holder: `instance-${n % 2}` })),
      );
      expect(runs.filter((run) => run.sent)).toHaveLength(1);
      await expect.poll(() => receiver.messages.length).toBe(1);
      expect(receiver.messages[0]!.to.sort()).toEqual(["fin@example.com", "view@example.com"]);
    } finally {
      await receiver.close();
      await first.close();
      await second.close();
      await scratch.drop();
    }
  });
});
