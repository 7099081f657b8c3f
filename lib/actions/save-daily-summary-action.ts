"use server";
// Saves the daily summary's settings (on/off, São Paulo time, recipients among the operators).
// Admins only; audited with the number of recipients, not their addresses.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { saveDailySummarySettings } from "@/lib/db/queries/daily-summary";
import { dailySummarySettingsSchema } from "@/lib/schemas/daily-summary-settings";

export const saveDailySummaryAction = operatorAction(
  { name: "books.daily_summary_settings", capability: "manageOperators", wholeMerchant: true, input: dailySummarySettingsSchema },
  async (input, { db, operator }) => {
    await saveDailySummarySettings(db, input);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "books.daily_summary_settings",
      outcome: "success",
      details: { enabled: input.enabled, sendAt: input.sendAt, recipients: input.recipientUserIds.length },
    });
    revalidatePath("/statements");
    return { ok: true, data: null };
  },
);
