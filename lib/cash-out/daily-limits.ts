// The daily limits check, run inside the transaction that holds the policy lock and claims the
// send (or saves the request), so what it reads cannot change before the claim commits.
import { msg } from "@/lib/i18n/message";
import type { Database } from "@/lib/db/client";
import type { ApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { getDailyTotals } from "@/lib/db/queries/daily-totals";
import { findStoreCashOutRules } from "@/lib/db/queries/stores";
import { committed, committedOrAwaiting, type DailyTotals } from "@/lib/vocabulary/daily-totals";
import { formatBRL } from "@/lib/format";

/**
 * - committedOrAwaiting: a new cash-out or request counts everything sent, approved or awaiting;
 * - committed: an approval counts what is sent or approved (other requests awaiting approval may
 *   never be approved, so they do not block this one).
 */
export type LimitCounting = "committedOrAwaiting" | "committed";

export type LimitConsequence = "nothingSent" | "nothingSavedOrSent" | "staysAwaiting";

/**
 * Undefined when adding `addCents` keeps every limit (the operator's, the store's own, the
 * merchant's); otherwise the message that says which and by how much.
 */
export async function dailyLimitProblem(
  tx: Pick<Database, "select">,
  policy: Pick<ApprovalPolicy, "operatorDailyLimitCents" | "merchantDailyLimitCents">,
  {
    operator,
    storeId,
    addCents,
    counting,
    consequence = "nothingSent",
  }: {
    operator: { id: string; email: string };
    /** The store the money is sent for (issue #49): its own limit, if it has one, counts its sends only. */
    storeId: string;
    addCents: number;
    counting: LimitCounting;
    /** What the refusal means where it is checked: nothing sent, nothing saved, or the request waits. */
    consequence?: LimitConsequence;
  },
): Promise<string | undefined> {
  const total = counting === "committed" ? committed : committedOrAwaiting;
  const what = msg(counting === "committed" ? "errors.limits.countedCommitted" : "errors.limits.countedCommittedOrAwaiting");
  // An encoded message key (lib/i18n/message.ts), translated where it is shown.
  const check = (limit: number | null, totals: DailyTotals, whose: string) => {
    if (limit === null) return undefined;
    const already = total(totals);
    if (already + addCents <= limit) return undefined;
    return msg("errors.limits.over", {
      add: formatBRL(addCents),
      whose,
      day: totals.day,
      total: formatBRL(already + addCents),
      limit: formatBRL(limit),
      already: formatBRL(already),
      what,
      consequence: msg(`errors.limits.${consequence}`),
    });
  };
  if (policy.operatorDailyLimitCents !== null) {
    const whose = msg("errors.limits.whoseOperator", { email: operator.email });
    const problem = check(policy.operatorDailyLimitCents, await getDailyTotals(tx, { operatorId: operator.id }), whose);
    if (problem) return problem;
  }
  const store = await findStoreCashOutRules(tx, storeId);
  if (store?.cashOutDailyLimitCents != null) {
    const whose = msg("errors.limits.whoseStore", { store: store.name });
    const problem = check(store.cashOutDailyLimitCents, await getDailyTotals(tx, { storeId }), whose);
    if (problem) return problem;
  }
  if (policy.merchantDailyLimitCents !== null)
    return check(policy.merchantDailyLimitCents, await getDailyTotals(tx), msg("errors.limits.whoseMerchant"));
  return undefined;
}
