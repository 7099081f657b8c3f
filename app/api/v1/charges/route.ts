// POST /api/v1/charges: create a charge with an API key (scope charges:write), idempotently.
import { createChargeResponse } from "@/lib/api-v1/charges";
import { createChargeBody } from "@/lib/api-v1/schemas";
import { apiKeyRoute } from "@/lib/http/api-key-route";

export const POST = apiKeyRoute({ name: "api.charges.create", scope: "charges:write", body: createChargeBody }, createChargeResponse);
