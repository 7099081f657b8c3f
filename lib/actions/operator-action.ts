// The one way to write a server action for signed-in operators: it checks the session and the
// role, parses the input with the given zod schema, and turns unexpected errors into a safe
// message (details go to the log). Every server action is a public endpoint, so none skips this.
import "server-only";
import * as z from "@/lib/schemas/zod";
import { recordAuditEvent } from "@/lib/audit";
import type { AuditAction } from "@/lib/audit/audit-actions";
import type { Operator } from "@/lib/auth/operator";
import { roleCan, type Capability } from "@/lib/auth/roles";
import { hasRecentStepUp, type StepUpRequirement } from "@/lib/auth/step-up";
import { getCurrentOperator } from "@/lib/auth/session";
import { noteRequestActor } from "@/lib/observability/request-id";
import { inSpan } from "@/lib/observability/tracing";
import { logger } from "@/lib/logger";
import { refuseForeignOrigin } from "@/lib/security/request-origin";
import { getRuntime, type Runtime } from "@/lib/server/runtime";
import { msg } from "@/lib/i18n/message";
import { fieldErrorsOf } from "@/lib/schemas/field-errors";
import { shownFailure } from "@/lib/actions/shown-failure";

export type { ActionAnswer, ActionFailure, ActionResult, ShownFailure } from "@/lib/actions/action-result";
import type { ActionAnswer, ActionResult } from "@/lib/actions/action-result";

export type OperatorActionContext = Runtime & { operator: Operator };

export function operatorAction<Schema extends z.core.$ZodType, Output>(
  options: {
    /** The audit action its refusals and its own events are recorded under (lib/audit/audit-actions.ts). */
    name: AuditAction;
    capability: Capability;
    input: Schema;
    /**
     * Sensitive actions need a fresh second factor (lib/auth/step-up.ts); "money" for those that
     * move money, where the sign-in itself counts only when STEP_UP_AFTER_SIGN_IN says so.
     */
    stepUp?: StepUpRequirement;
    /** Only for enrolling two-factor and changing a reset password: allowed before those are done. */
    allowPending?: boolean;
    /**
     * Issue #49: the action changes what is the merchant's as a whole (closing a day's books, the
     * opening balance, the daily summary): refused, audited, to an operator whose role applies to
     * some stores only.
     */
    wholeMerchant?: boolean;
  },
  handler: (input: z.output<Schema>, context: OperatorActionContext) => Promise<ActionResult<Output>>,
): (input: z.input<Schema>) => Promise<ActionAnswer<Output>> {
  const answer = async (rawInput: z.input<Schema>): Promise<ActionResult<Output>> => {
    const operator = await getCurrentOperator();
    if (operator) noteRequestActor({ kind: "operator", id: operator.id });
    if (!operator) return { ok: false, code: "UNAUTHENTICATED", error: msg("errors.action.unauthenticated") };
    // Origin must be APP_URL itself (Next's own check trusts X-Forwarded-Host): lib/security/origin-check.ts.
    const foreignOrigin = await refuseForeignOrigin(options.name, { id: operator.id, email: operator.email });
    if (foreignOrigin) return { ok: false, code: "FORBIDDEN", error: foreignOrigin };
    const runtime = await getRuntime();
    // An operator who must enrol two-factor (or replace a reset password) can do nothing else first.
    if (operator.pending && !options.allowPending) {
      return {
        ok: false,
        code: "FORBIDDEN",
        error: operator.pending === "change-password" ? msg("errors.action.changePasswordFirst") : msg("errors.action.enrolTwoFactorFirst"),
      };
    }
    if (!roleCan(operator.role, options.capability)) {
      await recordAuditEvent(runtime.db, {
        actor: { id: operator.id, email: operator.email },
        action: options.name,
        outcome: "refused",
        details: { reason: "role", role: operator.role },
      });
      return { ok: false, code: "FORBIDDEN", error: msg("errors.action.roleRefused", { role: operator.role }) };
    }
    if (options.stepUp && !(await hasRecentStepUp(operator, options.stepUp))) {
      await recordAuditEvent(runtime.db, {
        actor: { id: operator.id, email: operator.email },
        action: options.name,
        outcome: "refused",
        details: { reason: "step_up_required" },
      });
      return { ok: false, code: "STEP_UP_REQUIRED", error: msg("errors.action.stepUpRequired") };
    }
    if (options.wholeMerchant && !operator.storeGrants.all) {
      await recordAuditEvent(runtime.db, {
        actor: { id: operator.id, email: operator.email },
        action: options.name,
        outcome: "refused",
        details: { reason: "store" },
      });
      return { ok: false, code: "FORBIDDEN", error: msg("errors.storeScope.wholeMerchantOnly") };
    }
    const parsed = z.safeParse(options.input, rawInput);
    if (!parsed.success) {
      return {
        ok: false,
        code: "INVALID_INPUT",
        error: msg("errors.action.invalidInput"),
        fieldErrors: fieldErrorsOf(parsed.error),
      };
    }
    try {
      // Its span (lib/observability/tracing.ts; a no-op unless traces are exported): the action's work, its wallet call a child.
      return await inSpan(`action ${options.name}`, { attributes: { "wallet_dashboard.action": options.name } }, async (span) => {
        const result = await handler(parsed.data, { ...runtime, operator });
        span.setAttribute("wallet_dashboard.action.ok", result.ok);
        return result;
      });
    } catch (error) {
      // Redirects and notFound are control flow, not failures.
      if (isNextControlFlow(error)) throw error;
      logger.error({ err: error, action: options.name, operatorId: operator.id }, "server action failed");
      return {
        ok: false,
        code: "FAILED",
        error: msg("errors.action.failed"),
      };
    }
  };
  return async (rawInput) => shownFailure(await answer(rawInput));
}

function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && digest.startsWith("NEXT_");
}
