import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { CashInForm } from "@/components/cash-in/cash-in-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";

export const metadata: Metadata = { title: "Cash in" };

export default async function CashInPage() {
  await requirePageOperator("moveMoney");
  const { t } = await getMessages();
  // A fresh idempotency key per form instance, made on the server so it is stable across hydration.
  return (
    <>
      <PageHeader title={t["cashIn.title"]} description={t["cashIn.placeholder"]} />
      <CashInForm t={t} idempotencyKey={randomUUID()} />
    </>
  );
}
