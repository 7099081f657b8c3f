// The retention job: payers' and recipients' personal fields of transactions older than
// PERSONAL_DATA_RETENTION_DAYS are anonymised (lib/personal-data/anonymise.ts), with the callback
// bodies that were never matched to a transaction, the quarantined ones and the keys of payout
// requests that never became a transaction. One run at a time across instances (the alert job's
// lease, lib/alerts/job-lease.ts); each run works in batches until nothing is left.
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, ne, notExists, sql } from "drizzle-orm";
import { runWithLease, startRepeatingJob } from "@/lib/alerts/job-lease";
import type { Database } from "@/lib/db/client";
import { callbackDeliveries, callbackQuarantine, cashOutRequestItems, cashOutRequests, transactions } from "@/lib/db/schema";
import { anonymisedMark, anonymiseTransactionBatch, scrubJson, scrubText } from "@/lib/personal-data/anonymise";

export const retentionJobName = "personal_data_retention";
const dayMs = 24 * 3600_000;

export type RetentionRun = { transactions: number; unmatchedDeliveries: number; quarantined: number; requestItems: number };

export async function runRetentionJob(
  db: Database,
  {
    retentionDays,
    holder = `pid-${process.pid}-${randomUUID()}`,
    now = new Date(),
    batchSize = 200,
  }: {
    retentionDays: number;
    holder?: string;
    now?: Date;
    batchSize?: number;
  },
) {
  return runWithLease(db, { name: retentionJobName, holder, leaseMs: 15 * 60_000 }, async (): Promise<RetentionRun> => {
    const cutoff = new Date(now.getTime() - retentionDays * dayMs);
    let anonymised = 0;
    for (;;) {
      const ids = await anonymiseTransactionBatch(db, {
        where: lt(transactions.createdAt, cutoff),
        cause: "retention",
        limit: batchSize,
        now,
      });
      anonymised += ids.length;
      if (ids.length < batchSize) break;
    }
    // Deliveries with no transaction of their own (unmatched): few, scrubbed in place (idempotent).
    const unmatched = await db
      .select({ id: callbackDeliveries.id, body: callbackDeliveries.body })
      .from(callbackDeliveries)
      .where(and(isNull(callbackDeliveries.transactionId), lt(callbackDeliveries.receivedAt, cutoff)));
    let unmatchedDeliveries = 0;
    for (const delivery of unmatched) {
      const body = scrubJson(delivery.body) as Record<string, unknown>;
      if (JSON.stringify(body) === JSON.stringify(delivery.body)) continue;
      await db.update(callbackDeliveries).set({ body }).where(eq(callbackDeliveries.id, delivery.id));
      unmatchedDeliveries += 1;
    }
    const quarantinedRows = await db
      .select({ id: callbackQuarantine.id, rawBody: callbackQuarantine.rawBody })
      .from(callbackQuarantine)
      .where(lt(callbackQuarantine.receivedAt, cutoff));
    let quarantined = 0;
    for (const row of quarantinedRows) {
      const rawBody = scrubText(row.rawBody);
      if (rawBody === row.rawBody) continue;
      await db.update(callbackQuarantine).set({ rawBody }).where(eq(callbackQuarantine.id, row.id));
      quarantined += 1;
    }
    // Payout rows that never became a transaction (rejected, cancelled or expired requests).
    const items = await db
      .update(cashOutRequestItems)
      .set({ pixKey: anonymisedMark })
      .where(
        and(
          isNull(cashOutRequestItems.transactionId),
          ne(cashOutRequestItems.pixKey, anonymisedMark),
          notExists(
            db
              .select({ one: sql`1` })
              .from(cashOutRequests)
              .where(and(eq(cashOutRequests.id, cashOutRequestItems.requestId), sql`${cashOutRequests.createdAt} >= ${cutoff}`)),
          ),
        ),
      )
      .returning({ id: cashOutRequestItems.id });
    return { transactions: anonymised, unmatchedDeliveries, quarantined, requestItems: items.length };
  });
}

export type RetentionScheduler = { stop: () => Promise<void> };

/** Runs the job every `intervalMs` (the first within 5 s of the start); runs in one process never overlap. */
export function startRetentionScheduler(
  db: Database,
  options: {
    retentionDays: number;
    intervalMs: number;
    onError: (error: unknown) => void;
    onRoundFinished?: (run: RetentionRun | null) => void;
  },
): RetentionScheduler {
  const holder = `pid-${process.pid}-${randomUUID()}`;
  return startRepeatingJob(
    () =>
      runRetentionJob(db, { retentionDays: options.retentionDays, holder }).then((outcome) =>
        options.onRoundFinished?.(outcome.ran ? outcome.result : null),
      ),
    { intervalMs: options.intervalMs, firstDelayMs: Math.min(options.intervalMs, 5_000), onError: options.onError },
  );
}
