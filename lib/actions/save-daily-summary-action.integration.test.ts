// The daily summary settings action as the Statements page's form calls it (real sessions, roles and
// database; only Next's request is faked): admins only; a time that is not HH:MM comes back as the
// field's message key, which the form shows on the time field; a valid save is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDailySummaryAction } from "@/lib/actions/save-daily-summary-action";
import { loadDailySummarySettings } from "@/lib/db/queries/daily-summary";
import { msg } from "@/lib/i18n/message";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let admin: Headers;
let finance: Headers;

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  admin = await createOperatorSession(auth, { email: "summary.admin@example.com", role: "admin" });
  finance = await createOperatorSession(auth, { email: "summary.finance@example.com", role: "finance" });
});
afterAll(async () => {
  await database.dispose();
});

describe("saveDailySummaryAction", () => {
  it("refuses a finance operator and keeps the settings", async () => {
    requestState.headers = finance;
    const result = await saveDailySummaryAction({ enabled: true, sendAt: "07:30", recipientUserIds: [] });
    expect(result).toMatchObject({ ok: false, error: msg("errors.action.roleRefused", { role: "finance" }) });
    expect(await loadDailySummarySettings(database.db)).toEqual({ enabled: false, sendAt: "08:00", recipientUserIds: [] });
  });

  it("answers a time that is not HH:MM with the time field's message key", async () => {
    requestState.headers = admin;
    for (const sendAt of ["", "8:00", "24:00"]) {
      const result = await saveDailySummaryAction({ enabled: true, sendAt, recipientUserIds: [] });
      expect(result).toMatchObject({ ok: false, fieldErrors: { sendAt: [msg("errors.dailySummary.sendAt")] } });
    }
  });

  it("stores an admin's settings", async () => {
    requestState.headers = admin;
    const settings = { enabled: true, sendAt: "06:45", recipientUserIds: ["an-operator-id"] };
    expect(await saveDailySummaryAction(settings)).toEqual({ ok: true, data: null });
    expect(await loadDailySummarySettings(database.db)).toEqual(settings);
  });
});
