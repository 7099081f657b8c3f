// POST /api/v1/charges: create a charge with an API key (scope charges:write), idempotently.
import { createChargeResponse } from "@/lib/api-v1/charges";
import { createChargeBody } from "@/lib/api-v1/schemas";
import { apiKeyRoute } from "@/lib/http/api-key-route";
import { apiV1Methods } from "@/lib/http/api-v1-methods";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1Methods({
  POST: apiKeyRoute({ name: "api.charges.create", scope: "charges:write", body: createChargeBody }, createChargeResponse),
});
