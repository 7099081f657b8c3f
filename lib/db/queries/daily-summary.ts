// The daily summary's settings (one row), its once-a-day claim, and the recipients' addresses and stores.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../client";
import { dailySummarySends, dailySummarySettings, user } from "../schema";
import { grantedStoreIdsOf } from "./operator-stores";

export type DailySummarySettings = { enabled: boolean; sendAt: string; recipientUserIds: string[] };

export async function loadDailySummarySettings(db: Database): Promise<DailySummarySettings> {
  const [row] = await db.select().from(dailySummarySettings).where(eq(dailySummarySettings.id, 1));
  return row
    ? { enabled: row.enabled, sendAt: row.sendAt, recipientUserIds: row.recipientUserIds }
    : { enabled: false, sendAt: "08:00", recipientUserIds: [] };
}

export async function saveDailySummarySettings(db: Database, settings: DailySummarySettings): Promise<void> {
  await db
    .insert(dailySummarySettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: dailySummarySettings.id, set: { ...settings, updatedAt: sql`now()` } });
}

/** Claims a day's summary for this instance: true only for the one insert that wins, on any number of instances. */
export async function claimDailySummary(db: Database, day: string, holder: string): Promise<boolean> {
  const inserted = await db
    .insert(dailySummarySends)
    .values({ day, claimedBy: holder })
    .onConflictDoNothing()
    .returning({ day: dailySummarySends.day });
  return inserted.length === 1;
}

export async function recordDailySummarySent(db: Database, day: string, outcome: { recipients: number; error?: string }): Promise<void> {
  await db
    .update(dailySummarySends)
    .set({ sentAt: outcome.error ? null : sql`now()`, error: outcome.error ?? null, recipients: outcome.recipients })
    .where(and(eq(dailySummarySends.day, day), isNull(dailySummarySends.sentAt)));
}

/**
 * The chosen operators who can still sign in: each one's address and the stores their role applies
 * to (null: all stores), so each is sent the summary of their own stores only (issue #49).
 */
export async function dailySummaryRecipients(
  db: Database,
  userIds: string[],
): Promise<Array<{ email: string; storeIds: string[] | null }>> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ email: user.email, banned: user.banned, storeIds: grantedStoreIdsOf(user.id) })
    .from(user)
    .where(inArray(user.id, userIds));
  return rows.filter((row) => !row.banned).map((row) => ({ email: row.email, storeIds: row.storeIds }));
}
