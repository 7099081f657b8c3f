// The merchant's approval policy: one row, read with the deployment's defaults filled in, and
// locked (FOR UPDATE) by every send so limit checks and claims are serialised across instances.
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { approvalPolicy } from "@/lib/db/schema";

/** Default approval threshold in the sandbox: R$ 1.000,00 and up need a second approver. */
export const sandboxDefaultApprovalThresholdCents = 100_000;
export const defaultRequestLifetimeMinutes = 24 * 60;

export type ApprovalPolicy = {
  /** Cash-outs of this amount or more need a second approver (0: every cash-out). */
  approvalThresholdCents: number;
  /** True when no admin has set a threshold and the deployment's default applies. */
  thresholdIsDefault: boolean;
  operatorDailyLimitCents: number | null;
  merchantDailyLimitCents: number | null;
  requestLifetimeMinutes: number;
  updatedByEmail: string | null;
  updatedAt: Date | null;
};

/** Every cash-out on a real wallet; R$ 1.000,00 and up on a sandbox wallet. */
export function defaultApprovalThresholdCents(walletIsSandbox: boolean): number {
  return walletIsSandbox ? sandboxDefaultApprovalThresholdCents : 0;
}

type Reader = Pick<Database, "select">;

export async function getApprovalPolicy(
  db: Reader,
  { walletIsSandbox }: { walletIsSandbox: boolean },
  options: { forUpdate?: boolean } = {},
): Promise<ApprovalPolicy> {
  const query = db.select().from(approvalPolicy).where(eq(approvalPolicy.id, "merchant"));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return {
    approvalThresholdCents: row?.approvalThresholdCents ?? defaultApprovalThresholdCents(walletIsSandbox),
    thresholdIsDefault: row?.approvalThresholdCents == null,
    operatorDailyLimitCents: row?.operatorDailyLimitCents ?? null,
    merchantDailyLimitCents: row?.merchantDailyLimitCents ?? null,
    requestLifetimeMinutes: row?.requestLifetimeMinutes ?? defaultRequestLifetimeMinutes,
    updatedByEmail: row?.updatedByEmail ?? null,
    updatedAt: row?.updatedAt ?? null,
  };
}

/**
 * Reads the policy and locks its row until the surrounding transaction ends. The row is created
 * first when missing, so there is always something to lock.
 */
export async function lockApprovalPolicy(
  tx: Pick<Database, "select" | "insert">,
  settings: { walletIsSandbox: boolean },
): Promise<ApprovalPolicy> {
  await tx.insert(approvalPolicy).values({ id: "merchant" }).onConflictDoNothing();
  return getApprovalPolicy(tx, settings, { forUpdate: true });
}

export type ApprovalPolicyChange = {
  approvalThresholdCents: number | null;
  operatorDailyLimitCents: number | null;
  merchantDailyLimitCents: number | null;
  requestLifetimeMinutes: number;
};

export async function saveApprovalPolicy(
  db: Pick<Database, "insert">,
  change: ApprovalPolicyChange,
  by: { id: string; email: string } | null,
): Promise<void> {
  const values = { ...change, updatedByUserId: by?.id ?? null, updatedByEmail: by?.email ?? null, updatedAt: new Date() };
  await db
    .insert(approvalPolicy)
    .values({ id: "merchant", ...values })
    .onConflictDoUpdate({ target: approvalPolicy.id, set: { ...values, updatedAt: sql`now()` } });
}
