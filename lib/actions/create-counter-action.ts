"use server";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { createCounter } from "@/lib/db/queries/counters";
import { counterFormSchema } from "@/lib/schemas/counter";
import { msg } from "@/lib/i18n/message";
import { chosenStore } from "@/lib/actions/store-choice";

export const createCounterAction = operatorAction(
  { name: "counter.create", capability: "manageCounters", input: counterFormSchema },
  async ({ storeId: chosenStoreId, ...input }, { db, config, operator }) => {
    // A till of the chosen store (issue #49): one the operator's role applies to.
    const store = await chosenStore({ db, config, operator }, chosenStoreId, "counter.create");
    if (!store.ok) return store;
    const created = await createCounter(db, { ...input, storeId: store.storeId });
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
      details: { name: input.name, storeId: store.storeId },
    });
    revalidatePath("/counters");
    return { ok: true, data: { counterId: created.id } };
  },
);
