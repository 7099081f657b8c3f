// Step-up: sensitive actions (confirming or approving a cash-out, adding an operator, changing a
// role, disabling an operator, changing security settings, pairing a counter display) need a fresh
// second factor. operatorAction({ stepUp: true }) asks this module before running the handler.
// HOOK: the operator-accounts issue (#10) implements the check (a TOTP code or password given in
// the last 5 minutes); until it lands every signed-in session counts as stepped up.
import "server-only";
import type { Operator } from "@/lib/auth/session";

export async function hasRecentStepUp(_operator: Operator): Promise<boolean> {
  return true;
}
