// Turns a refused outbound URL into the operator's message (in their language) and an audit
// event, for actions that take a URL the server or the wallet will request.
import "server-only";
import { recordAuditEvent } from "@/lib/audit";
import type { AuditAction, AuditTargetType } from "@/lib/audit/audit-actions";
import type { Database } from "@/lib/db/client";
import { getLocale } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { dictionaries } from "@/lib/i18n/messages";
import type { OutboundUrlRefusedError } from "@/lib/net/outbound-fetch";

export async function outboundRefusalMessage(error: OutboundUrlRefusedError): Promise<string> {
  const t = dictionaries[await getLocale()];
  let host = "?";
  try {
    host = new URL(error.url).hostname;
  } catch {
    // Keep "?" for a malformed URL.
  }
  return fill(t[`security.outbound.${error.code}`], { host, address: error.address ?? "?" });
}

/** Audits the refusal (where the URL pointed, never its path: it may hold a secret) and returns the message. */
export async function auditOutboundRefusal(
  db: Pick<Database, "insert">,
  entry: {
    action: AuditAction;
    actor: { id: string; email: string };
    target?: { type: AuditTargetType; id: string };
    error: OutboundUrlRefusedError;
  },
): Promise<string> {
  let host: string | null = null;
  try {
    host = new URL(entry.error.url).host;
  } catch {
    // Malformed: no host to record.
  }
  await recordAuditEvent(db, {
    actor: entry.actor,
    action: entry.action,
    outcome: "refused",
    ...(entry.target ? { target: entry.target } : {}),
    details: {
      reason: "outbound_url",
      code: entry.error.code,
      host,
      address: entry.error.address ?? null,
      explanation: entry.error.reason,
    },
  });
  return outboundRefusalMessage(entry.error);
}
