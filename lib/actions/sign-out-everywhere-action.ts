"use server";
// Ends every session of the signed-in operator, on every device, this one included.
import { redirect } from "next/navigation";
import * as z from "@/lib/schemas/zod";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { endAllSessionsOf } from "@/lib/db/queries/operator-security";

const signOutEverywhere = operatorAction(
  { name: "auth.sign_out_everywhere", capability: "read", input: z.object({}), allowPending: true },
  async (_input, { db, operator }) => {
    await endAllSessionsOf(db, operator.id);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "auth.sign_out_everywhere",
      outcome: "success",
    });
    return { ok: true, data: null };
  },
);

export async function signOutEverywhereAction(): Promise<void> {
  await signOutEverywhere({});
  redirect("/sign-in");
}
