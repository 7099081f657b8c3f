// Step-up: sensitive actions (confirming or approving a cash-out, adding an operator, changing a
// role, disabling an operator, changing security settings, pairing a counter display) need a fresh
// second factor. operatorAction({ stepUp: true }) asks this module before running the handler.
// A session counts as stepped up for 5 minutes after it proved a TOTP code, a backup code or (for
// an operator without two-factor, when their role does not require it) the password, through
// stepUpAction (lib/actions/step-up-action.ts). The sign-in itself is such a proof too, except for
// actions that move money (stepUp: "money") unless STEP_UP_AFTER_SIGN_IN says so: paying out is
// then always a deliberate, separate confirmation, never a side effect of having just signed in.
import "server-only";
import { eq } from "drizzle-orm";
import type { Operator } from "@/lib/auth/operator";
import { stepUpValidityMs } from "@/lib/auth/security-settings";
import { session, sessionActivity } from "@/lib/db/schema";
import { getRuntime } from "@/lib/server/runtime";

/** What the action needs: "money" for creating or approving payouts, true for the other sensitive actions. */
export type StepUpRequirement = true | "money";

export async function hasRecentStepUp(operator: Operator, requirement: StepUpRequirement = true, now = Date.now()): Promise<boolean> {
  const { db, config } = await getRuntime();
  const [row] = await db
    .select({ steppedUpAt: sessionActivity.steppedUpAt, sessionCreatedAt: session.createdAt })
    .from(session)
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, session.id))
    .where(eq(session.id, operator.sessionId));
  const steppedUpAt = row?.steppedUpAt ?? null;
  if (steppedUpAt === null || now - steppedUpAt.getTime() > stepUpValidityMs) return false;
  // The sign-in records its proof at the session's own start time (lib/auth/auth.ts); a step-up
  // proved later is always after it (a new token keeps the start time: lib/auth/rotate-session.ts).
  const provedBySignIn = steppedUpAt.getTime() === row?.sessionCreatedAt.getTime();
  return !(provedBySignIn && requirement === "money" && !config.stepUpAfterSignIn);
}
