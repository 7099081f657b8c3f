// Step-up: sensitive actions (confirming or approving a cash-out, adding an operator, changing a
// role, disabling an operator, changing security settings, pairing a counter display) need a fresh
// second factor. operatorAction({ stepUp: true }) asks this module before running the handler.
// A session counts as stepped up for 5 minutes after it proved a TOTP code, a backup code or (for
// an operator without two-factor, when their role does not require it) the password — including
// the sign-in itself. The proof is given through stepUpAction (lib/actions/step-up-action.ts).
import "server-only";
import type { Operator } from "@/lib/auth/operator";
import { stepUpValidityMs } from "@/lib/auth/security-settings";
import { readSteppedUpAt } from "@/lib/auth/session-activity";
import { getRuntime } from "@/lib/server/runtime";

export async function hasRecentStepUp(operator: Operator, now = Date.now()): Promise<boolean> {
  const { db } = await getRuntime();
  const steppedUpAt = await readSteppedUpAt(db, operator.sessionId);
  return steppedUpAt !== null && now - steppedUpAt.getTime() <= stepUpValidityMs;
}
