// The plug-in point for the "daily limit nearly reached" rule. Daily cash-out limits arrive with the
// cash-out approvals work (issue #12); until then no limit exists and the rule reports that it is
// not configured (the settings page says so) instead of pretending to check anything.
import type { Database } from "@/lib/db/client";

export type DailyLimitUsage =
  | { configured: false }
  | {
      configured: true;
      /** The São Paulo day (YYYY-MM-DD) the usage belongs to: one incident per limit per day. */
      day: string;
      limits: Array<{ limitKey: string; usedCents: number; limitCents: number }>;
    };

/** Replace the body with a read of the daily limits and today's usage once limits exist. */
export async function readDailyLimitUsage(_db: Database, _now: Date): Promise<DailyLimitUsage> {
  return { configured: false };
}
