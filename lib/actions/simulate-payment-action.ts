"use server";
import { and, eq } from "drizzle-orm";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { transactions } from "@/lib/db/schema";
import { payCashInInSandbox } from "@/lib/sandbox-controls";
import { transactionReferenceSchema } from "@/lib/schemas/transaction-id";

export const simulatePaymentAction = operatorAction(
  { name: "sandbox.simulate_payment", capability: "simulatePayment", input: transactionReferenceSchema },
  async ({ transactionId }, { db, config, operator }) => {
    if (!config.wallet.isSandbox) return { ok: false, code: "FORBIDDEN", error: "Payments can only be simulated while the dashboard is connected to a sandbox wallet." };
    const [transaction] = await db
      .select({ walletTransactionId: transactions.walletTransactionId, status: transactions.status })
      .from(transactions)
      .where(and(eq(transactions.id, transactionId), eq(transactions.kind, "CASH_IN")));
    if (!transaction?.walletTransactionId) return { ok: false, code: "INVALID_INPUT", error: "This charge does not exist at the wallet, so it cannot be paid." };
    const result = await payCashInInSandbox(config, transaction.walletTransactionId);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "sandbox.simulate_payment",
      outcome: result.ok ? "success" : "failure",
      target: { type: "transaction", id: transactionId },
      details: { walletTransactionId: transaction.walletTransactionId, ...(result.ok ? {} : { message: result.error }) },
    });
    return result.ok ? { ok: true, data: null } : { ok: false, code: "FAILED", error: result.error };
  },
);
