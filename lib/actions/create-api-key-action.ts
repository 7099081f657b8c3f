"use server";
// Creates an API key (admins only, after a step-up); the secret is in the answer once and nowhere else.
import { createApiKey } from "@/lib/api-keys/manage-api-keys";
import { operatorAction } from "@/lib/actions/operator-action";
import { createApiKeySchema } from "@/lib/schemas/api-key";

export const createApiKeyAction = operatorAction(
  { name: "api_key.create", capability: "manageApiKeys", input: createApiKeySchema, stepUp: true },
  async (input, { db, operator }) => {
    const { key, token } = await createApiKey(db, { id: operator.id, email: operator.email }, input);
    return { ok: true, data: { id: key.id, prefix: key.prefix, token } };
  },
);
