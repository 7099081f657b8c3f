// Counters, their display devices and pairing codes, as plain query functions.
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { counterOperatorPreferences, counters, displayDevices, displayPairingCodes, transactions } from "@/lib/db/schema";

export async function listCounters(db: Database) {
  return db.select({ id: counters.id, name: counters.name }).from(counters).orderBy(asc(counters.name));
}

export async function findCounter(db: Database, id: string) {
  const [counter] = await db.select().from(counters).where(eq(counters.id, id));
  return counter;
}

/** The counters page: every counter with its default payer and its devices that are still paired. */
export async function listCountersWithDevices(db: Database) {
  const rows = await db.select().from(counters).orderBy(asc(counters.name));
  const devices = await db
    .select({
      id: displayDevices.id,
      counterId: displayDevices.counterId,
      userAgent: displayDevices.userAgent,
      pairedAt: displayDevices.pairedAt,
      lastSeenAt: displayDevices.lastSeenAt,
    })
    .from(displayDevices)
    .where(isNull(displayDevices.revokedAt))
    .orderBy(desc(displayDevices.pairedAt));
  return rows.map((counter) => ({ ...counter, devices: devices.filter((device) => device.counterId === counter.id) }));
}

/** The active (not revoked) device holding this session token hash, with its counter. */
export async function findActiveDisplayDevice(db: Database, sessionTokenHash: string) {
  const [row] = await db
    .select({ id: displayDevices.id, counterId: displayDevices.counterId, lastSeenAt: displayDevices.lastSeenAt })
    .from(displayDevices)
    .where(and(eq(displayDevices.sessionTokenHash, sessionTokenHash), isNull(displayDevices.revokedAt)));
  return row;
}

export async function touchDisplayDevice(db: Database, deviceId: string, at: Date) {
  await db.update(displayDevices).set({ lastSeenAt: at }).where(eq(displayDevices.id, deviceId));
}

/** Marks a code used and returns its counter, only if it is unused and not expired (atomic: one device per code). */
export async function consumePairingCode(db: Database, codeHash: string, now: Date) {
  const [row] = await db
    .update(displayPairingCodes)
    .set({ usedAt: now })
    .where(and(eq(displayPairingCodes.codeHash, codeHash), isNull(displayPairingCodes.usedAt), gt(displayPairingCodes.expiresAt, now)))
    .returning({ counterId: displayPairingCodes.counterId });
  return row;
}

/** What a counter's displays show: the counter and its current charge (payer-visible fields only). */
export async function findCounterDisplay(db: Database, counterId: string) {
  const [row] = await db
    .select({
      counterName: counters.name,
      transactionId: transactions.id,
      amountCents: transactions.amountCents,
      codeCopyPaste: transactions.codeCopyPaste,
      expiresAt: transactions.expiresAt,
      status: transactions.status,
      statusChangedAt: transactions.statusChangedAt,
      creationState: transactions.creationState,
      shownAt: counters.currentShownAt,
    })
    .from(counters)
    .leftJoin(transactions, eq(transactions.id, counters.currentTransactionId))
    .where(eq(counters.id, counterId));
  return row;
}

export async function findCounterPreference(db: Database, userId: string) {
  const [row] = await db
    .select({ counterId: counterOperatorPreferences.counterId })
    .from(counterOperatorPreferences)
    .where(eq(counterOperatorPreferences.userId, userId));
  return row?.counterId ?? null;
}

/**
 * Remembers the operator's counter choice. Only a different choice is written: most charges repeat
 * the last one, and on embedded PGlite each write costs the server's own thread milliseconds while
 * the charge is being created.
 */
export async function saveCounterPreference(db: Database, userId: string, counterId: string | null) {
  await db
    .insert(counterOperatorPreferences)
    .values({ userId, counterId, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: counterOperatorPreferences.userId,
      set: { counterId, updatedAt: new Date() },
      setWhere: sql`${counterOperatorPreferences.counterId} is distinct from excluded.counter_id`,
    });
}

/** Creates a counter; undefined when the name is taken. */
export async function createCounter(db: Database, input: typeof counters.$inferInsert) {
  const [created] = await db.insert(counters).values(input).onConflictDoNothing({ target: counters.name }).returning({ id: counters.id });
  return created;
}
