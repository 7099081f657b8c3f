// Anonymising a payer's or recipient's personal data while keeping the books: amounts, ids,
// statuses, dates and the audit events stay; names, e-mails, documents, phones and PIX keys go —
// from the transaction's columns, its stored wallet answer, its callback bodies and its payout
// request row, and (free text) wherever an e-mail, a CPF or a phone appears. Used by the retention
// job (rows past PERSONAL_DATA_RETENTION_DAYS) and by a person's erasure request.
import { and, eq, inArray, notExists, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { anonymisedTransactions, callbackDeliveries, cashOutRequestItems, events, transactions } from "@/lib/db/schema";
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

function scrubNullable(text: string | null, identifiers: RegExp[]): string | null {
  return text === null ? null : scrubText(text, identifiers);
}

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
      .select({
        id: transactions.id,
        invoiceDescription: transactions.invoiceDescription,
        walletDescription: transactions.walletDescription,
        statusDescription: transactions.statusDescription,
        externalReference: transactions.externalReference,
        failureMessage: transactions.failureMessage,
        metadata: transactions.metadata,
        walletResponse: transactions.walletResponse,
      })
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
    for (const row of rows) {
      await tx
        .update(transactions)
        .set({
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
        })
        .where(eq(transactions.id, row.id));
    }
    const ids = rows.map((row) => row.id);
    const deliveries = await tx
      .select({ id: callbackDeliveries.id, body: callbackDeliveries.body })
      .from(callbackDeliveries)
      .where(inArray(callbackDeliveries.transactionId, ids));
    for (const delivery of deliveries) {
      await tx
        .update(callbackDeliveries)
        .set({ body: scrubJson(delivery.body, identifiers) as Record<string, unknown> })
        .where(eq(callbackDeliveries.id, delivery.id));
    }
    // Events about these transactions carry their state as it was (lib/events): scrubbed the same way.
    const subjectEvents = await tx.select({ id: events.id, data: events.data }).from(events).where(inArray(events.subjectId, ids));
    for (const event of subjectEvents) {
      await tx
        .update(events)
        .set({ data: scrubJson(event.data, identifiers) as Record<string, unknown> })
        .where(eq(events.id, event.id));
    }
    await tx.update(cashOutRequestItems).set({ pixKey: anonymisedMark }).where(inArray(cashOutRequestItems.transactionId, ids));
    await tx.insert(anonymisedTransactions).values(ids.map((transactionId) => ({ transactionId, cause, anonymisedAt: now })));
    return ids;
  });
}
