// POST /api/v1/cash-outs: request a cash-out (scope cash_outs:write); it always awaits a person's approval.
import { createCashOutResponse } from "@/lib/api-v1/cash-outs";
import { createCashOutBody } from "@/lib/api-v1/schemas";
import { apiKeyRoute } from "@/lib/http/api-key-route";

export const POST = apiKeyRoute({ name: "api.cash_outs.create", scope: "cash_outs:write", body: createCashOutBody }, createCashOutResponse);
