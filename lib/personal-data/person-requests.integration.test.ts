// A person's requests on both databases, through the real action and route with real sessions:
// find and export (JSON, CSV) everything about one CPF; erase it — refused without a fresh step-up,
// then done: no text or JSON column of any table (read from information_schema) still holds the
// CPF in any spelling, amounts are kept, the erasure is audited with its reason and reference; a
// completed payment inside the legal record period is kept and the refusal said.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as exportPersonData } from "@/app/api/personal-data/export/route";
import { erasePersonalDataAction } from "@/lib/actions/erase-personal-data-action";
import { findPersonalDataAction } from "@/lib/actions/find-personal-data-action";
import {
  auditEvents,
  callbackDeliveries,
  callbackQuarantine,
  cashOutRequestItems,
  cashOutRequests,
  session,
  sessionActivity,
  transactions,
  user,
} from "@/lib/db/schema";
import { createSavedView, listSavedViews } from "@/lib/db/queries/saved-views";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { parseCsv } from "@/test/support/parse-csv";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

const cpf = "52998224725";
const cpfSpellings = [cpf, "529.982.247-25", "529982247-25"];
const otherCpf = "11144477735";
let database: TestDatabase;
let adminHeaders: Headers;
let financeHeaders: Headers;
let keptPaymentId = "";

async function insertTransaction(
  values: Partial<typeof transactions.$inferInsert> & { amountCents: number; kind: "CASH_IN" | "CASH_OUT" },
) {
  const [row] = await database.db
    .insert(transactions)
    .values({ creationState: "created", idempotencyKey: randomUUID(), walletTransactionId: `w-${randomUUID()}`, ...values })
    .returning({ id: transactions.id, walletTransactionId: transactions.walletTransactionId });
  return row!;
}

/** Every text, varchar and json(b) column of every table, searched for each spelling of the CPF. */
async function placesHolding(spellings: string[]): Promise<string[]> {
  const columns = (await database.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')`)) as unknown as {
    rows: Array<{ table_name: string; column_name: string }>;
  };
  expect(columns.rows.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    for (const spelling of spellings) {
      const hits = (await database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where position(${spelling} in ${sql.identifier(column)}::text) > 0`,
      )) as unknown as { rows: Array<{ n: number }> };
      if (hits.rows[0]!.n > 0) found.push(`${table}.${column} (${spelling})`);
    }
  }
  return found;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  adminHeaders = await createOperatorSession(auth, { email: "dpo.admin@example.com", role: "admin" });
  financeHeaders = await createOperatorSession(auth, { email: "dpo.finance@example.com", role: "finance" });
  const payer = { name: "Ana Titular", email: "ana.titular@example.com", document: cpf, phone: "+5511912345678" };
  // A pending charge with its wallet answer and a callback body; an expired one; a cash-out to the
  // CPF as a key; an unsent payout row; a quarantined body; an audit event naming it; an old paid
  // charge (past the legal period) — and someone else's charge that must stay as it is.
  const pending = await insertTransaction({
    kind: "CASH_IN",
    status: "PENDING",
    amountCents: 1_111,
    payerName: payer.name,
    payerEmail: payer.email,
    payerDocument: cpf,
    payerPhone: payer.phone,
    invoiceDescription: "Pedido para CPF 529.982.247-25",
    walletResponse: { id: "w", payer },
  });
  await database.db.insert(callbackDeliveries).values({
    walletTransactionId: pending.walletTransactionId!,
    transactionId: pending.id,
    status: "PENDING",
    outcome: "applied",
    body: { id: pending.walletTransactionId, payer, description: `cobrança ${cpf}` },
  });
  await insertTransaction({
    kind: "CASH_IN",
    status: "CANCELED",
    amountCents: 2_222,
    payerName: payer.name,
    payerEmail: payer.email,
    payerDocument: cpf,
  });
  await insertTransaction({ kind: "CASH_OUT", status: "FAILED", amountCents: 3_333, pixKeyType: "DOCUMENT", pixKey: cpf });
  await insertTransaction({
    kind: "CASH_IN",
    status: "SUCCEED",
    amountCents: 4_444,
    payerName: payer.name,
    payerDocument: cpf,
    createdAt: new Date(Date.now() - 6 * 365 * 24 * 3600_000),
  });
  await insertTransaction({ kind: "CASH_IN", status: "PENDING", amountCents: 9_999, payerName: "Outra Pessoa", payerDocument: otherCpf });
  const [admin] = await database.db.select().from(user).where(eq(user.email, "dpo.admin@example.com"));
  const [request] = await database.db
    .insert(cashOutRequests)
    .values({
      kind: "single",
      state: "rejected",
      idempotencyKey: randomUUID(),
      totalCents: 5_555,
      itemCount: 1,
      requestedByUserId: admin!.id,
      requestedByEmail: admin!.email,
      expiresAt: new Date(),
    })
    .returning({ id: cashOutRequests.id });
  await database.db
    .insert(cashOutRequestItems)
    .values({ requestId: request!.id, line: 1, amountCents: 5_555, pixKeyType: "DOCUMENT", pixKey: cpf, idempotencyKey: randomUUID() });
  await database.db.insert(callbackQuarantine).values({ reason: "not_json", rawBody: `document=529.982.247-25&value=10` });
  // A row as written before issue #46 (the raw query): erasure still finds and scrubs such rows.
  await database.db
    .insert(auditEvents)
    .values({ action: "personal_data.export_full", outcome: "success", details: { query: `?q=${cpf}` } });
});
afterAll(async () => {
  await database.dispose();
});

describe("a person's access request", () => {
  it("finds everything about the CPF, masked on screen, for admins only", async () => {
    requestState.headers = financeHeaders;
    expect(await findPersonalDataAction({ subject: cpf })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    requestState.headers = adminHeaders;
    const found = await findPersonalDataAction({ subject: "529.982.247-25" });
    if (!found.ok) throw new Error(found.error);
    expect(found.data.transactions.map((row) => row.amountCents).sort()).toEqual([1_111, 2_222, 3_333, 4_444]);
    expect(found.data).toMatchObject({ payoutRows: 1, callbackBodies: 1, quarantined: 1 });
    expect(JSON.stringify(found.data)).not.toContain(cpf);
    expect(JSON.stringify(found.data)).toContain("***.982.247-**");
  });

  it("exports it in full as JSON and CSV, audited with the CPF masked", async () => {
    requestState.headers = adminHeaders;
    const post = (format: string) => {
      const body = new FormData();
      body.set("subject", cpf);
      body.set("format", format);
      return exportPersonData(
        new Request("http://localhost:3999/api/personal-data/export", {
          method: "POST",
          body,
          headers: { origin: "http://localhost:3999" },
        }),
      );
    };
    const json = await post("json");
    expect(json.status).toBe(200);
    expect(json.headers.get("personal-data")).toBe("full");
    const records = (await json.json()) as {
      transactions: Array<{ payerDocument: string | null; pixKey: string | null }>;
      payoutRows: unknown[];
    };
    expect(records.transactions).toHaveLength(4);
    expect(records.transactions.every((row) => row.payerDocument === cpf || row.pixKey === cpf)).toBe(true);
    expect(records.payoutRows).toHaveLength(1);
    const csv = parseCsv((await (await post("csv")).text()).replace(/^\uFEFF/, ""));
    expect(
      csv
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(["payout_row", "transaction", "transaction", "transaction", "transaction"]);
    // In the order they happened: a reused (reset) database may return rows in another physical order.
    const audited = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "personal_data.access_export"))
      .orderBy(auditEvents.occurredAt);
    expect(audited.map((event) => event.details)).toEqual([
      { subjectKind: "document", subject: "***.982.247-**", format: "json", transactions: 4 },
      { subjectKind: "document", subject: "***.982.247-**", format: "csv", transactions: 4 },
    ]);
  });
});

describe("a person's erasure request", () => {
  const erasure = { subject: cpf, reason: "Titular pediu a eliminação por e-mail", reference: "LGPD-2026-0042" };

  it("is refused without a fresh step-up, and changes nothing", async () => {
    requestState.headers = adminHeaders;
    await database.db.update(sessionActivity).set({ steppedUpAt: null });
    expect(await erasePersonalDataAction(erasure)).toMatchObject({ ok: false, code: "STEP_UP_REQUIRED" });
    expect(await placesHolding([cpf])).not.toEqual([]);
  });

  it("leaves no trace of the CPF in any text column of any table, keeps the amounts, and is audited", async () => {
    const amountsBefore = await database.db
      .select({ id: transactions.id, amountCents: transactions.amountCents, status: transactions.status })
      .from(transactions);
    const [adminSession] = await database.db
      .select({ id: session.id })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, "dpo.admin@example.com"));
    await database.db.update(sessionActivity).set({ steppedUpAt: new Date() }).where(eq(sessionActivity.sessionId, adminSession!.id));
    // Saved ledger views whose searches name the person, and someone else (#53: a view keeps its search as typed).
    const [admin] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "dpo.admin@example.com"));
    const savedView = (name: string, query: string) =>
      createSavedView(database.db, { userId: admin!.id, list: "transactions", name, query }, 20);
    const personView = await savedView("Paula", "status=PENDING&q=529.982.247-25&sort=-amount");
    await savedView("Someone else", `q=${otherCpf}`);
    requestState.headers = adminHeaders;
    const result = await erasePersonalDataAction(erasure);
    expect(result).toMatchObject({
      ok: true,
      data: { erased: 4, kept: [], payoutRows: 1, callbackBodies: 0, quarantined: 1, auditEvents: 1, savedViewSearches: 1 },
    });
    // The view stays, without the search: its other filters and its order kept.
    expect(await listSavedViews(database.db, { userId: admin!.id, list: "transactions" })).toContainEqual({
      id: personView.ok ? personView.view.id : "",
      name: "Paula",
      query: "status=PENDING&sort=-amount",
    });

    expect(await placesHolding(cpfSpellings)).toEqual([]);
    // Someone else's data is untouched; the amounts and statuses are all kept.
    // (The customers directory is derived from the ledger: it names a person whose rows it counts.)
    expect((await placesHolding([otherCpf])).sort()).toEqual([
      "customers.document (11144477735)",
      "saved_views.query (11144477735)",
      "transactions.payer_document (11144477735)",
    ]);
    expect(
      await database.db
        .select({ id: transactions.id, amountCents: transactions.amountCents, status: transactions.status })
        .from(transactions),
    ).toEqual(expect.arrayContaining(amountsBefore));
    const erased = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "personal_data.erase"));
    // The refusal for want of a step-up, then the erasure.
    expect(erased.map((event) => event.outcome).sort()).toEqual(["refused", "success"]);
    const event = erased.find((candidate) => candidate.outcome === "success");
    expect(event).toMatchObject({ outcome: "success", actorEmail: "dpo.admin@example.com" });
    expect(event!.details).toMatchObject({
      subjectKind: "document",
      subject: "***.982.247-**",
      reason: erasure.reason,
      reference: erasure.reference,
      erased: 4,
    });
  });

  it("keeps a completed payment inside the legal record period and says so", async () => {
    keptPaymentId = (
      await insertTransaction({ kind: "CASH_IN", status: "SUCCEED", amountCents: 7_777, payerName: "Bia", payerDocument: otherCpf })
    ).id;
    requestState.headers = adminHeaders;
    const result = await erasePersonalDataAction({ subject: otherCpf, reason: "pedido do titular", reference: "LGPD-2026-0043" });
    // The saved view that searched for this person loses its search too (the kept payment does not keep it).
    expect(result).toMatchObject({ ok: true, data: { erased: 1, kept: [keptPaymentId], retentionDays: 1825, savedViewSearches: 1 } });
    expect((await placesHolding([otherCpf])).sort()).toEqual([
      "customers.document (11144477735)",
      "transactions.payer_document (11144477735)",
    ]);
    const [kept] = await database.db.select().from(transactions).where(eq(transactions.id, keptPaymentId));
    expect(kept!.payerDocument).toBe(otherCpf);
    const refused = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "personal_data.erase"));
    expect(refused.find((event) => (event.details as { keptReason?: string }).keptReason)!.details).toMatchObject({
      keptReason: "financial_record",
      kept: [keptPaymentId],
    });
  });
});
