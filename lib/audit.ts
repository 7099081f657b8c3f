// Writes audit events. Only the actions of the registry (lib/audit/audit-actions.ts), each with
// details of its own shape: TypeScript refuses anything else at the call site, and the details are
// parsed here when written, which masks their personal fields (a document, a free-form text, a
// search term) so no audit row holds personal data in full (issue #46). Secrets are never passed.
import { type AuditAction, type AuditDetailsInput, type AuditTargetType, auditActions } from "@/lib/audit/audit-actions";
import type { Database } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import * as z from "@/lib/schemas/zod";
import { maskPersonalDataInText } from "@/lib/vocabulary/personal-data-masks";

export type AuditOutcome = "success" | "failure" | "refused";

export type AuditEntry<A extends AuditAction = AuditAction> = {
  actor: { id: string; email: string } | null;
  action: A;
  outcome: AuditOutcome;
  target?: { type: AuditTargetType; id: string };
  details?: AuditDetailsInput<A>;
};

/** Every string in a JSON value with its e-mails, CPFs and phones masked (the fallback below). */
function maskStrings(value: unknown): unknown {
  if (typeof value === "string") return maskPersonalDataInText(value);
  if (Array.isArray(value)) return value.map(maskStrings);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskStrings(inner)]));
  return value;
}

/**
 * The details as stored: parsed by the action's schema (personal fields masked). Details that do
 * not fit (a value the types let through, e.g. a spread) are still recorded, every string masked,
 * and a warning names the action and the fields, never their values: an audit event is not lost.
 */
export function auditDetailsToStore(action: AuditAction, details: unknown): Record<string, unknown> {
  const parsed = z.safeParse(auditActions[action] as z.core.$ZodType, details ?? {});
  if (parsed.success) return parsed.data as Record<string, unknown>;
  logger.warn(
    { action, fields: parsed.error.issues.map((issue) => issue.path.join(".") || issue.code) },
    "audit details did not match their action's shape; stored with free text masked",
  );
  return maskStrings(details ?? {}) as Record<string, unknown>;
}

export async function recordAuditEvent<A extends AuditAction>(db: Pick<Database, "insert">, entry: AuditEntry<A>): Promise<void> {
  await db.insert(auditEvents).values({
    actorUserId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    outcome: entry.outcome,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    details: auditDetailsToStore(entry.action, entry.details),
  });
}
