// Anonymising a payer's or recipient's personal data while keeping the books: amounts, ids,
// statuses, dates and the audit events stay; names, e-mails, documents, phones and PIX keys go —
// from the transaction's columns, its stored wallet answer, its callback bodies and its payout
// request row, and (free text) wherever an e-mail, a CPF or a phone appears. Used by the retention
// job (rows past PERSONAL_DATA_RETENTION_DAYS) and by a person's erasure request.
import { and, eq, inArray, ne, notExists, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { anonymisedTransactions, auditEvents, callbackDeliveries, cashOutRequestItems, events, transactions } from "@/lib/db/schema";
import { updateEachById } from "@/lib/db/queries/update-each";
import { cpfInText, emailInText, phoneInText } from "@/lib/vocabulary/personal-data-masks";

/** What replaces a value that cannot be NULL (a payout row's key) and personal data inside free text. */
export const anonymisedMark = "[anonimizado]";

// The wallet's payer object (spec 2.2) and the dashboard's own names for the same fields.
const personalKeys = new Set([
  "name",
  "email",
  "document",
  "phone",
  "payerName",
  "payerEmail",
  "payerDocument",
  "payerPhone",
  "pixKey",
  "key",
]);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The ways one identifier may be written in free text: as typed, and for a CPF/CNPJ or a phone its
 * digits with any punctuation between them ("123.456.789-09", "12345678909", "+55 11 98765-4321").
 */
export function identifierPattern(identifier: string): RegExp {
  const digits = identifier.replace(/\D/g, "");
  const byDigits = digits.length >= 8 ? digits.split("").join("[\\s.()/+-]*") : null;
  const spelled = escapeRegExp(identifier.trim());
  return new RegExp(byDigits ? `(${spelled}|${byDigits})` : spelled, "gi");
}

/** Free text with every e-mail, CPF and +55 phone (and the given identifiers) replaced by the mark. */
export function scrubText(text: string, identifiers: RegExp[] = []): string {
  let scrubbed = text;
  for (const pattern of identifiers) scrubbed = scrubbed.replace(pattern, anonymisedMark);
  return scrubbed.replace(emailInText, anonymisedMark).replace(phoneInText, anonymisedMark).replace(cpfInText, anonymisedMark);
}

/** A stored JSON document with its personal fields removed and its free text scrubbed. */
export function scrubJson(value: unknown, identifiers: RegExp[] = [], key?: string): unknown {
  if (key !== undefined && personalKeys.has(key) && value !== null && typeof value !== "object") return anonymisedMark;
  if (typeof value === "string") return scrubText(value, identifiers);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, identifiers));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, scrubJson(inner, identifiers, name)]));
  }
  return value;
}

/**
 * Scrubs the audit details that name any of these people (an e-mail, a document, a phone, a PIX
 * key, as stored on a transaction or typed for a request): the events stay, the identifiers in
 * their details go (scrubJson). The one scrub of the audit log, used by the retention job (through
 * anonymiseTransactionBatch, for each transaction it anonymises) and by a person's erasure. New
 * events hold no personal data in full (lib/audit.ts masks on write); this covers older rows and
 * anything a mask let through. The erasure's own event (its masked subject) is left as it is.
 * One scan of the table per call, whatever the number of people. Returns how many it changed.
 */
export async function scrubAuditDetails(db: Pick<Database, "select" | "execute">, identifiers: string[]): Promise<number> {
  const needles = auditNeedles(identifiers);
  if (needles.lowered.length === 0 && needles.alphanumeric.length === 0) return 0;
  const like = (column: SQL, patterns: string[]) =>
    patterns.length === 0
      ? sql`false`
      : sql`${column} like any (array[${sql.join(
          patterns.map((pattern) => sql`${pattern}`),
          sql`, `,
        )}]::text[])`;
  const rows = await db
    .select({ id: auditEvents.id, details: auditEvents.details })
    .from(auditEvents)
    .where(
      and(
        ne(auditEvents.action, "personal_data.erase"),
        sql`(${like(sql`lower(${auditEvents.details}::text)`, needles.lowered)} or ${like(
          sql`regexp_replace(${auditEvents.details}::text, '[^0-9A-Za-z]', '', 'g')`,
          needles.alphanumeric,
        )})`,
      ),
    );
  const patterns = identifiers.filter((value) => value.trim().length >= 6).map(identifierPattern);
  const changed = rows.flatMap((row) => {
    const details = scrubJson(row.details, patterns) as Record<string, unknown>;
    return JSON.stringify(details) === JSON.stringify(row.details) ? [] : [{ id: row.id, values: { details } }];
  });
  await updateEachById(db, auditEvents, auditEvents.id, { details: auditEvents.details }, changed);
  return changed.length;
}

/** The LIKE patterns that find an identifier in stored JSON: an e-mail (or any text) lower-cased, a
 * document or phone by its letters and digits alone (so any punctuation matches), a +55 phone also
 * without its country code. Short values are left out: they would match unrelated rows. */
function auditNeedles(identifiers: string[]): { lowered: string[]; alphanumeric: string[] } {
  const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;
  const lowered = new Set<string>();
  const alphanumeric = new Set<string>();
  for (const identifier of identifiers) {
    const value = identifier.trim();
    if (value.includes("@")) {
      if (value.length >= 6) lowered.add(containing(value.toLowerCase()));
      continue;
    }
    const plain = value.replace(/[^0-9A-Za-z]/g, "");
    if (plain.length < 8) continue;
    alphanumeric.add(containing(plain));
    if (/^\+55\d{10,11}$/.test(value)) alphanumeric.add(containing(plain.slice(2)));
  }
  return { lowered: [...lowered], alphanumeric: [...alphanumeric] };
}

function scrubNullable(text: string | null, identifiers: RegExp[]): string | null {
  return text === null ? null : scrubText(text, identifiers);
}

/** A transaction's columns the anonymisation writes: the personal ones cleared, the free texts scrubbed. */
const anonymisedColumns = {
  payerName: transactions.payerName,
  payerEmail: transactions.payerEmail,
  payerDocument: transactions.payerDocument,
  payerPhone: transactions.payerPhone,
  pixKey: transactions.pixKey,
  invoiceDescription: transactions.invoiceDescription,
  walletDescription: transactions.walletDescription,
  statusDescription: transactions.statusDescription,
  externalReference: transactions.externalReference,
  failureMessage: transactions.failureMessage,
  metadata: transactions.metadata,
  walletResponse: transactions.walletResponse,
};

/**
 * Anonymises up to `limit` transactions matching `where` that are not anonymised yet, in one
 * database transaction per call; returns their ids. Call again until it returns fewer than `limit`.
 */
export async function anonymiseTransactionBatch(
  db: Database,
  {
    where,
    cause,
    identifiers = [],
    limit = 200,
    now = new Date(),
  }: {
    where: SQL;
    cause: "retention" | "erasure";
    identifiers?: RegExp[];
    limit?: number;
    now?: Date;
  },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: transactions.id, ...anonymisedColumns })
      .from(transactions)
      .where(
        and(
          where,
          notExists(
            tx.select({ one: sql`1` }).from(anonymisedTransactions).where(eq(anonymisedTransactions.transactionId, transactions.id)),
          ),
        ),
      )
      .orderBy(transactions.createdAt, transactions.id)
      .limit(limit)
      .for("update", { of: transactions, skipLocked: true });
    if (rows.length === 0) return [];
    // Each row's scrubbed texts, all in one statement (lib/db/queries/update-each.ts).
    await updateEachById(
      tx,
      transactions,
      transactions.id,
      anonymisedColumns,
      rows.map((row) => ({
        id: row.id,
        values: {
          payerName: null,
          payerEmail: null,
          payerDocument: null,
          payerPhone: null,
          pixKey: null,
          invoiceDescription: scrubNullable(row.invoiceDescription, identifiers),
          walletDescription: scrubNullable(row.walletDescription, identifiers),
          statusDescription: scrubNullable(row.statusDescription, identifiers),
          externalReference: scrubNullable(row.externalReference, identifiers),
          failureMessage: scrubNullable(row.failureMessage, identifiers),
          metadata: scrubJson(row.metadata, identifiers) as typeof row.metadata,
          walletResponse: row.walletResponse === null ? null : (scrubJson(row.walletResponse, identifiers) as Record<string, unknown>),
        },
      })),
    );
    const ids = rows.map((row) => row.id);
    const deliveries = await tx
      .select({ id: callbackDeliveries.id, body: callbackDeliveries.body })
      .from(callbackDeliveries)
      .where(inArray(callbackDeliveries.transactionId, ids));
    await updateEachById(
      tx,
      callbackDeliveries,
      callbackDeliveries.id,
      { body: callbackDeliveries.body },
      deliveries.map((delivery) => ({
        id: delivery.id,
        values: { body: scrubJson(delivery.body, identifiers) as Record<string, unknown> },
      })),
    );
    // Events about these transactions carry their state as it was (lib/events): scrubbed the same way.
    // Their subject is a charge or a cash-out (the ledger's trigger, migration 0013), named so the
    // subject index serves the read: by the id alone it read every event (issue #52, stop 58).
    const subjectEvents = await tx
      .select({ id: events.id, data: events.data })
      .from(events)
      .where(and(inArray(events.subjectType, ["charge", "cash_out"]), inArray(events.subjectId, ids)));
    await updateEachById(
      tx,
      events,
      events.id,
      { data: events.data },
      subjectEvents.map((event) => ({ id: event.id, values: { data: scrubJson(event.data, identifiers) as Record<string, unknown> } })),
    );
    await tx.update(cashOutRequestItems).set({ pixKey: anonymisedMark }).where(inArray(cashOutRequestItems.transactionId, ids));
    // The audit log's details that name these payers or recipients (the same scrub as an erasure's).
    await scrubAuditDetails(
      tx,
      rows.flatMap((row) =>
        [row.payerEmail, row.payerDocument, row.payerPhone, row.pixKey].filter((value): value is string => Boolean(value)),
      ),
    );
    await tx.insert(anonymisedTransactions).values(ids.map((transactionId) => ({ transactionId, cause, anonymisedAt: now })));
    return ids;
  });
}
