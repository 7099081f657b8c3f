"use server";
// An admin sets the approval policy (threshold, daily limits, request lifetime). Step-up
// protected and audited with the values before and after.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { getApprovalPolicy, saveApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { approvalPolicySchema } from "@/lib/schemas/approval-policy";

export const saveApprovalPolicyAction = operatorAction(
  { name: "approval_policy.update", capability: "setApprovalPolicy", input: approvalPolicySchema, stepUp: true },
  async (input, { db, config, operator }) => {
    const before = await getApprovalPolicy(db, { walletIsSandbox: config.wallet.isSandbox });
    const change = {
      approvalThresholdCents: input.approvalThreshold,
      operatorDailyLimitCents: input.operatorDailyLimit,
      merchantDailyLimitCents: input.merchantDailyLimit,
      requestLifetimeMinutes: input.requestLifetimeHours * 60,
    };
    await saveApprovalPolicy(db, change, operator);
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
        },
        after: change,
      },
    });
    revalidatePath("/settings/approvals");
    revalidatePath("/approvals");
    return { ok: true, data: null };
  },
);
