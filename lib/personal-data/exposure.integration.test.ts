// The role matrix of docs/personal-data.md held against the real data-shaping layer, with real
// sessions on both databases: every role gets lists, live answers, the Overview and exports masked;
// "show" gives finance and admin the full line and is audited, and is refused to QA and viewers;
// an export in full only for the roles PERSONAL_DATA_FULL_EXPORT_ROLES names (default admin).
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportPayoutResults } from "@/app/api/cash-out-requests/[id]/results/route";
import { GET as getTransactionStatus } from "@/app/api/transactions/[id]/status/route";
import { GET as exportCsv } from "@/app/api/transactions/export/route";
import { GET as getStatuses } from "@/app/api/transactions/statuses/route";
import { revealPersonalDataAction } from "@/lib/actions/reveal-personal-data-action";
import { readRequestListLiveState, readRequestLiveState } from "@/lib/cash-out/request-live-state";
import { listCashOutRequests } from "@/lib/db/queries/cash-out-requests";
import { listRecentCashOuts } from "@/lib/db/queries/cash-outs";
import { listLedgerPage } from "@/lib/db/queries/ledger";
import { summariseLedger } from "@/lib/db/queries/overview";
import { findReconciliationProblems } from "@/lib/db/queries/reconciliation";
import { auditEvents, cashOutRequestItems, cashOutRequests, transactions, user } from "@/lib/db/schema";
import { exposureOf } from "@/lib/personal-data/exposure";
import { operatorRoles } from "@/lib/vocabulary/operator-roles";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

const payer = { email: "maria.souza@example.com", document: "12345678909", phone: "+5511987654321" };
const recipientCpf = "98765432100";
/** What must never appear outside "show" and an allowed full export (digits compared without punctuation). */
const fullValues = [payer.email, payer.document, "11987654321", recipientCpf];

function holdsFullPersonalData(value: unknown): string[] {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const digits = text.replace(/[.\-\s/]/g, "");
  return fullValues.filter((full) => text.includes(full) || digits.includes(full));
}

let database: TestDatabase;
const headersOf: Record<string, Headers> = {};
let cashInId = "";
let cashOutId = "";
let requestId = "";

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  for (const role of operatorRoles) headersOf[role] = await createOperatorSession(auth, { email: `${role}.pd@example.com`, role });
  const old = new Date(Date.now() - 3 * 24 * 3600_000);
  const [cashIn] = await database.db
    .insert(transactions)
    .values({
      kind: "CASH_IN",
      creationState: "created",
      status: "PENDING",
      amountCents: 5_000,
      payerName: "Maria Souza",
      payerEmail: payer.email,
      payerDocument: payer.document,
      payerPhone: payer.phone,
      expiresAt: old,
      idempotencyKey: randomUUID(),
    })
    .returning({ id: transactions.id });
  cashInId = cashIn!.id;
  const [cashOut] = await database.db
    .insert(transactions)
    .values({
      kind: "CASH_OUT",
      creationState: "outcome_unknown",
      amountCents: 7_000,
      pixKeyType: "DOCUMENT",
      pixKey: recipientCpf,
      idempotencyKey: randomUUID(),
      createdAt: old,
    })
    .returning({ id: transactions.id });
  cashOutId = cashOut!.id;
  const [admin] = await database.db.select().from(user).where(eq(user.email, "admin.pd@example.com"));
  const [request] = await database.db
    .insert(cashOutRequests)
    .values({
      kind: "single",
      state: "awaiting_approval",
      idempotencyKey: randomUUID(),
      totalCents: 7_000,
      itemCount: 1,
      requestedByUserId: admin!.id,
      requestedByEmail: admin!.email,
      expiresAt: new Date(Date.now() + 3600_000),
    })
    .returning({ id: cashOutRequests.id });
  requestId = request!.id;
  await database.db
    .insert(cashOutRequestItems)
    .values({ requestId, line: 1, amountCents: 7_000, pixKeyType: "EMAIL", pixKey: payer.email, idempotencyKey: randomUUID() });
});
afterAll(async () => {
  await database.dispose();
});

describe("lists, live answers and the Overview: masked for every role", () => {
  it("masks the ledger page, recent cash-outs, reconciliation and approvals lists", async () => {
    const page = await listLedgerPage(database.db, merchantWideScope(), {});
    expect(page.rows).toHaveLength(2);
    const searched = await listLedgerPage(database.db, merchantWideScope(), { search: payer.email });
    expect(searched.rows.map((row) => row.id)).toEqual([cashInId]);
    expect(searched.rows[0]!.payerEmail).toBe("m**********@example.com");
    const outOfList = await listLedgerPage(database.db, merchantWideScope(), { search: "987.654.321-00" });
    expect(outOfList.rows.map((row) => row.id)).toEqual([cashOutId]);
    expect(outOfList.rows[0]!.pixKey).toBe("***.654.321-**");
    const reconciliation = await findReconciliationProblems(database.db, merchantWideScope(), { olderThan: new Date(), now: new Date() });
    const lists = [
      page,
      searched,
      outOfList,
      await listRecentCashOuts(database.db, merchantWideScope()),
      reconciliation.unsettled.rows,
      reconciliation.expired.rows,
      await listCashOutRequests(database.db, merchantWideScope()),
    ];
    for (const list of lists) expect(holdsFullPersonalData(list)).toEqual([]);
    // Masked, not dropped: the lists still say who.
    expect(JSON.stringify(lists)).toContain("***.654.321-**");
    expect(JSON.stringify(await listCashOutRequests(database.db, merchantWideScope()))).toContain("m**********@example.com");
  });

  it("answers the status, statuses and request live endpoints and the Overview without personal data", async () => {
    for (const role of operatorRoles) {
      requestState.headers = headersOf[role]!;
      const status = await getTransactionStatus(new Request(`http://localhost/api/transactions/${cashInId}/status`), {
        params: Promise.resolve({ id: cashInId }),
      });
      expect(status.status).toBe(200);
      expect(holdsFullPersonalData(await status.text())).toEqual([]);
      const statuses = await getStatuses(new Request(`http://localhost/api/transactions/statuses?ids=${cashInId},${cashOutId}`));
      expect(statuses.status).toBe(200);
      expect(holdsFullPersonalData(await statuses.text())).toEqual([]);
    }
    expect(holdsFullPersonalData(await readRequestLiveState(database.db, merchantWideScope(), requestId))).toEqual([]);
    expect(holdsFullPersonalData(await readRequestListLiveState(database.db, merchantWideScope()))).toEqual([]);
    // The Overview's figures are kept per hour (rollups): a range on whole hours.
    const hour = 3_600_000;
    const thisHour = Math.floor(Date.now() / hour) * hour;
    const day = { start: new Date(thisHour - 7 * 24 * hour), end: new Date(thisHour + hour) };
    expect(holdsFullPersonalData(await summariseLedger(database.db, merchantWideScope(), day))).toEqual([]);
  });
});

describe("show in full on a detail page", () => {
  it("follows the matrix: finance and admin may ask, QA and viewers never", () => {
    expect(Object.fromEntries(operatorRoles.map((role) => [role, exposureOf("detail", role)]))).toEqual({
      admin: "reveal-on-request",
      finance: "reveal-on-request",
      qa: "masked",
      viewer: "masked",
    });
    for (const surface of ["list", "overview", "live", "display", "notification"] as const) {
      for (const role of operatorRoles) expect(exposureOf(surface, role)).toBe("masked");
    }
  });

  it("gives finance and admin the full line, audited each time, and refuses QA and viewers (audited)", async () => {
    for (const role of operatorRoles) {
      requestState.headers = headersOf[role]!;
      const cashInLine = await revealPersonalDataAction({ transactionId: cashInId });
      const cashOutLine = await revealPersonalDataAction({ transactionId: cashOutId });
      const email = `${role}.pd@example.com`;
      const audited = await database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, "personal_data.reveal"), eq(auditEvents.actorEmail, email)));
      if (role === "admin" || role === "finance") {
        expect(cashInLine).toEqual({
          ok: true,
          data: { text: "Maria Souza · maria.souza@example.com · 123.456.789-09 · +55 11 98765-4321" },
        });
        expect(cashOutLine).toEqual({ ok: true, data: { text: "987.654.321-00" } });
        expect(audited.map((event) => [event.outcome, event.targetId]).sort()).toEqual(
          [
            ["success", cashInId],
            ["success", cashOutId],
          ].sort(),
        );
        expect(audited.find((event) => event.targetId === cashInId)!.details).toEqual({
          kind: "CASH_IN",
          fields: ["payerEmail", "payerDocument", "payerPhone"],
        });
      } else {
        expect(cashInLine).toMatchObject({ ok: false, code: "FORBIDDEN" });
        expect(cashOutLine).toMatchObject({ ok: false, code: "FORBIDDEN" });
        expect(audited.map((event) => event.outcome)).toEqual(["refused", "refused"]);
      }
    }
  });
});

describe("exports", () => {
  it("are masked for every role by default and say so in their header", async () => {
    for (const role of operatorRoles) {
      requestState.headers = headersOf[role]!;
      const response = await exportCsv(new Request("http://localhost/api/transactions/export?format=standard"));
      expect(response.status).toBe(200);
      expect(response.headers.get("personal-data")).toBe("masked");
      const body = await response.text();
      expect(holdsFullPersonalData(body)).toEqual([]);
      expect(body).toContain("m**********@example.com");
      expect(body).toContain("***.456.789-**");
    }
    requestState.headers = headersOf.finance!;
    const results = await exportPayoutResults(new Request(`http://localhost/api/cash-out-requests/${requestId}/results`), {
      params: Promise.resolve({ id: requestId }),
    });
    expect(results.headers.get("personal-data")).toBe("masked");
    expect(holdsFullPersonalData(await results.text())).toEqual([]);
  });

  it("are in full only for the roles the setting names (default admin), audited either way", async () => {
    for (const role of operatorRoles) {
      requestState.headers = headersOf[role]!;
      const response = await exportCsv(new Request("http://localhost/api/transactions/export?format=standard&personalData=full"));
      const audited = await database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, "personal_data.export_full"), eq(auditEvents.actorEmail, `${role}.pd@example.com`)));
      if (role === "admin") {
        expect(response.status).toBe(200);
        expect(response.headers.get("personal-data")).toBe("full");
        expect(response.headers.get("content-disposition")).toMatch(/-personal-data\.csv"$/);
        const body = await response.text();
        expect(body).toContain(payer.email);
        expect(body).toContain(recipientCpf);
        expect(audited.map((event) => event.outcome)).toEqual(["success"]);
      } else {
        expect(response.status).toBe(403);
        expect(holdsFullPersonalData(await response.text())).toEqual([]);
        expect(audited.map((event) => event.outcome)).toEqual(["refused"]);
      }
    }
  });

  it("with a search for a CPF or an e-mail, leave no identifier in any audit row (issue #46)", async () => {
    requestState.headers = headersOf.admin!;
    for (const q of [payer.document, "123.456.789-09", payer.email]) {
      const response = await exportCsv(
        new Request(`http://localhost/api/transactions/export?format=standard&personalData=full&q=${encodeURIComponent(q)}`),
      );
      expect(response.status).toBe(200);
      await response.text();
    }
    const rows = await database.db.select().from(auditEvents);
    const stored = JSON.stringify(rows.map((row) => row.details));
    expect(stored).not.toContain(payer.document);
    expect(stored).not.toContain("123.456.789-09");
    expect(stored).not.toContain(payer.email);
    expect(holdsFullPersonalData(stored)).toEqual([]);
    const searches = rows
      .filter((row) => row.action === "personal_data.export_full" && (row.details as { search?: unknown }).search)
      .map((row) => row.details);
    expect(searches).toEqual([
      { export: "transactions", role: "admin", filters: ["format", "q"], search: "***.456.789-**" },
      { export: "transactions", role: "admin", filters: ["format", "q"], search: "***.456.789-**" },
      { export: "transactions", role: "admin", filters: ["format", "q"], search: "m**********@example.com" },
    ]);
  });

  it("follows PERSONAL_DATA_FULL_EXPORT_ROLES", async () => {
    const { parseConfig } = await import("@/lib/config");
    const base = { BETTER_AUTH_SECRET: "x".repeat(32), CALLBACK_SECRET: "y".repeat(32), WALLET_API_TOKEN: "z".repeat(12) };
    expect(parseConfig(base).personalData.unmaskedExportRoles).toEqual(["admin"]);
    expect(parseConfig({ ...base, PERSONAL_DATA_FULL_EXPORT_ROLES: "admin,finance" }).personalData.unmaskedExportRoles).toEqual([
      "admin",
      "finance",
    ]);
    expect(parseConfig({ ...base, PERSONAL_DATA_FULL_EXPORT_ROLES: "none" }).personalData.unmaskedExportRoles).toEqual([]);
    expect(() => parseConfig({ ...base, PERSONAL_DATA_FULL_EXPORT_ROLES: "boss" })).toThrow(/PERSONAL_DATA_FULL_EXPORT_ROLES/);
  });
});
