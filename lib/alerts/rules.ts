// The alert rules: their defaults, the admin's overrides, and the check that turns the ledger and
// the callback inbox into incident candidates. Each candidate has a key naming the incident (a
// transaction, a delivery, a silence since a given callback), so one incident alerts exactly once.
import { and, asc, eq, gte, inArray, isNotNull, lt, max, sql } from "drizzle-orm";
import { readDailyLimitUsage } from "@/lib/alerts/daily-limit";
import type { Database } from "@/lib/db/client";
import { alertRules, callbackDeliveries, eventEndpoints, transactions } from "@/lib/db/schema";
import { alertRuleKeys, type AlertRuleKey } from "@/lib/vocabulary/alert-kinds";
import { notAppliedOutcomes } from "@/lib/vocabulary/delivery-health";
import { ruleThresholds } from "@/lib/alerts/rule-thresholds";

export { ruleThresholds };

export type RuleSetting = { rule: AlertRuleKey; enabled: boolean; threshold: number | null };

// Deliveries and failures older than this are history, not news: a first start does not page anyone
// about last month.
export const eventLookbackMs = 24 * 3_600_000;

export async function loadRuleSettings(db: Database): Promise<Record<AlertRuleKey, RuleSetting>> {
  const stored = await db.select().from(alertRules);
  const settings = {} as Record<AlertRuleKey, RuleSetting>;
  for (const rule of alertRuleKeys) {
    const row = stored.find((candidate) => candidate.rule === rule);
    settings[rule] = {
      rule,
      enabled: row?.enabled ?? true,
      threshold: ruleThresholds[rule] ? (row?.threshold ?? ruleThresholds[rule]!.defaultValue) : null,
    };
  }
  return settings;
}

export type IncidentCandidate = {
  rule: AlertRuleKey;
  incidentKey: string;
  details: Record<string, string | number | null>;
  href: string;
  /** The store it is about (issue #49): its operators see it; null: the merchant's as a whole. */
  storeId: string | null;
};

export type RuleCheckResult = {
  candidates: IncidentCandidate[];
  skipped: Array<{ rule: AlertRuleKey; reason: "disabled" | "limits_not_configured" }>;
};

/** Every incident that is true now. Opening it (once) is lib/alerts/incidents.ts's job. */
export async function checkRules(db: Database, settings: Record<AlertRuleKey, RuleSetting>, now: Date): Promise<RuleCheckResult> {
  const result: RuleCheckResult = { candidates: [], skipped: [] };
  const since = new Date(now.getTime() - eventLookbackMs);
  for (const rule of alertRuleKeys) {
    if (!settings[rule].enabled) {
      result.skipped.push({ rule, reason: "disabled" });
      continue;
    }
    const threshold = settings[rule].threshold ?? 0;
    switch (rule) {
      case "cash_out_unknown": {
        const rows = await db
          .select({
            id: transactions.id,
            amountCents: transactions.amountCents,
            createdAt: transactions.createdAt,
            storeId: transactions.storeId,
          })
          .from(transactions)
          .where(
            and(
              eq(transactions.creationState, "outcome_unknown"),
              eq(transactions.kind, "CASH_OUT"),
              lt(transactions.createdAt, new Date(now.getTime() - threshold * 60_000)),
            ),
          )
          .orderBy(asc(transactions.createdAt))
          .limit(100);
        for (const row of rows) {
          result.candidates.push({
            rule,
            incidentKey: row.id,
            details: { transactionId: row.id, amountCents: row.amountCents, minutes: threshold },
            href: `/transactions/${row.id}`,
            storeId: row.storeId,
          });
        }
        break;
      }
      case "callbacks_silent": {
        const cutoff = new Date(now.getTime() - threshold * 60_000);
        const [[pending], [last]] = await Promise.all([
          db
            .select({ oldest: sql<string | null>`min(${transactions.createdAt})` })
            .from(transactions)
            .where(and(eq(transactions.status, "PENDING"), eq(transactions.creationState, "created"), lt(transactions.createdAt, cutoff))),
          db.select({ at: max(callbackDeliveries.receivedAt) }).from(callbackDeliveries),
        ]);
        const lastAt = last?.at ? new Date(last.at) : null;
        if (pending?.oldest && (!lastAt || lastAt < cutoff)) {
          // The silence is named by the last callback before it: a new callback ends it, and a
          // later silence is a new incident.
          const sinceKey = lastAt ? lastAt.toISOString() : "never";
          result.candidates.push({
            rule,
            incidentKey: `since:${sinceKey}`,
            details: { lastCallbackAt: lastAt?.toISOString() ?? null, minutes: threshold },
            href: "/transactions?status=PENDING",
            storeId: null,
          });
        }
        break;
      }
      case "delivery_rejected": {
        const rows = await db
          .select({
            id: callbackDeliveries.id,
            outcome: callbackDeliveries.outcome,
            walletTransactionId: callbackDeliveries.walletTransactionId,
            // A callback matched to no transaction is the merchant's.
            storeId: transactions.storeId,
          })
          .from(callbackDeliveries)
          .leftJoin(transactions, eq(transactions.id, callbackDeliveries.transactionId))
          .where(
            and(
              gte(callbackDeliveries.receivedAt, since),
              inArray(sql<string>`${callbackDeliveries.outcome}::text`, [...notAppliedOutcomes]),
            ),
          )
          .limit(100);
        for (const row of rows) {
          result.candidates.push({
            rule,
            incidentKey: row.id,
            details: { deliveryId: row.id, outcome: row.outcome, walletTransactionId: row.walletTransactionId },
            href: `/callback-logs?outcome=${row.outcome}`,
            storeId: row.storeId,
          });
        }
        break;
      }
      case "cash_out_failed": {
        const rows = await db
          .select({ id: transactions.id, amountCents: transactions.amountCents, storeId: transactions.storeId })
          .from(transactions)
          .where(
            and(
              eq(transactions.status, "FAILED"),
              eq(transactions.kind, "CASH_OUT"),
              isNotNull(transactions.statusChangedAt),
              gte(transactions.statusChangedAt, since),
              gte(transactions.createdAt, new Date(since.getTime() - 30 * 86_400_000)),
            ),
          )
          .limit(100);
        for (const row of rows) {
          result.candidates.push({
            rule,
            incidentKey: row.id,
            details: { transactionId: row.id, amountCents: row.amountCents },
            href: `/transactions/${row.id}`,
            storeId: row.storeId,
          });
        }
        break;
      }
      case "daily_limit_near": {
        const usage = await readDailyLimitUsage(db, now);
        if (!usage.configured) {
          result.skipped.push({ rule, reason: "limits_not_configured" });
          break;
        }
        for (const limit of usage.limits) {
          if (limit.limitCents > 0 && limit.usedCents * 100 >= limit.limitCents * threshold) {
            result.candidates.push({
              rule,
              incidentKey: `${usage.day}:${limit.limitKey}`,
              details: {
                day: usage.day,
                limitKey: limit.limitKey,
                usedCents: limit.usedCents,
                limitCents: limit.limitCents,
                percent: threshold,
              },
              href: "/cash-out",
              storeId: null,
            });
          }
        }
        break;
      }
      case "event_endpoint_disabled": {
        // Switched off by the event worker (lib/events/deliver.ts): off, and still marked as failing
        // (an admin's switch clears the mark). One incident per endpoint and switch-off.
        const rows = await db
          .select({ id: eventEndpoints.id, url: eventEndpoints.url, updatedAt: eventEndpoints.updatedAt })
          .from(eventEndpoints)
          .where(and(eq(eventEndpoints.enabled, false), isNotNull(eventEndpoints.failingSince), gte(eventEndpoints.updatedAt, since)))
          .limit(100);
        for (const row of rows) {
          result.candidates.push({
            rule,
            incidentKey: `${row.id}:${row.updatedAt.toISOString()}`,
            details: { endpointId: row.id, host: new URL(row.url).host },
            href: `/settings/events/${row.id}`,
            storeId: null,
          });
        }
        break;
      }
    }
  }
  return result;
}
