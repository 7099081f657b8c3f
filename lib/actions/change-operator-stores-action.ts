"use server";
// Which stores an operator's role applies to (issue #49): all stores (no grant row, the default) or
// the chosen ones. Admins, with a fresh second factor, like the role; audited with store ids only.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { existingStoreIds, findOperatorStoreGrants, replaceOperatorStoreGrants } from "@/lib/db/queries/operator-stores";
import { findOperator } from "@/lib/db/queries/operators";
import { changeOperatorStoresSchema } from "@/lib/schemas/operator";
import { msg } from "@/lib/i18n/message";

export const changeOperatorStoresAction = operatorAction(
  { name: "operator.change_stores", capability: "manageOperators", wholeMerchant: true, input: changeOperatorStoresSchema, stepUp: true },
  async ({ userId, allStores, storeIds }, { db, operator }) => {
    const target = await findOperator(db, userId);
    if (!target) return { ok: false, code: "INVALID_INPUT", error: msg("errors.operator.gone") };
    const chosen = allStores ? null : [...new Set(storeIds.map((id) => id.toLowerCase()))].sort();
    const actor = { id: operator.id, email: operator.email };
    if (chosen && (await existingStoreIds(db, chosen)).length !== chosen.length) {
      await recordAuditEvent(db, {
        actor,
        action: "operator.change_stores",
        outcome: "refused",
        target: { type: "operator", id: userId },
        details: { reason: "unknown_store" },
      });
      const error = msg("errors.operator.unknownStores");
      return { ok: false, code: "INVALID_INPUT", error, fieldErrors: { storeIds: [error] } };
    }
    const previous = await findOperatorStoreGrants(db, userId);
    await replaceOperatorStoreGrants(db, userId, chosen, operator.id);
    await recordAuditEvent(db, {
      actor,
      action: "operator.change_stores",
      outcome: "success",
      target: { type: "operator", id: userId },
      details: {
        scope: chosen ? "some" : "all",
        storeIds: chosen ?? [],
        previousScope: previous ? "some" : "all",
        previousStoreIds: previous ?? [],
      },
    });
    revalidatePath("/operators");
    return { ok: true, data: { id: userId, allStores: chosen === null, storeIds: chosen ?? [] } };
  },
);
