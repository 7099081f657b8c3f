// GET /api/v1/cash-outs/{id}: a cash-out request the API made, and its transaction once sent (scope cash_outs:write).
import { readCashOutResponse } from "@/lib/api-v1/cash-outs";
import { apiKeyRoute } from "@/lib/http/api-key-route";

export const GET = apiKeyRoute<{ id: string }>({ name: "api.cash_outs.read", scope: "cash_outs:write" }, (_request, context) =>
  readCashOutResponse(context),
);
