// The alert settings and notification actions called directly, as a script could: role checks,
// every field's error, the signing secret returned once and stored, audit, and per-operator reads.
import { inEnglish } from "@/test/support/in-english";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markNotificationsReadAction } from "@/lib/actions/mark-notifications-read-action";
import { updateAlertChannelsAction } from "@/lib/actions/update-alert-channels-action";
import { updateAlertRulesAction } from "@/lib/actions/update-alert-rules-action";
import { loadRuleSettings } from "@/lib/alerts/rules";
import { countUnreadNotifications, listNotifications } from "@/lib/db/queries/notifications";
import { replaceOperatorStoreGrants } from "@/lib/db/queries/operator-stores";
import { alertChannels, alertIncidents, auditEvents, FIRST_STORE_ID, notifications, stores, user } from "@/lib/db/schema";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let adminHeaders: Headers;
let viewerHeaders: Headers;

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  adminHeaders = await createOperatorSession(auth, { email: "admin@example.com", role: "admin" });
  viewerHeaders = await createOperatorSession(auth, { email: "viewer@example.com", role: "viewer" });
});
afterAll(async () => {
  await database.dispose();
});

const channels = {
  emailEnabled: true,
  emailRecipients: "finance@example.com, ops@example.com",
  webhookEnabled: true,
  webhookUrl: "https://hooks.example.com/alerts",
  rotateSecret: false,
};

describe("alert settings actions", () => {
  it("refuse a viewer and change nothing", async () => {
    requestState.headers = viewerHeaders;
    expect(await updateAlertRulesAction({ rules: [{ rule: "cash_out_unknown", enabled: false, threshold: 5 }] })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    expect(await updateAlertChannelsAction(channels)).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await database.db.select().from(alertChannels)).toHaveLength(0);
    expect((await loadRuleSettings(database.db)).cash_out_unknown).toMatchObject({ enabled: true, threshold: 15 });
  });

  it("save an admin's rules, and report an out-of-range threshold on its field", async () => {
    requestState.headers = adminHeaders;
    const bad = await updateAlertRulesAction({
      rules: [
        { rule: "cash_out_unknown", enabled: true, threshold: 0 },
        { rule: "callbacks_silent", enabled: true, threshold: 99_999 },
      ],
    });
    expect(inEnglish(bad)).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      fieldErrors: {
        "rules.0.threshold": ["Enter a whole number from 1 to 1440."],
        "rules.1.threshold": ["Enter a whole number from 5 to 1440."],
      },
    });
    const good = await updateAlertRulesAction({
      rules: [
        { rule: "cash_out_unknown", enabled: true, threshold: 5 },
        { rule: "cash_out_failed", enabled: false, threshold: null },
      ],
    });
    expect(good.ok).toBe(true);
    const settings = await loadRuleSettings(database.db);
    expect(settings.cash_out_unknown).toMatchObject({ enabled: true, threshold: 5 });
    expect(settings.cash_out_failed.enabled).toBe(false);
    expect(settings.callbacks_silent).toMatchObject({ enabled: true, threshold: 30 });
  });

  it("report every bad channel field at once", async () => {
    requestState.headers = adminHeaders;
    const result = await updateAlertChannelsAction({
      ...channels,
      emailRecipients: "finance@, ops",
      webhookUrl: "ftp://hooks.example.com",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual(["emailRecipients", "webhookUrl"]);
  });

  it("create the webhook signing secret once, return it that once, and keep it until asked for a new one", async () => {
    requestState.headers = adminHeaders;
    const first = await updateAlertChannelsAction(channels);
    expect(first.ok).toBe(true);
    const secret = first.ok ? first.data.newSigningSecret : undefined;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [stored] = await database.db.select().from(alertChannels).where(eq(alertChannels.kind, "webhook"));
    expect(stored).toMatchObject({ enabled: true, target: channels.webhookUrl, signingSecret: secret });

    const again = await updateAlertChannelsAction(channels);
    expect(again.ok && again.data.newSigningSecret).toBeFalsy();
    const rotated = await updateAlertChannelsAction({ ...channels, rotateSecret: true });
    expect(rotated.ok && rotated.data.newSigningSecret).toMatch(/^whsec_/);
    expect(rotated.ok && rotated.data.newSigningSecret).not.toBe(secret);

    const audits = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "alerts.updateChannels"));
    expect(audits.filter((event) => event.outcome === "success")).toHaveLength(3);
    expect(audits.filter((event) => event.outcome === "refused")).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain("whsec_");
  });
});

describe("mark as read", () => {
  it("is per operator, idempotent, and refuses a malformed id", async () => {
    const db = database.db;
    const ids: string[] = [];
    for (const key of ["a", "b", "c"]) {
      const [incident] = await db
        .insert(alertIncidents)
        .values({ rule: "cash_out_failed", incidentKey: `${key}-${randomUUID()}`, href: "/transactions" })
        .returning();
      const [notification] = await db.insert(notifications).values({ incidentId: incident!.id }).returning();
      ids.push(notification!.id);
    }
    const [admin] = await db.select().from(user).where(eq(user.email, "admin@example.com"));
    const [viewer] = await db.select().from(user).where(eq(user.email, "viewer@example.com"));

    requestState.headers = viewerHeaders;
    expect(await markNotificationsReadAction({ ids: ["not-an-id"] })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(await markNotificationsReadAction({ ids: [ids[0]!] })).toMatchObject({ ok: true, data: { changed: 1 } });
    expect(await markNotificationsReadAction({ ids: [ids[0]!] })).toMatchObject({ ok: true, data: { changed: 0 } });
    expect(await countUnreadNotifications(db, viewer!.id)).toBe(2);
    expect(await countUnreadNotifications(db, admin!.id)).toBe(3);

    requestState.headers = adminHeaders;
    expect(await markNotificationsReadAction({ all: true })).toMatchObject({ ok: true, data: { changed: 3 } });
    expect(await countUnreadNotifications(db, admin!.id)).toBe(0);
    expect(await countUnreadNotifications(db, viewer!.id)).toBe(2);
  });
});

describe("notifications per store (issue #49)", () => {
  it("shows a store's to the operators granted it, and the merchant's to those of every store only", async () => {
    const db = database.db;
    const [storeB] = await db.insert(stores).values({ name: "Loja B", payerFacingName: "Loja B" }).returning({ id: stores.id });
    const notify = async (storeId: string | null) => {
      const [incident] = await db
        .insert(alertIncidents)
        .values({ rule: "cash_out_failed", incidentKey: `store-${randomUUID()}`, href: "/transactions", storeId })
        .returning();
      const [notification] = await db.insert(notifications).values({ incidentId: incident!.id, storeId }).returning();
      return notification!.id;
    };
    const ofB = await notify(storeB!.id);
    const ofA = await notify(FIRST_STORE_ID);
    const merchants = await notify(null);
    const [admin] = await db.select().from(user).where(eq(user.email, "admin@example.com"));
    const [viewer] = await db.select().from(user).where(eq(user.email, "viewer@example.com"));
    await replaceOperatorStoreGrants(db, viewer!.id, [storeB!.id], "test");
    try {
      const before = await countUnreadNotifications(db, viewer!.id);
      const seen = (await listNotifications(db, viewer!.id)).map((item) => item.id);
      expect(seen).toContain(ofB);
      expect(seen).not.toContain(ofA);
      expect(seen).not.toContain(merchants);
      // Marking "all" (or another store's by id) reads only what the operator sees.
      requestState.headers = viewerHeaders;
      expect(await markNotificationsReadAction({ ids: [ofA, merchants] })).toMatchObject({ ok: true, data: { changed: 0 } });
      expect(await markNotificationsReadAction({ all: true })).toMatchObject({ ok: true, data: { changed: before } });
      expect(await countUnreadNotifications(db, viewer!.id)).toBe(0);
      const everything = (await listNotifications(db, admin!.id)).map((item) => item.id);
      expect(everything).toEqual(expect.arrayContaining([ofA, ofB, merchants]));
    } finally {
      await replaceOperatorStoreGrants(db, viewer!.id, null, "test");
    }
  });
});
