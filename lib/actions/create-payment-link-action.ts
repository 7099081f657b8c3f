"use server";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { createPaymentLink } from "@/lib/payment-links/manage-payment-links";
import { paymentLinkFormSchema } from "@/lib/schemas/payment-link";

export const createPaymentLinkAction = operatorAction(
  { name: "payment_link.create", capability: "managePaymentLinks", actsForFirstStore: true, input: paymentLinkFormSchema },
  async ({ id: _id, ...values }, { db, config, operator }) => {
    const result = await createPaymentLink(db, config, { id: operator.id, email: operator.email }, values);
    if (!result.ok) return { ok: false, code: "INVALID_INPUT", error: result.error, fieldErrors: result.fieldErrors };
    revalidatePath("/payment-links");
    return { ok: true, data: { id: result.link.id } };
  },
);
