"use server";
// A replay's progress, polled by the delivery log while it runs (admins; reads only).
import { operatorAction } from "@/lib/actions/operator-action";
import { replayProgress } from "@/lib/db/queries/events";
import { msg } from "@/lib/i18n/message";
import { replayIdSchema } from "@/lib/schemas/events";

export const eventReplayProgressAction = operatorAction(
  { name: "events.replayProgress", capability: "manageOperators", input: replayIdSchema, wholeMerchant: true },
  async (input, { db }) => {
    const progress = await replayProgress(db, input.replayId);
    if (!progress) return { ok: false, code: "FAILED", error: msg("errors.events.notFound") };
    return { ok: true, data: progress };
  },
);
