import type { Metadata } from "next";
import { ApprovalPolicyForm } from "@/components/approvals/approval-policy-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { defaultApprovalThresholdCents, getApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { listStoreCashOutRules } from "@/lib/db/queries/stores";
import { formatBRL, formatDateTime, formatReaisInput } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { getRuntime } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Approval policy" };

export default async function ApprovalPolicyPage() {
  // The merchant's policy: its limits apply to every store (issue #49).
  await requirePageOperator("setApprovalPolicy", { wholeMerchant: true });
  const { locale, t } = await getMessages();
  const { db, config } = await getRuntime();
  const [policy, storeLimits] = await Promise.all([
    getApprovalPolicy(db, { walletIsSandbox: config.wallet.isSandbox }),
    listStoreCashOutRules(db),
  ]);
  const asInput = (cents: number | null) => (cents === null ? "" : formatReaisInput(cents));
  const describeThreshold = (cents: number) => (cents === 0 ? t["policy.everyCashOut"] : formatBRL(cents));
  return (
    <>
      <PageHeader title={t["policy.title"]} description={t["policy.intro"]} />
      <p className="mb-4" data-testid="policy-current">
        {policy.updatedAt && policy.updatedByEmail
          ? fill(t["policy.current"], {
              threshold: describeThreshold(policy.approvalThresholdCents),
              by: policy.updatedByEmail,
              at: formatDateTime(locale, policy.updatedAt),
            })
          : t["policy.neverChanged"]}
      </p>
      <ApprovalPolicyForm
        t={clientMessages(t, "approvalPolicyForm")}
        defaultThreshold={describeThreshold(defaultApprovalThresholdCents(config.wallet.isSandbox))}
        initial={{
          approvalThreshold: policy.thresholdIsDefault
            ? ""
            : policy.approvalThresholdCents === 0
              ? "0"
              : asInput(policy.approvalThresholdCents),
          operatorDailyLimit: asInput(policy.operatorDailyLimitCents),
          merchantDailyLimit: asInput(policy.merchantDailyLimitCents),
          requestLifetimeHours: String(Math.round(policy.requestLifetimeMinutes / 60)),
          // Sent only with several stores: a one-store merchant's form has no such fields.
          ...(storeLimits.length > 1
            ? {
                storeDailyLimits: Object.fromEntries(storeLimits.map((store) => [store.id, asInput(store.cashOutDailyLimitCents)])),
                storeApprovalThresholds: Object.fromEntries(
                  storeLimits.map((store) => [store.id, store.approvalThresholdCents === 0 ? "0" : asInput(store.approvalThresholdCents)]),
                ),
              }
            : {}),
        }}
        stores={storeLimits.length > 1 ? storeLimits.map(({ id, name }) => ({ id, name })) : []}
      />
    </>
  );
}
