"use server";
// How many events a replay would send, shown before it starts (admins; reads only).
import { operatorAction } from "@/lib/actions/operator-action";
import { countReplay } from "@/lib/db/queries/events";
import { eventReplaySchema } from "@/lib/schemas/events";

export const planEventReplayAction = operatorAction(
  { name: "events.planReplay", capability: "manageOperators", input: eventReplaySchema, wholeMerchant: true },
  async (input, { db }) => ({ ok: true, data: { planned: await countReplay(db, input) } }),
);
