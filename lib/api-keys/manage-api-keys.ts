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
import { type StoreScope, storeScopeAllows } from "@/lib/vocabulary/store-scope";

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

/**
 * Revokes a key for an admin whose role applies to `stores` (issue #49): a key of a store beyond
 * them, or a key for every store when they are not on every store, is not found to them (a key never
 * answers to less than the admin who made it, lib/actions/create-api-key-action.ts).
 */
export async function revokeApiKeyAsAdmin(
  db: Database,
  admin: Admin,
  id: string,
  stores: StoreScope,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const key = await findApiKey(db, id);
  if (!key) return { ok: false, error: msg("errors.apiKeys.notFound") };
  if (key.storeId === null ? !stores.all : !storeScopeAllows(stores, key.storeId)) {
    await recordAuditEvent(db, {
      actor: admin,
      action: "api_key.revoke",
      outcome: "refused",
      target: { type: "api_key", id },
      details: { reason: "store" },
    });
    return { ok: false, error: msg("errors.apiKeys.notFound") };
  }
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
