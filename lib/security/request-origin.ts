// The origin check bound to the current request and settings, for the action wrapper, the
// sign-in action and state-changing route handlers. A refusal is logged and audited.
import "server-only";
import { headers } from "next/headers";
import { recordAuditEvent } from "@/lib/audit";
import type { AuditAction } from "@/lib/audit/audit-actions";
import { getLocale } from "@/lib/i18n/locale";
import { dictionaries } from "@/lib/i18n/messages";
import { logger } from "@/lib/logger";
import { getRuntime } from "@/lib/server/runtime";
import { checkRequestOrigin } from "@/lib/security/origin-check";

/** Undefined when the current request comes from APP_URL; otherwise the message to show (the refusal is audited). */
export async function refuseForeignOrigin(action: AuditAction, actor?: { id: string; email: string }): Promise<string | undefined> {
  const { db, config } = await getRuntime();
  const verdict = checkRequestOrigin(await headers(), config);
  if (verdict.ok) return undefined;
  logger.warn({ action, reason: verdict.reason }, "refused a state-changing request from another origin");
  await recordAuditEvent(db, {
    actor: actor ?? null,
    action,
    outcome: "refused",
    details: { reason: "origin", detail: verdict.reason },
  }).catch((error: unknown) => logger.error({ err: error, action }, "could not audit an origin refusal"));
  return dictionaries[await getLocale()]["security.foreignOrigin"];
}

/**
 * For state-changing route handlers that act on a session cookie (e.g. an upload endpoint):
 * a 403 JSON response when the request does not come from APP_URL, else undefined (audited like actions).
 */
export async function refuseForeignOriginRequest(request: Request, action: AuditAction): Promise<Response | undefined> {
  const { db, config } = await getRuntime();
  const verdict = checkRequestOrigin(request.headers, config);
  if (verdict.ok) return undefined;
  logger.warn({ action, reason: verdict.reason }, "refused a state-changing request from another origin");
  await recordAuditEvent(db, { actor: null, action, outcome: "refused", details: { reason: "origin", detail: verdict.reason } }).catch(
    (error: unknown) => logger.error({ err: error, action }, "could not audit an origin refusal"),
  );
  return Response.json({ error: "This request did not come from the dashboard's own pages." }, { status: 403 });
}
