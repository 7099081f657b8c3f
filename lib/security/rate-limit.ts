// The one rate limiter for endpoints anyone can call (rules: lib/security/rate-limit-rules.ts).
// Counters live in the database (rate_limit_counters), so every instance sharing it shares the
// limits and a restart forgets nothing. Fixed windows: a bucket's row for the current window is
// incremented by one `insert … on conflict do update … returning` (one round trip for all the
// buckets of a request). A burst adds counts, not rows, and crossing a limit writes ONE audit row
// per bucket and window (with the count) instead of one per attempt, so the audit table's growth
// is bounded however many attempts are made. Once the database has refused a bucket for a window,
// this process remembers it until the window ends and refuses without a query: a flood of refused
// requests then costs no database work at all. (Windows are aligned to the epoch, so every
// instance agrees when they end; the memory never refuses what the database would not.)
import { and, eq, lt, or, sql } from "drizzle-orm";
import { recordAuditEvent } from "@/lib/audit";
import type { Database } from "@/lib/db/client";
import { rateLimitCounters } from "@/lib/db/schema";
import type { RateLimitRule } from "@/lib/security/rate-limit-rules";

/** What one request is counted against: a rule and the address, account id or "global" it limits. */
export type RateLimitBucket = { rule: RateLimitRule; key: string };

/** Why a request is refused: the first bucket over its limit, and when its window ends. */
export type RateLimitRefusal = { rule: RateLimitRule; key: string; retryAfterSeconds: number };

/** Keys are addresses (already at most 64 characters) or ids; the bound keeps a row small whatever a caller sends. */
const maxKeyLength = 100;
/** Expired windows are deleted at most this often per process: one indexed delete, off the hot path otherwise. */
const pruneEveryMs = 60_000;
let lastPrunedAt = 0;
/** Refused buckets this process knows of, per database: "<bucket>@<window start>" → window end (ms). */
const refusedUntil = new WeakMap<Database, Map<string, number>>();
/** A flood from ever-new addresses cannot grow the memory past this; forgetting only costs a query. */
const maxRemembered = 10_000;

function windowOf(rule: RateLimitRule, now: Date): { start: Date; end: Date } {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return { start: new Date(start), end: new Date(start + rule.windowMs) };
}

function bucketName(bucket: RateLimitBucket): string {
  return `${bucket.rule.name}:${bucket.key.slice(0, maxKeyLength)}`;
}

function retryAfterSeconds(rule: RateLimitRule, now: Date): number {
  return Math.max(1, Math.ceil((windowOf(rule, now).end.getTime() - now.getTime()) / 1000));
}

function memoryKey(bucket: RateLimitBucket, now: Date): string {
  return `${bucketName(bucket)}@${windowOf(bucket.rule, now).start.getTime()}`;
}

function rememberedRefusal(db: Database, buckets: RateLimitBucket[], now: Date): RateLimitRefusal | null {
  const memory = refusedUntil.get(db);
  if (!memory) return null;
  for (const bucket of buckets)
    if (memory.has(memoryKey(bucket, now)))
      return { rule: bucket.rule, key: bucket.key, retryAfterSeconds: retryAfterSeconds(bucket.rule, now) };
  return null;
}

function remember(db: Database, bucket: RateLimitBucket, now: Date): void {
  const memory = refusedUntil.get(db) ?? new Map<string, number>();
  refusedUntil.set(db, memory);
  if (memory.size >= maxRemembered) {
    for (const [key, end] of memory) if (end <= now.getTime()) memory.delete(key);
    if (memory.size >= maxRemembered) memory.clear();
  }
  memory.set(memoryKey(bucket, now), windowOf(bucket.rule, now).end.getTime());
}

async function pruneExpiredWindows(db: Database, now: Date): Promise<void> {
  // abs: a clock set back (or a test's) must not stop pruning until it catches up.
  if (Math.abs(now.getTime() - lastPrunedAt) < pruneEveryMs) return;
  lastPrunedAt = now.getTime();
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
}

/** Adds one to each bucket's counter for its current window; the counts after, by bucket. */
async function increment(db: Database, buckets: RateLimitBucket[], now: Date): Promise<Map<string, number>> {
  await pruneExpiredWindows(db, now);
  const rows = await db
    .insert(rateLimitCounters)
    .values(
      buckets.map((bucket) => {
        const window = windowOf(bucket.rule, now);
        return { bucket: bucketName(bucket), windowStart: window.start, hits: 1, expiresAt: window.end };
      }),
    )
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ bucket: rateLimitCounters.bucket, hits: rateLimitCounters.hits });
  return new Map(rows.map((row) => [row.bucket, row.hits]));
}

/** One audit row per bucket and window: written by the one request whose count reaches `threshold`. */
async function auditCrossings(
  db: Database,
  buckets: RateLimitBucket[],
  hits: Map<string, number>,
  threshold: (rule: RateLimitRule) => number,
  now: Date,
) {
  for (const bucket of buckets) {
    const count = hits.get(bucketName(bucket)) ?? 0;
    if (count !== threshold(bucket.rule)) continue;
    await recordAuditEvent(db, {
      actor: null,
      action: "rate_limit.exceeded",
      outcome: "refused",
      target: bucket.key.startsWith("operator:") ? { type: "operator", id: bucket.key.slice("operator:".length) } : undefined,
      details: {
        rule: bucket.rule.name,
        key: bucket.key.slice(0, maxKeyLength),
        limit: bucket.rule.limit,
        windowSeconds: bucket.rule.windowMs / 1000,
        windowStart: windowOf(bucket.rule, now).start.toISOString(),
        count,
      },
    });
  }
}

/** The first bucket the counts put over its limit (remembered for the rest of its window), or null. */
function firstOver(
  db: Database,
  buckets: RateLimitBucket[],
  hits: Map<string, number>,
  isOver: (count: number, rule: RateLimitRule) => boolean,
  now: Date,
): RateLimitRefusal | null {
  let refusal: RateLimitRefusal | null = null;
  for (const bucket of buckets) {
    const count = hits.get(bucketName(bucket)) ?? 0;
    if (!isOver(count, bucket.rule)) continue;
    remember(db, bucket, now);
    refusal ??= { rule: bucket.rule, key: bucket.key, retryAfterSeconds: retryAfterSeconds(bucket.rule, now) };
  }
  return refusal;
}

/**
 * Counts this request in every bucket and refuses it when any is now past its limit (`limit`
 * requests per window pass). A bucket already refused in this window refuses without a query.
 */
export async function countRequest(db: Database, buckets: RateLimitBucket[], now = new Date()): Promise<RateLimitRefusal | null> {
  return (await countRequestWithUsage(db, buckets, now)).refusal;
}

/** What is left of one bucket's budget: for the RateLimit header fields of an API's answers. */
export type RateLimitUsage = { rule: RateLimitRule; remaining: number; resetSeconds: number };

/** countRequest, also telling what is left of each bucket's budget in this window (by rule name). */
export async function countRequestWithUsage(
  db: Database,
  buckets: RateLimitBucket[],
  now = new Date(),
): Promise<{ refusal: RateLimitRefusal | null; usage: RateLimitUsage[] }> {
  const remembered = rememberedRefusal(db, buckets, now);
  if (remembered)
    return {
      refusal: remembered,
      usage: buckets.map((bucket) => ({ rule: bucket.rule, remaining: 0, resetSeconds: retryAfterSeconds(bucket.rule, now) })),
    };
  const hits = await increment(db, buckets, now);
  await auditCrossings(db, buckets, hits, (rule) => rule.limit + 1, now);
  const usage = buckets.map((bucket) => ({
    rule: bucket.rule,
    remaining: Math.max(0, bucket.rule.limit - (hits.get(bucketName(bucket)) ?? 0)),
    resetSeconds: retryAfterSeconds(bucket.rule, now),
  }));
  return { refusal: firstOver(db, buckets, hits, (count, rule) => count > rule.limit, now), usage };
}

/**
 * For limits that count only failures: refuses when any bucket already holds `limit` failures in
 * its window, without counting anything (a read). Pair with recordFailure after a failed attempt.
 */
export async function checkFailures(db: Database, buckets: RateLimitBucket[], now = new Date()): Promise<RateLimitRefusal | null> {
  const remembered = rememberedRefusal(db, buckets, now);
  if (remembered) return remembered;
  const rows = await db
    .select({ bucket: rateLimitCounters.bucket, hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(
      or(
        ...buckets.map((bucket) =>
          and(eq(rateLimitCounters.bucket, bucketName(bucket)), eq(rateLimitCounters.windowStart, windowOf(bucket.rule, now).start)),
        ),
      ),
    );
  const hits = new Map(rows.map((row) => [row.bucket, row.hits]));
  return firstOver(db, buckets, hits, (count, rule) => count >= rule.limit, now);
}

/** Counts one failed attempt in every bucket; the failure that uses up a bucket's budget is audited (once per window). */
export async function recordFailure(db: Database, buckets: RateLimitBucket[], now = new Date()): Promise<void> {
  const hits = await increment(db, buckets, now);
  await auditCrossings(db, buckets, hits, (rule) => rule.limit, now);
  firstOver(db, buckets, hits, (count, rule) => count >= rule.limit, now);
}
