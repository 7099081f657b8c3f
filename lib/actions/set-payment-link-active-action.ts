"use server";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { switchPaymentLink } from "@/lib/payment-links/manage-payment-links";
import { paymentLinkActiveSchema } from "@/lib/schemas/payment-link";

/** Activates or deactivates a link: an inactive link's page shows its message and takes no charge. */
export const setPaymentLinkActiveAction = operatorAction(
  { name: "payment_link.set_active", capability: "managePaymentLinks", input: paymentLinkActiveSchema },
  async ({ id, active }, { db, operator }) => {
    const result = await switchPaymentLink(db, { id: operator.id, email: operator.email }, id, active, operator.storeGrants);
    if (!result.ok) return { ok: false, code: "INVALID_INPUT", error: result.error };
    revalidatePath("/payment-links");
    revalidatePath(`/payment-links/${id}`);
    return { ok: true, data: { active: result.link.active } };
  },
);
