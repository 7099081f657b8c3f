// Creating and revoking API keys (admins, after a step-up: lib/actions/*-api-key-action.ts), both
// audited. The secret is returned once, at creation, and never stored or logged.
import "server-only";
import { recordAuditEvent } from "@/lib/audit";
import { apiKeyActorText } from "@/lib/vocabulary/api-key-actor";
import { newApiKeyToken } from "@/lib/api-keys/api-key-tokens";
import type { Database } from "@/lib/db/client";
import { findApiKey, insertApiKey, revokeApiKey } from "@/lib/db/queries/api-keys";
import type { ApiKeyRecord } from "@/lib/db/schema";
import { msg } from "@/lib/i18n/message";
import type { ApiScope } from "@/lib/vocabulary/api-scopes";

type Admin = { id: string; email: string };

export async function createApiKey(
  db: Database,
  admin: Admin,
  input: { name: string; scopes: ApiScope[]; expiresAt: Date | null; storeId?: string | null },
): Promise<{ key: ApiKeyRecord; token: string }> {
  const { token, prefix, secretHash } = newApiKeyToken();
  const key = await insertApiKey(db, {
    name: input.name,
    prefix,
    secretHash,
    scopes: input.scopes,
    expiresAt: input.expiresAt,
    storeId: input.storeId ?? null,
    createdByUserId: admin.id,
    createdByEmail: admin.email,
  });
  await recordAuditEvent(db, {
    actor: admin,
    action: "api_key.create",
    outcome: "success",
    target: { type: "api_key", id: key.id },
    details: { name: key.name, prefix, scopes: key.scopes, expiresAt: key.expiresAt?.toISOString() ?? null, storeId: key.storeId },
  });
  return { key, token };
}

export async function revokeApiKeyAsAdmin(db: Database, admin: Admin, id: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const key = await findApiKey(db, id);
  if (!key) return { ok: false, error: msg("errors.apiKeys.notFound") };
  const revoked = await revokeApiKey(db, id, admin);
  await recordAuditEvent(db, {
    actor: admin,
    action: "api_key.revoke",
    outcome: revoked ? "success" : "refused",
    target: { type: "api_key", id },
    details: { name: key.name, prefix: key.prefix, ...(revoked ? {} : { reason: "already_revoked" }) },
  });
  return revoked ? { ok: true } : { ok: false, error: msg("errors.apiKeys.alreadyRevoked") };
}

/** Who a key is in the ledger and the audit log: "api_key:<id>", shown as its name and prefix. */
export function apiKeyActor(key: Pick<ApiKeyRecord, "id" | "name" | "prefix">): { id: string; email: string } {
  return { id: `api_key:${key.id}`, email: apiKeyActorText(key) };
}
