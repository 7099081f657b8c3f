// The daily limits check, run inside the transaction that holds the policy lock and claims the
// send (or saves the request), so what it reads cannot change before the claim commits.
import type { Database } from "@/lib/db/client";
import type { ApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { committed, committedOrAwaiting, getDailyTotals, type DailyTotals } from "@/lib/db/queries/daily-totals";
import { formatBRL } from "@/lib/money";

/**
 * - committedOrAwaiting: a new cash-out or request counts everything sent, approved or awaiting;
 * - committed: an approval counts what is sent or approved (other requests awaiting approval may
 *   never be approved, so they do not block this one).
 */
export type LimitCounting = "committedOrAwaiting" | "committed";

/** Undefined when adding `addCents` keeps both limits; otherwise the message that says which and by how much. */
export async function dailyLimitProblem(
  tx: Pick<Database, "select">,
  policy: Pick<ApprovalPolicy, "operatorDailyLimitCents" | "merchantDailyLimitCents">,
  { operator, addCents, counting }: { operator: { id: string; email: string }; addCents: number; counting: LimitCounting },
): Promise<string | undefined> {
  const total = counting === "committed" ? committed : committedOrAwaiting;
  const what = counting === "committed" ? "sent or approved" : "sent, approved or awaiting approval";
  const check = (limit: number | null, totals: DailyTotals, whose: string) => {
    if (limit === null) return undefined;
    const already = total(totals);
    if (already + addCents <= limit) return undefined;
    return (
      `Over the daily limit: ${formatBRL(addCents)} more would bring ${whose} total for ${totals.day} (São Paulo) to ` +
      `${formatBRL(already + addCents)}, above the limit of ${formatBRL(limit)} (${formatBRL(already)} already ${what}). Nothing was sent.`
    );
  };
  if (policy.operatorDailyLimitCents !== null) {
    const problem = check(policy.operatorDailyLimitCents, await getDailyTotals(tx, { operatorId: operator.id }), `${operator.email}'s`);
    if (problem) return problem;
  }
  if (policy.merchantDailyLimitCents !== null) return check(policy.merchantDailyLimitCents, await getDailyTotals(tx), "the merchant's");
  return undefined;
}
