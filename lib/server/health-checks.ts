// The checks behind the health endpoints (app/api/health/*): a cached database ping shared by
// concurrent callers (a poller never queues behind the callback receiver on the single embedded
// connection), and a deadline past which a part is reported as not answering.
import "server-only";
import type { DatabaseConnection } from "@/lib/db/client";
import { type CachedResult, createCachedCheck, healthCheckFreshMs, healthCheckStaleMs } from "@/lib/wallet/health";

export type DatabaseHealth = { ok: boolean; kind: string; error?: string };

const globalForHealth = globalThis as unknown as {
  databaseHealthCheck?: { connection: DatabaseConnection; check: () => Promise<CachedResult<DatabaseHealth>> };
};

export function cachedDatabasePing(connection: DatabaseConnection): Promise<CachedResult<DatabaseHealth>> {
  if (globalForHealth.databaseHealthCheck?.connection !== connection) {
    const check = createCachedCheck(
      () =>
        connection
          .ping()
          .then((): DatabaseHealth => ({ ok: true, kind: connection.kind }))
          .catch((): DatabaseHealth => ({ ok: false, kind: connection.kind, error: "The database did not answer." })),
      { freshMs: healthCheckFreshMs, staleMs: healthCheckStaleMs },
    );
    globalForHealth.databaseHealthCheck = { connection, check };
  }
  return globalForHealth.databaseHealthCheck.check();
}

/** How long a caller waits for a check that has no recent answer: past it, the part is reported degraded. */
export const checkDeadlineMs = 1_500;
export const slowAnswer = (part: string) => `The ${part} did not answer within ${checkDeadlineMs / 1000} s.`;

/** The check's answer, or (once the deadline passes) `late` — the check carries on and fills the cache. */
export function withinDeadline<T>(check: Promise<CachedResult<T>>, late: T): Promise<CachedResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<CachedResult<T>>((resolve) => {
    timer = setTimeout(() => resolve({ value: late, checkedAt: Date.now() }), checkDeadlineMs);
  });
  return Promise.race([check, deadline]).finally(() => clearTimeout(timer));
}
