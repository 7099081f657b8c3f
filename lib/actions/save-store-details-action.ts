"use server";
// Edits a store's details (issue #49; admins, step-up): its name, the account holder's CPF or CNPJ
// (checked by the schema with the project's Brazilian documents module), the name payers see and
// its time zone. Audited with which fields changed, never their values.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { findStoreSummary, updateStoreDetails } from "@/lib/db/queries/stores";
import { msg } from "@/lib/i18n/message";
import { storeDetailsSchema } from "@/lib/schemas/stores";

export const saveStoreDetailsAction = operatorAction(
  { name: "stores.details", capability: "manageOperators", wholeMerchant: true, input: storeDetailsSchema, stepUp: true },
  async ({ storeId, ...details }, { db, operator }) => {
    const actor = { id: operator.id, email: operator.email };
    const target = { type: "store" as const, id: storeId };
    const before = await findStoreSummary(db, storeId);
    if (!before || !(await updateStoreDetails(db, storeId, details))) {
      await recordAuditEvent(db, { actor, action: "stores.details", outcome: "refused", target, details: { reason: "unknown_store" } });
      return { ok: false, code: "FAILED", error: msg("errors.stores.unknownStore") };
    }
    await recordAuditEvent(db, {
      actor,
      action: "stores.details",
      outcome: "success",
      target,
      details: {
        nameChanged: before.name !== details.name,
        documentChanged: before.holderDocument !== details.holderDocument,
        payerFacingNameChanged: before.payerFacingName !== details.payerFacingName,
        timeZoneChanged: before.timeZoneName !== details.timeZoneName,
      },
    });
    revalidatePath("/settings/stores");
    return { ok: true, data: null };
  },
);
