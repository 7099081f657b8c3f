// GET /api/v1/charges/{id}: one charge with its current status (scope charges:read).
import { readChargeResponse } from "@/lib/api-v1/charges";
import { uuidPathParam } from "@/lib/api-v1/schemas";
import { apiKeyRoute } from "@/lib/http/api-key-route";
import { apiV1Methods } from "@/lib/http/api-v1-methods";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1Methods({
  GET: apiKeyRoute<{ id: string }>(
    { name: "api.charges.read", scope: "charges:read", params: { id: uuidPathParam } },
    (_request, context) => readChargeResponse(context),
  ),
});
