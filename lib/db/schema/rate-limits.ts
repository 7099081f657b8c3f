// Counters of the shared rate limiter (lib/security/rate-limit.ts): one row per bucket (a rule and
// the address, account or "global" it limits) per fixed window, incremented in place, so every
// instance sharing the database shares the limit and a burst adds no rows, only counts.
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    /** "<rule>:<key>", e.g. "display_pair.address:203.0.113.7"; bounded in length by the limiter. */
    bucket: text("bucket").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(1),
    /** The end of the window: rows past it are pruned (the index keeps that delete cheap). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.windowStart] }), index("rate_limit_counters_expires_at_idx").on(table.expiresAt)],
);
