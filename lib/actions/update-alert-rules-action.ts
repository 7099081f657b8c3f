"use server";
// Saves the alert rules (on/off and thresholds). Admins only, with a fresh step-up; audited.
import { revalidatePath } from "next/cache";
import { recordAuditEvent } from "@/lib/audit";
import { operatorAction } from "@/lib/actions/operator-action";
import { saveAlertRules } from "@/lib/db/queries/alert-settings";
import { updateAlertRulesSchema } from "@/lib/schemas/alert-rules";

export const updateAlertRulesAction = operatorAction(
  { name: "alerts.updateRules", capability: "manageOperators", wholeMerchant: true, input: updateAlertRulesSchema, stepUp: true },
  async (input, { db, operator }) => {
    await saveAlertRules(db, input.rules, operator.email);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "alerts.updateRules",
      outcome: "success",
      details: { rules: input.rules },
    });
    revalidatePath("/settings/alerts");
    return { ok: true, data: { saved: input.rules.length } };
  },
);
