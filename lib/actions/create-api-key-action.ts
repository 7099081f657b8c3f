"use server";
// Creates an API key (admins only, after a step-up); the secret is in the answer once and nowhere else.
// A key for every store needs an admin whose role applies to every store; a key for one store, one of
// the admin's stores (issue #49): a key never sees more than the admin who made it.
import { createApiKey } from "@/lib/api-keys/manage-api-keys";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { findStoreSummary } from "@/lib/db/queries/stores";
import { msg } from "@/lib/i18n/message";
import { createApiKeySchema } from "@/lib/schemas/api-key";
import { storeScopeAllows } from "@/lib/vocabulary/store-scope";

export const createApiKeyAction = operatorAction(
  { name: "api_key.create", capability: "manageApiKeys", input: createApiKeySchema, stepUp: true },
  async (input, { db, operator }) => {
    const allowed = input.storeId
      ? storeScopeAllows(operator.storeGrants, input.storeId) && (await findStoreSummary(db, input.storeId)) !== null
      : operator.storeGrants.all;
    if (!allowed) {
      await recordAuditEvent(db, {
        actor: { id: operator.id, email: operator.email },
        action: "api_key.create",
        outcome: "refused",
        details: { reason: "store" },
      });
      const unknown = msg("errors.apiKeys.unknownStore");
      return { ok: false, code: "INVALID_INPUT" as const, error: unknown, fieldErrors: { storeId: [unknown] } };
    }
    const { key, token } = await createApiKey(db, { id: operator.id, email: operator.email }, input);
    return { ok: true, data: { id: key.id, prefix: key.prefix, token } };
  },
);
