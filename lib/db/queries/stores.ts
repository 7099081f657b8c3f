// The merchant's stores (issue #49): what the wallet resolver (lib/stores/wallet-for-store.ts) and the
// credential rotation (lib/stores/rotate-credentials.ts) read and write. The token's ciphertext is
// read only by those two; pages get `StoreSummary`, which has its last 4 characters and nothing more.
import { and, asc, eq, isNotNull, ne } from "drizzle-orm";
import type { Database } from "../client";
import { type StoreRecord, stores } from "../schema";

export type StoreConnection = Pick<StoreRecord, "id" | "walletBaseUrl" | "walletTokenCiphertext" | "walletTokenKeyId">;
export type StoreSummary = Omit<
  StoreRecord,
  "walletTokenCiphertext" | "walletTokenKeyId" | "cashOutDailyLimitCents" | "approvalThresholdCents"
>;

/** What a store's wallet connection is read as (never its last 4 or name: only what calling it needs). */
const connectionColumns = {
  id: stores.id,
  walletBaseUrl: stores.walletBaseUrl,
  walletTokenCiphertext: stores.walletTokenCiphertext,
  walletTokenKeyId: stores.walletTokenKeyId,
};

export async function findStoreConnection(db: Database, storeId: string): Promise<StoreConnection | null> {
  const [row] = await db.select(connectionColumns).from(stores).where(eq(stores.id, storeId));
  return row ?? null;
}

/** A store as pages see it: no ciphertext, the token's last 4 only. */
const summaryColumns = {
  id: stores.id,
  name: stores.name,
  holderDocument: stores.holderDocument,
  payerFacingName: stores.payerFacingName,
  timeZoneName: stores.timeZoneName,
  walletBaseUrl: stores.walletBaseUrl,
  walletTokenLast4: stores.walletTokenLast4,
  createdAt: stores.createdAt,
  updatedAt: stores.updatedAt,
};

export async function listStores(db: Database): Promise<StoreSummary[]> {
  return db.select(summaryColumns).from(stores).orderBy(asc(stores.createdAt), asc(stores.id));
}

/** Stores whose token was sealed under another key than `currentKeyId` (what a rotation has to do). */
export async function findConnectionsNotUnderKey(db: Database, currentKeyId: string): Promise<StoreConnection[]> {
  return db
    .select(connectionColumns)
    .from(stores)
    .where(and(isNotNull(stores.walletTokenCiphertext), ne(stores.walletTokenKeyId, currentKeyId)));
}

/** Replaces a sealed token only if it is still the one read (a concurrent edit wins; the next rotation sees it). */
export async function replaceSealedToken(
  db: Database,
  storeId: string,
  previousCiphertext: string,
  sealed: { ciphertext: string; keyId: string },
): Promise<boolean> {
  const updated = await db
    .update(stores)
    .set({ walletTokenCiphertext: sealed.ciphertext, walletTokenKeyId: sealed.keyId })
    .where(and(eq(stores.id, storeId), eq(stores.walletTokenCiphertext, previousCiphertext)))
    .returning({ id: stores.id });
  return updated.length === 1;
}

/** Inserts a store with a connection already sealed (the admin page's action will call this). */
export async function insertStore(
  db: Database,
  values: Pick<StoreRecord, "name" | "holderDocument" | "payerFacingName" | "timeZoneName"> &
    Partial<Pick<StoreRecord, "id" | "walletBaseUrl" | "walletTokenCiphertext" | "walletTokenKeyId" | "walletTokenLast4">>,
): Promise<string> {
  const [row] = await db.insert(stores).values(values).returning({ id: stores.id });
  return row!.id;
}

/** One store as pages see it (no ciphertext), or null. */
export async function findStoreSummary(db: Database, storeId: string): Promise<StoreSummary | null> {
  const [row] = await db.select(summaryColumns).from(stores).where(eq(stores.id, storeId));
  return row ?? null;
}

/** A store's own cash-out rules (null: the merchant's threshold; no limit of its own), read where a send is decided. */
export async function findStoreCashOutRules(db: Pick<Database, "select">, storeId: string) {
  const [row] = await db
    .select({
      name: stores.name,
      cashOutDailyLimitCents: stores.cashOutDailyLimitCents,
      approvalThresholdCents: stores.approvalThresholdCents,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row;
}

/** Every store with its own cash-out rules, by name (the approval policy page). */
export async function listStoreCashOutRules(db: Pick<Database, "select">) {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      cashOutDailyLimitCents: stores.cashOutDailyLimitCents,
      approvalThresholdCents: stores.approvalThresholdCents,
    })
    .from(stores)
    .orderBy(asc(stores.name), asc(stores.id));
}

/** Sets stores' own cash-out rules (null: none of its own); the ids that are no store are returned. */
export async function saveStoreCashOutRules(
  db: Pick<Database, "update">,
  rules: Readonly<Record<string, { cashOutDailyLimitCents?: number | null; approvalThresholdCents?: number | null }>>,
): Promise<string[]> {
  const unknown: string[] = [];
  for (const [storeId, change] of Object.entries(rules)) {
    if (change.cashOutDailyLimitCents === undefined && change.approvalThresholdCents === undefined) continue;
    const [updated] = await db.update(stores).set(change).where(eq(stores.id, storeId)).returning({ id: stores.id });
    if (!updated) unknown.push(storeId);
  }
  return unknown;
}

/** Replaces a store's details; false when there is no such store. */
export async function updateStoreDetails(
  db: Database,
  storeId: string,
  details: Pick<StoreRecord, "name" | "holderDocument" | "payerFacingName" | "timeZoneName">,
): Promise<boolean> {
  const updated = await db
    .update(stores)
    .set({ ...details, updatedAt: new Date() })
    .where(eq(stores.id, storeId))
    .returning({ id: stores.id });
  return updated.length === 1;
}

/** Gives a store a connection of its own (sealed by the caller, for this store's id); false when there is no such store. */
export async function replaceStoreConnection(
  db: Database,
  storeId: string,
  connection: { walletBaseUrl: string; walletTokenCiphertext: string; walletTokenKeyId: string; walletTokenLast4: string },
): Promise<boolean> {
  const updated = await db
    .update(stores)
    .set({ ...connection, updatedAt: new Date() })
    .where(eq(stores.id, storeId))
    .returning({ id: stores.id });
  return updated.length === 1;
}
