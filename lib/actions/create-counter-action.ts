"use server";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { createCounter } from "@/lib/db/queries/counters";
import { counterFormSchema } from "@/lib/schemas/counter";
import { msg } from "@/lib/i18n/message";

export const createCounterAction = operatorAction(
  { name: "counter.create", capability: "manageCounters", input: counterFormSchema },
  async (input, { db, operator }) => {
    const created = await createCounter(db, input);
    if (!created)
      return {
        ok: false,
        code: "INVALID_INPUT",
        error: msg("errors.counter.nameTaken"),
        fieldErrors: { name: [msg("errors.counter.nameTaken")] },
      };
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "counter.create",
      outcome: "success",
      target: { type: "counter", id: created.id },
      details: { name: input.name },
    });
    revalidatePath("/counters");
    return { ok: true, data: { counterId: created.id } };
  },
);
