// How the two store actions answer a connection that was not saved (lib/stores/manage-stores.ts):
// audited (the reason and the wallet's host; the outbound guard's refusal as the wrappers record
// it), and answered on the field it concerns, in words that say nothing was saved and why.
import "server-only";
import type { ActionFailure } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import type { Database } from "@/lib/db/client";
import { msg } from "@/lib/i18n/message";
import { auditOutboundRefusal } from "@/lib/security/outbound-refusal";
import type { ConnectionRefusal } from "@/lib/stores/manage-stores";

export async function storeConnectionFailure(
  db: Database,
  entry: {
    action: "stores.create" | "stores.connection";
    actor: { id: string; email: string };
    storeId?: string;
    host: string;
    refusal: ConnectionRefusal | { refused: "unknown_store" };
  },
): Promise<ActionFailure> {
  const target = entry.storeId ? { type: "store" as const, id: entry.storeId } : undefined;
  const { refusal } = entry;
  if (refusal.refused === "outbound_url") {
    const message = await auditOutboundRefusal(db, { action: entry.action, actor: entry.actor, target, error: refusal.error });
    return { ok: false, code: "INVALID_INPUT", error: message, fieldErrors: { baseUrl: [message] } };
  }
  const reason = refusal.refused === "check" ? refusal.outcome : refusal.refused;
  await recordAuditEvent(db, {
    actor: entry.actor,
    action: entry.action,
    outcome: "refused",
    ...(target ? { target } : {}),
    details: { reason, host: entry.host },
  });
  switch (reason) {
    case "unknown_store":
      return { ok: false, code: "FAILED", error: msg("errors.stores.unknownStore") };
    case "credentials_key_missing":
      return { ok: false, code: "FAILED", error: msg("errors.stores.credentialsKeyMissing") };
    case "token_refused":
      return {
        ok: false,
        code: "FAILED",
        error: msg("errors.stores.check.token_refused"),
        fieldErrors: { token: [msg("errors.stores.check.token_refused")] },
      };
    case "unreachable":
      return {
        ok: false,
        code: "FAILED",
        error: msg("errors.stores.check.unreachable"),
        fieldErrors: { baseUrl: [msg("errors.stores.check.unreachable")] },
      };
    case "unexpected_answer":
      return {
        ok: false,
        code: "FAILED",
        error: msg("errors.stores.check.unexpected_answer"),
        fieldErrors: { baseUrl: [msg("errors.stores.check.unexpected_answer")] },
      };
    case "unknown":
      return { ok: false, code: "FAILED", error: msg("errors.stores.check.unknown") };
  }
}
