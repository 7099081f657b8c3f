"use server";
// An admin sets the approval policy (threshold, daily limits, each store's own limit, request
// lifetime). The merchant's (wholeMerchant: an admin of some stores would change every store's
// rules). Step-up protected and audited with the values before and after.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { getApprovalPolicy, saveApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { listStoreCashOutLimits, saveStoreCashOutLimits } from "@/lib/db/queries/stores";
import { msg } from "@/lib/i18n/message";
import { approvalPolicySchema } from "@/lib/schemas/approval-policy";

export const saveApprovalPolicyAction = operatorAction(
  { name: "approval_policy.update", capability: "setApprovalPolicy", wholeMerchant: true, input: approvalPolicySchema, stepUp: true },
  async (input, { db, config, operator }) => {
    const [before, storesBefore] = await Promise.all([
      getApprovalPolicy(db, { walletIsSandbox: config.wallet.isSandbox }),
      listStoreCashOutLimits(db),
    ]);
    const storeLimits = input.storeDailyLimits ?? {};
    const unknownStores = Object.keys(storeLimits).filter((storeId) => !storesBefore.some((store) => store.id === storeId));
    if (unknownStores.length > 0) {
      const unknown = msg("errors.stores.unknownStore");
      return {
        ok: false,
        code: "INVALID_INPUT",
        error: unknown,
        fieldErrors: Object.fromEntries(unknownStores.map((storeId) => [`storeDailyLimits.${storeId}`, [unknown]])),
      };
    }
    const change = {
      approvalThresholdCents: input.approvalThreshold,
      operatorDailyLimitCents: input.operatorDailyLimit,
      merchantDailyLimitCents: input.merchantDailyLimit,
      requestLifetimeMinutes: input.requestLifetimeHours * 60,
    };
    // Both or neither: the sends lock the policy row, so none reads half of a change.
    await db.transaction(async (tx) => {
      await saveApprovalPolicy(tx, change, operator);
      await saveStoreCashOutLimits(tx, storeLimits);
    });
    const limitsOf = (rows: Array<{ id: string; cashOutDailyLimitCents: number | null }>) =>
      Object.fromEntries(rows.map((store) => [store.id, store.cashOutDailyLimitCents]));
    await recordAuditEvent(db, {
      actor: operator,
      action: "approval_policy.update",
      outcome: "success",
      target: { type: "approval_policy", id: "merchant" },
      details: {
        before: {
          approvalThresholdCents: before.thresholdIsDefault ? null : before.approvalThresholdCents,
          operatorDailyLimitCents: before.operatorDailyLimitCents,
          merchantDailyLimitCents: before.merchantDailyLimitCents,
          requestLifetimeMinutes: before.requestLifetimeMinutes,
          storeDailyLimitCents: limitsOf(storesBefore),
        },
        after: { ...change, storeDailyLimitCents: { ...limitsOf(storesBefore), ...storeLimits } },
      },
    });
    revalidatePath("/settings/approvals");
    revalidatePath("/approvals");
    return { ok: true, data: null };
  },
);
