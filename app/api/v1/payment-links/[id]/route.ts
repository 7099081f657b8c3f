// GET /api/v1/payment-links/{id}: one link with its figures (scope payment_links:read);
// PATCH: change its settings or switch it off and on (scope payment_links:write).
import { uuidPathParam } from "@/lib/api-v1/schemas";
import { apiKeyRoute } from "@/lib/http/api-key-route";
import { apiV1Methods } from "@/lib/http/api-v1-methods";
import { readPaymentLinkResponse, updatePaymentLinkBody, updatePaymentLinkResponse } from "@/lib/api-v1/payment-links";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1Methods({
  GET: apiKeyRoute<{ id: string }>(
    { name: "api.payment_links.read", scope: "payment_links:read", params: { id: uuidPathParam } },
    (_request, context) => readPaymentLinkResponse(context),
  ),
  PATCH: apiKeyRoute(
    {
      name: "api.payment_links.update",
      scope: "payment_links:write",

      params: { id: uuidPathParam },
      body: updatePaymentLinkBody,
    },
    updatePaymentLinkResponse,
  ),
});
