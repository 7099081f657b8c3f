"use server";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { chosenStore } from "@/lib/actions/store-choice";
import { createPaymentLink } from "@/lib/payment-links/manage-payment-links";
import { paymentLinkFormSchema } from "@/lib/schemas/payment-link";

export const createPaymentLinkAction = operatorAction(
  { name: "payment_link.create", capability: "managePaymentLinks", input: paymentLinkFormSchema },
  async ({ id: _id, storeId: chosenStoreId, ...values }, context) => {
    const { db, config, operator } = context;
    // The store chosen on the form (issue #49): its wallet charges the link's payers.
    const store = await chosenStore(context, chosenStoreId, "payment_link.create");
    if (!store.ok) return store;
    const result = await createPaymentLink(db, config, { id: operator.id, email: operator.email }, values, { storeId: store.storeId });
    if (!result.ok) return { ok: false, code: "INVALID_INPUT", error: result.error, fieldErrors: result.fieldErrors };
    revalidatePath("/payment-links");
    return { ok: true, data: { id: result.link.id } };
  },
);
