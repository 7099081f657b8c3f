// Counters, their display devices and pairing codes, as plain query functions. A counter is a
// store's till (issue #49): every read an operator makes takes the StoreScope, and another store's
// counter is as unknown as a made-up id.
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import { counterOperatorPreferences, counters, displayDevices, displayPairingCodes, transactions } from "@/lib/db/schema";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

/** The scope's counters for a "show on counter" or quick-charge choice, by name (then store). */
export async function listCounters(db: Database, stores: StoreScope) {
  return db
    .select({ id: counters.id, name: counters.name, storeId: counters.storeId })
    .from(counters)
    .where(storeScopeCondition(counters.storeId, stores))
    .orderBy(asc(counters.name), asc(counters.storeId));
}

/** A counter, if it belongs to one of the scope's stores. */
export async function findCounter(db: Database, stores: StoreScope, id: string) {
  const [counter] = await db
    .select()
    .from(counters)
    .where(and(eq(counters.id, id), storeScopeCondition(counters.storeId, stores)));
  return counter;
}

/** The counters page: the scope's counters with their default payer and their devices that are still paired. */
export async function listCountersWithDevices(db: Database, stores: StoreScope) {
  const rows = await db
    .select()
    .from(counters)
    .where(storeScopeCondition(counters.storeId, stores))
    .orderBy(asc(counters.name), asc(counters.storeId));
  if (rows.length === 0) return [];
  const devices = await db
    .select({
      id: displayDevices.id,
      counterId: displayDevices.counterId,
      userAgent: displayDevices.userAgent,
      pairedAt: displayDevices.pairedAt,
      lastSeenAt: displayDevices.lastSeenAt,
    })
    .from(displayDevices)
    .where(
      and(
        isNull(displayDevices.revokedAt),
        inArray(
          displayDevices.counterId,
          rows.map((counter) => counter.id),
        ),
      ),
    )
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

/** Creates a counter; undefined when its store already has one of that name. */
export async function createCounter(db: Database, input: typeof counters.$inferInsert) {
  const [created] = await db
    .insert(counters)
    .values(input)
    .onConflictDoNothing({ target: [counters.storeId, counters.name] })
    .returning({ id: counters.id });
  return created;
}
