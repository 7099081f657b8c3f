"use server";
// Closes a São Paulo day's books: its statement is frozen as it stands (lib/db/queries/statements.ts,
// closeDay); later changes to its transactions appear as adjustments on the next open day. Finance
// and admins; only a day already over; audited (closed or refused because already closed).
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { closeDay, DayAlreadyClosedError } from "@/lib/db/queries/statements";
import { msg } from "@/lib/i18n/message";
import { closeDayInputSchema } from "@/lib/schemas/statement-period";
import { saoPauloDayOf } from "@/lib/vocabulary/sao-paulo-dates";

export const closeDayAction = operatorAction(
  { name: "books.close_day", capability: "closeBooks", wholeMerchant: true, input: closeDayInputSchema },
  async (input, { db, operator, config }) => {
    const actor = { id: operator.id, email: operator.email };
    if (input.day >= saoPauloDayOf(new Date()))
      return {
        ok: false,
        code: "INVALID_INPUT",
        error: msg("errors.statements.dayNotOver"),
        fieldErrors: { day: [msg("errors.statements.dayNotOver")] },
      };
    try {
      const totals = await closeDay(db, input.day, actor, config.wallet.taxUnit);
      await recordAuditEvent(db, {
        actor,
        action: "books.close_day",
        outcome: "success",
        details: { day: input.day, netCents: totals.netCents, adjustments: totals.adjustments.count },
      });
    } catch (error) {
      if (!(error instanceof DayAlreadyClosedError)) throw error;
      await recordAuditEvent(db, {
        actor,
        action: "books.close_day",
        outcome: "refused",
        details: { day: input.day, reason: "already_closed" },
      });
      return { ok: false, code: "FAILED", error: msg("errors.statements.alreadyClosed") };
    }
    revalidatePath("/statements");
    return { ok: true, data: { day: input.day } };
  },
);
