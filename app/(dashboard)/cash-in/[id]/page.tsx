import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CashInResult } from "@/components/cash-in/cash-in-result";
import { requirePageOperator } from "@/lib/auth/session";
import { findTransaction } from "@/lib/db/queries/transactions";
import { getMessages } from "@/lib/i18n/locale";
import { cashInResultTitle } from "@/lib/page-title";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";
import { getRuntime } from "@/lib/server/runtime";
import { cashInResultModel } from "@/lib/cash-in/cash-in-result-model";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: cashInResultTitle };

export default async function CashInResultPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requirePageOperator("read");
  const id = transactionIdSchema.safeParse((await params).id);
  if (!id.success) notFound();
  const { db, config } = await getRuntime();
  const transaction = await findTransaction(db, operator.storeGrants, id.data);
  if (transaction?.kind !== "CASH_IN" || transaction.creationState === "creating" || transaction.creationState === "rejected") notFound();
  const { locale, t } = await getMessages();
  return <CashInResult charge={cashInResultModel(transaction, { locale, operator, config })} t={clientMessages(t, "cashInResult")} />;
}
