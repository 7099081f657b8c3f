"use server";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { msg } from "@/lib/i18n/message";
import { editPaymentLink } from "@/lib/payment-links/manage-payment-links";
import { paymentLinkFormSchema } from "@/lib/schemas/payment-link";

export const updatePaymentLinkAction = operatorAction(
  { name: "payment_link.update", capability: "managePaymentLinks", input: paymentLinkFormSchema },
  // The store is chosen when the link is made and kept: an edit's `storeId` is ignored.
  async ({ id, storeId: _storeId, ...values }, { db, config, operator }) => {
    if (!id) return { ok: false, code: "INVALID_INPUT", error: msg("errors.paymentLinks.unknown") };
    const result = await editPaymentLink(db, config, { id: operator.id, email: operator.email }, id, values, operator.storeGrants);
    if (!result.ok) return { ok: false, code: "INVALID_INPUT", error: result.error, fieldErrors: result.fieldErrors };
    revalidatePath("/payment-links");
    revalidatePath(`/payment-links/${id}`);
    return { ok: true, data: { id } };
  },
);
