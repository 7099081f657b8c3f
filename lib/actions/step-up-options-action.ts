"use server";
// What the step-up dialog should ask this operator for: a code (two-factor on) or the password.
import * as z from "@/lib/schemas/zod";
import { operatorAction } from "@/lib/actions/operator-action";

export const stepUpOptionsAction = operatorAction(
  { name: "auth.step_up_options", capability: "read", input: z.object({}), allowPending: true },
  async (_input, { operator }) => ({ ok: true, data: { twoFactorEnabled: operator.twoFactorEnabled } }),
);
