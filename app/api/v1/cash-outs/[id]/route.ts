// GET /api/v1/cash-outs/{id}: a cash-out request the API made, and its transaction once sent (scope cash_outs:write).
import { readCashOutResponse } from "@/lib/api-v1/cash-outs";
import { uuidPathParam } from "@/lib/api-v1/schemas";
import { apiKeyRoute } from "@/lib/http/api-key-route";
import { apiV1Methods } from "@/lib/http/api-v1-methods";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1Methods({
  GET: apiKeyRoute<{ id: string }>(
    { name: "api.cash_outs.read", scope: "cash_outs:write", params: { id: uuidPathParam } },
    (_request, context) => readCashOutResponse(context),
  ),
});
