"use server";
// Revokes an API key (admins only, after a step-up): the next request with it gets a 401.
import { revokeApiKeyAsAdmin } from "@/lib/api-keys/manage-api-keys";
import { operatorAction } from "@/lib/actions/operator-action";
import { revokeApiKeySchema } from "@/lib/schemas/api-key";

export const revokeApiKeyAction = operatorAction(
  { name: "api_key.revoke", capability: "manageApiKeys", input: revokeApiKeySchema, stepUp: true },
  async ({ id }, { db, operator }) => {
    const result = await revokeApiKeyAsAdmin(db, { id: operator.id, email: operator.email }, id, operator.storeGrants);
    return result.ok ? { ok: true, data: { id } } : { ok: false, code: "FAILED", error: result.error };
  },
);
