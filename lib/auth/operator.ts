// Who is signed in, as the rest of the server sees it. A plain type module: code that acts for an
// operator (cash-ins, cash-outs, approvals) imports it without pulling in the session machinery.
import type { OperatorRole } from "@/lib/vocabulary/operator-roles";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

/** What the operator must do before anything else: enrol a second factor, or replace a reset password. */
export type PendingStep = "enrol-two-factor" | "change-password" | null;

export type Operator = {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  /** better-auth's session id (not the token): step-up and activity are kept per session. */
  sessionId: string;
  twoFactorEnabled: boolean;
  pending: PendingStep;
  /** The stores the operator's role applies to (lib/db/schema/operator-stores.ts): what they may see and act on. */
  storeGrants: StoreScope;
  /** What this request shows: the grants, narrowed to one store by the store switcher when chosen. */
  stores: StoreScope;
};
