"use server";
// An admin sets the approval policy (threshold, daily limits, each store's own limit, request
// lifetime). The merchant's (wholeMerchant: an admin of some stores would change every store's
// rules). Step-up protected and audited with the values before and after.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { getApprovalPolicy, saveApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { listStoreCashOutRules, saveStoreCashOutRules } from "@/lib/db/queries/stores";
import { msg } from "@/lib/i18n/message";
import { approvalPolicySchema } from "@/lib/schemas/approval-policy";

export const saveApprovalPolicyAction = operatorAction(
  { name: "approval_policy.update", capability: "setApprovalPolicy", wholeMerchant: true, input: approvalPolicySchema, stepUp: true },
  async (input, { db, config, operator }) => {
    const [before, storesBefore] = await Promise.all([
      getApprovalPolicy(db, { walletIsSandbox: config.wallet.isSandbox }),
      listStoreCashOutRules(db),
    ]);
    const storeLimits = input.storeDailyLimits ?? {};
    const storeThresholds = input.storeApprovalThresholds ?? {};
    const isStore = (storeId: string) => storesBefore.some((store) => store.id === storeId);
    const unknownFields = [
      ...Object.keys(storeLimits)
        .filter((storeId) => !isStore(storeId))
        .map((storeId) => `storeDailyLimits.${storeId}`),
      ...Object.keys(storeThresholds)
        .filter((storeId) => !isStore(storeId))
        .map((storeId) => `storeApprovalThresholds.${storeId}`),
    ];
    if (unknownFields.length > 0) {
      const unknown = msg("errors.stores.unknownStore");
      return {
        ok: false,
        code: "INVALID_INPUT",
        error: unknown,
        fieldErrors: Object.fromEntries(unknownFields.map((field) => [field, [unknown]])),
      };
    }
    const storeRules: Record<string, { cashOutDailyLimitCents?: number | null; approvalThresholdCents?: number | null }> = {};
    for (const [storeId, cents] of Object.entries(storeLimits)) storeRules[storeId] = { cashOutDailyLimitCents: cents };
    for (const [storeId, cents] of Object.entries(storeThresholds))
      storeRules[storeId] = { ...storeRules[storeId], approvalThresholdCents: cents };
    const change = {
      approvalThresholdCents: input.approvalThreshold,
      operatorDailyLimitCents: input.operatorDailyLimit,
      merchantDailyLimitCents: input.merchantDailyLimit,
      requestLifetimeMinutes: input.requestLifetimeHours * 60,
    };
    // Both or neither: the sends lock the policy row, so none reads half of a change.
    await db.transaction(async (tx) => {
      await saveApprovalPolicy(tx, change, operator);
      await saveStoreCashOutRules(tx, storeRules);
    });
    const storesAfter = await listStoreCashOutRules(db);
    const rulesOf = (rows: typeof storesBefore) =>
      Object.fromEntries(
        rows.map((store) => [
          store.id,
          { dailyLimitCents: store.cashOutDailyLimitCents, approvalThresholdCents: store.approvalThresholdCents },
        ]),
      );
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
          stores: rulesOf(storesBefore),
        },
        after: { ...change, stores: rulesOf(storesAfter) },
      },
    });
    revalidatePath("/settings/approvals");
    revalidatePath("/approvals");
    return { ok: true, data: null };
  },
);
