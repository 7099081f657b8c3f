// A person's requests under the LGPD (art. 18): find everything held about one CPF/CNPJ, e-mail or
// phone; export it (JSON or CSV) for an access request; erase it (anonymise). What the law requires
// keeping is refused and said so (docs/decisions/personal-data.md): a payment that completed
// (SUCCEED) younger than PERSONAL_DATA_RETENTION_DAYS is a financial record; the retention job
// anonymises it when that period ends.
import { and, eq, gte, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import * as z from "@/lib/schemas/zod";
import type { Database } from "@/lib/db/client";
import { callbackDeliveries, callbackQuarantine, cashOutRequestItems, transactions } from "@/lib/db/schema";
import { msg } from "@/lib/i18n/message";
import { csvByteOrderMark, csvLine } from "@/lib/ledger/csv";
import {
  anonymisedMark,
  anonymiseTransactionBatch,
  identifierPattern,
  scrubAuditDetails,
  scrubJson,
  scrubText,
} from "@/lib/personal-data/anonymise";
import { listSavedViewsWithSearch, setSavedViewQuery } from "@/lib/db/queries/saved-views";
import { normaliseDocument } from "@/lib/vocabulary/brazilian-documents";

export type Subject = { kind: "document" | "email" | "phone"; value: string };

/** The identifier as typed: a CPF/CNPJ (any punctuation), an e-mail, or a Brazilian phone (stored as +55…). */
export const subjectSchema = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(3, { error: msg("errors.personalData.query") }),
      z.maxLength(254, { error: msg("errors.personalData.query") }),
    ),
  z.transform((text, context): Subject => {
    if (text.includes("@")) return { kind: "email", value: text.toLowerCase() };
    const document = normaliseDocument(text);
    if (/^(\d{11}|[0-9A-Z]{12}\d{2})$/.test(document) && !text.trim().startsWith("+") && !text.includes("(")) {
      return { kind: "document", value: document };
    }
    const digits = text.replace(/\D/g, "");
    if (digits.length === 10 || digits.length === 11) return { kind: "phone", value: `+55${digits}` };
    if (digits.startsWith("55") && (digits.length === 12 || digits.length === 13)) return { kind: "phone", value: `+${digits}` };
    context.issues.push({ code: "custom", message: msg("errors.personalData.query"), input: text });
    return z.NEVER;
  }),
);

function transactionMatch(subject: Subject): SQL {
  switch (subject.kind) {
    case "document":
      return or(eq(transactions.payerDocument, subject.value), eq(transactions.pixKey, subject.value))!;
    case "email":
      return or(sql`lower(${transactions.payerEmail}) = ${subject.value}`, sql`lower(${transactions.pixKey}) = ${subject.value}`)!;
    case "phone":
      return or(eq(transactions.payerPhone, subject.value), eq(transactions.pixKey, subject.value))!;
  }
}

/** Text that holds the identifier anywhere (a callback body, a quarantined body): lower-cased for e-mails. */
function textHolds(column: SQL, subject: Subject): SQL {
  return subject.kind === "email"
    ? sql`position(${subject.value} in lower(${column})) > 0`
    : sql`position(${subject.value.replace(/^\+/, "")} in regexp_replace(${column}, '[^0-9A-Za-z]', '', 'g')) > 0`;
}

const heldColumns = {
  id: transactions.id,
  kind: transactions.kind,
  status: transactions.status,
  creationState: transactions.creationState,
  amountCents: transactions.amountCents,
  payerName: transactions.payerName,
  payerEmail: transactions.payerEmail,
  payerDocument: transactions.payerDocument,
  payerPhone: transactions.payerPhone,
  pixKeyType: transactions.pixKeyType,
  pixKey: transactions.pixKey,
  invoiceDescription: transactions.invoiceDescription,
  externalReference: transactions.externalReference,
  createdAt: transactions.createdAt,
};

export type PersonRecords = {
  subject: Subject;
  transactions: Array<Awaited<ReturnType<typeof findTransactions>>[number]>;
  /** Payout rows never sent (their transaction is in `transactions` otherwise). */
  payoutRows: Array<{ id: string; amountCents: number; pixKeyType: string; pixKey: string; requestId: string }>;
  /** Callback bodies and quarantined bodies that name the person (their ids and when). */
  callbackDeliveries: Array<{ id: string; transactionId: string | null; receivedAt: Date }>;
  quarantined: Array<{ id: string; receivedAt: Date }>;
};

function findTransactions(db: Database, subject: Subject) {
  return db.select(heldColumns).from(transactions).where(transactionMatch(subject)).orderBy(transactions.createdAt);
}

/** Everything held about the person, in full (for the access request itself and its export). */
export async function findPersonRecords(db: Database, subject: Subject): Promise<PersonRecords> {
  const [found, payoutRows, deliveries, quarantined] = await Promise.all([
    findTransactions(db, subject),
    db
      .select({
        id: cashOutRequestItems.id,
        amountCents: cashOutRequestItems.amountCents,
        pixKeyType: cashOutRequestItems.pixKeyType,
        pixKey: cashOutRequestItems.pixKey,
        requestId: cashOutRequestItems.requestId,
      })
      .from(cashOutRequestItems)
      .where(and(isNull(cashOutRequestItems.transactionId), textHolds(sql`${cashOutRequestItems.pixKey}`, subject))),
    db
      .select({ id: callbackDeliveries.id, transactionId: callbackDeliveries.transactionId, receivedAt: callbackDeliveries.receivedAt })
      .from(callbackDeliveries)
      .where(textHolds(sql`${callbackDeliveries.body}::text`, subject)),
    db
      .select({ id: callbackQuarantine.id, receivedAt: callbackQuarantine.receivedAt })
      .from(callbackQuarantine)
      .where(textHolds(sql`${callbackQuarantine.rawBody}`, subject)),
  ]);
  return { subject, transactions: found, payoutRows, callbackDeliveries: deliveries, quarantined };
}

export const personCsvColumns = [
  "record",
  "id",
  "kind",
  "status",
  "amount_cents",
  "payer_name",
  "payer_email",
  "payer_document",
  "payer_phone",
  "pix_key_type",
  "pix_key",
  "description",
  "external_reference",
  "created_at_utc",
] as const;

/** The access request's CSV: one line per transaction and per unsent payout row. */
export function personRecordsCsv(records: PersonRecords): string {
  const lines = records.transactions.map((row) =>
    csvLine([
      "transaction",
      row.id,
      row.kind,
      row.status ?? row.creationState,
      row.amountCents,
      row.payerName,
      row.payerEmail,
      row.payerDocument,
      row.payerPhone,
      row.pixKeyType,
      row.pixKey,
      row.invoiceDescription,
      row.externalReference,
      row.createdAt.toISOString(),
    ]),
  );
  for (const row of records.payoutRows) {
    lines.push(
      csvLine([
        "payout_row",
        row.id,
        "CASH_OUT",
        "not_sent",
        row.amountCents,
        null,
        null,
        null,
        null,
        row.pixKeyType,
        row.pixKey,
        null,
        null,
        null,
      ]),
    );
  }
  return csvByteOrderMark + csvLine(personCsvColumns) + lines.join("");
}

export type ErasureOutcome = {
  /** Transactions anonymised now. */
  erased: number;
  /** Completed payments kept as financial records (refused): their ids. */
  kept: string[];
  payoutRows: number;
  callbackBodies: number;
  quarantined: number;
  auditEvents: number;
  /** Saved views whose search named the person (the search taken out). */
  savedViewSearches: number;
};

/**
 * Anonymises everything held about the person but the completed payments the law requires keeping
 * (SUCCEED and younger than `retentionDays`), whose ids come back in `kept`.
 */
export async function erasePerson(
  db: Database,
  subject: Subject,
  { retentionDays, now = new Date() }: { retentionDays: number; now?: Date },
): Promise<ErasureOutcome> {
  const keptSince = new Date(now.getTime() - retentionDays * 24 * 3600_000);
  const mustKeep = and(eq(transactions.status, "SUCCEED"), gte(transactions.createdAt, keptSince));
  const kept = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(transactionMatch(subject), mustKeep));
  const keptIds = kept.map((row) => row.id);
  const identifiers = [identifierPattern(subject.value), ...(subject.kind === "phone" ? [identifierPattern(subject.value.slice(3))] : [])];
  const erasable = keptIds.length > 0 ? and(transactionMatch(subject), sql`not (${mustKeep})`)! : transactionMatch(subject);
  // The audit details that name the person (the same scrub the retention job runs for each
  // transaction it anonymises); first, so the count is this request's.
  const auditEventsScrubbed = await scrubAuditDetails(
    db,
    subject.kind === "phone" ? [subject.value, subject.value.slice(3)] : [subject.value],
  );
  let erased = 0;
  for (;;) {
    const ids = await anonymiseTransactionBatch(db, { where: erasable, cause: "erasure", identifiers, now });
    erased += ids.length;
    if (ids.length < 200) break;
  }
  const keptCondition = keptIds.length > 0 ? inArray(callbackDeliveries.transactionId, keptIds) : sql`false`;
  // Whatever else names the person: unsent payout rows, callback bodies not of a kept payment,
  // quarantined bodies (the audit details went first, above).
  const payoutRows = await db
    .update(cashOutRequestItems)
    .set({ pixKey: anonymisedMark })
    .where(and(isNull(cashOutRequestItems.transactionId), textHolds(sql`${cashOutRequestItems.pixKey}`, subject)))
    .returning({ id: cashOutRequestItems.id });
  let callbackBodies = 0;
  const bodies = await db
    .select({ id: callbackDeliveries.id, body: callbackDeliveries.body })
    .from(callbackDeliveries)
    .where(
      and(
        textHolds(sql`${callbackDeliveries.body}::text`, subject),
        or(isNull(callbackDeliveries.transactionId), sql`not (${keptCondition})`),
      ),
    );
  for (const delivery of bodies) {
    await db
      .update(callbackDeliveries)
      .set({ body: scrubJson(delivery.body, identifiers) as Record<string, unknown> })
      .where(eq(callbackDeliveries.id, delivery.id));
    callbackBodies += 1;
  }
  const quarantinedRows = await db
    .select({ id: callbackQuarantine.id, rawBody: callbackQuarantine.rawBody })
    .from(callbackQuarantine)
    .where(textHolds(sql`${callbackQuarantine.rawBody}`, subject));
  for (const row of quarantinedRows) {
    await db
      .update(callbackQuarantine)
      .set({ rawBody: scrubText(row.rawBody, identifiers) })
      .where(eq(callbackQuarantine.id, row.id));
  }
  // A saved view keeps the ledger search its owner typed, which can be this person's document,
  // e-mail or name: the search goes (the view keeps its other filters, sort and columns).
  let savedViewSearches = 0;
  for (const view of await listSavedViewsWithSearch(db)) {
    const params = new URLSearchParams(view.query);
    const search = params.get("q");
    const namesThePerson = (pattern: RegExp) => {
      pattern.lastIndex = 0;
      return pattern.test(search ?? "");
    };
    if (search === null || !identifiers.some(namesThePerson)) continue;
    params.delete("q");
    await setSavedViewQuery(db, view.id, params.toString());
    savedViewSearches += 1;
  }
  return {
    erased,
    kept: keptIds,
    payoutRows: payoutRows.length,
    callbackBodies,
    quarantined: quarantinedRows.length,
    auditEvents: auditEventsScrubbed,
    savedViewSearches,
  };
}
