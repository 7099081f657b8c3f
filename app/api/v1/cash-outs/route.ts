// POST /api/v1/cash-outs: request a cash-out (scope cash_outs:write); it always awaits a person's approval.
import { createCashOutResponse } from "@/lib/api-v1/cash-outs";
import { createCashOutBody } from "@/lib/api-v1/schemas";
import { apiKeyRoute } from "@/lib/http/api-key-route";
import { apiV1Methods } from "@/lib/http/api-v1-methods";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1Methods({
  POST: apiKeyRoute({ name: "api.cash_outs.create", scope: "cash_outs:write", body: createCashOutBody }, createCashOutResponse),
});
