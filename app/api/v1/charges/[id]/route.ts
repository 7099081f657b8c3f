// GET /api/v1/charges/{id}: one charge with its current status (scope charges:read).
import { readChargeResponse } from "@/lib/api-v1/charges";
import { apiKeyRoute } from "@/lib/http/api-key-route";

export const GET = apiKeyRoute<{ id: string }>({ name: "api.charges.read", scope: "charges:read" }, (_request, context) =>
  readChargeResponse(context),
);
