// The one way to write an API route for signed-in operators, the route twin of operatorAction
// (lib/actions/operator-action.ts): it checks the session, the pending state (enrol two-factor or
// change a reset password first), the role's capability and, for state-changing methods, the
// origin — then hands the handler the operator and the route's params. Every refusal is a problem
// details response with a message key (lib/http/problem.ts). The routes that do not use it go
// through another wrapper of lib/http/ (public, display, wallet callback, API key; the sandbox's own):
// lib/http/route-wrappers.test.ts fails on a handler outside them, and
// lib/http/route-gates.integration.test.ts calls every route and holds the list of public ones.
import "server-only";
import { recordAuditEvent } from "@/lib/audit";
import type { AuditAction } from "@/lib/audit/audit-actions";
import type { Operator } from "@/lib/auth/operator";
import { roleCan, type Capability } from "@/lib/auth/roles";
import { getCurrentOperator } from "@/lib/auth/session";
import { problemResponse } from "@/lib/http/problem";
import { markRoute, type RouteHandler } from "@/lib/http/route-brand";
import { answerRoute, routeParams } from "@/lib/http/route-request";
import { msg } from "@/lib/i18n/message";
import { logger } from "@/lib/logger";
import { noteRequestActor } from "@/lib/observability/request-id";
import { checkRequestOrigin } from "@/lib/security/origin-check";
import { getRuntime, type Runtime } from "@/lib/server/runtime";

export type OperatorRouteContext<Params> = Runtime & { operator: Operator; params: Params };

const readOnlyMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export function operatorRoute<Params extends Record<string, string> = Record<string, never>>(
  options: {
    name: AuditAction;
    capability: Capability;
    /** The merchant's as a whole, not yet per store (issue #49): refused to an operator shown some stores only. */
    wholeMerchant?: boolean;
  },
  handler: (request: Request, context: OperatorRouteContext<Params>) => Promise<Response>,
): RouteHandler<Params> {
  const failed = () => problemResponse(500, msg("errors.action.failed"));
  return markRoute("operator", (request: Request, context?: { params: Promise<Params> }) =>
    answerRoute(options.name, request, () => gated(request, context), failed),
  );

  async function gated(request: Request, context?: { params: Promise<Params> }): Promise<Response> {
    const operator = await getCurrentOperator();
    if (!operator) return problemResponse(401, msg("errors.action.unauthenticated"));
    noteRequestActor({ kind: "operator", id: operator.id });
    const runtime = await getRuntime();
    const actor = { id: operator.id, email: operator.email };
    if (!readOnlyMethods.has(request.method)) {
      const verdict = checkRequestOrigin(request.headers, runtime.config);
      if (!verdict.ok) {
        logger.warn({ route: options.name, reason: verdict.reason }, "refused a state-changing request from another origin");
        await recordAuditEvent(runtime.db, {
          actor,
          action: options.name,
          outcome: "refused",
          details: { reason: "origin", detail: verdict.reason },
        });
        return problemResponse(403, msg("errors.route.foreignOrigin"));
      }
    }
    // The same gate as pages and actions: a session that has passed only the password reads nothing.
    if (operator.pending) {
      return problemResponse(
        403,
        operator.pending === "change-password" ? msg("errors.action.changePasswordFirst") : msg("errors.action.enrolTwoFactorFirst"),
      );
    }
    if (!roleCan(operator.role, options.capability)) {
      await recordAuditEvent(runtime.db, {
        actor,
        action: options.name,
        outcome: "refused",
        details: { reason: "role", role: operator.role },
      });
      return problemResponse(403, msg("errors.action.roleRefused", { role: operator.role }));
    }
    if (options.wholeMerchant && !operator.stores.all) return problemResponse(403, msg("errors.storeScope.allStoresOnly"));
    const params = await routeParams(context);
    return handler(request, { ...runtime, operator, params });
  }
}
