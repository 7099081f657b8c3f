// GET /api/v1/payment-links: the links, newest first, with their figures (scope payment_links:read);
// POST: create one, idempotently (scope payment_links:write).
import { apiKeyRoute } from "@/lib/http/api-key-route";
import { apiV1Methods } from "@/lib/http/api-v1-methods";
import { createPaymentLinkBody, createPaymentLinkResponse, listPaymentLinksResponse } from "@/lib/api-v1/payment-links";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1Methods({
  GET: apiKeyRoute({ name: "api.payment_links.list", scope: "payment_links:read" }, listPaymentLinksResponse),
  POST: apiKeyRoute(
    { name: "api.payment_links.create", scope: "payment_links:write", body: createPaymentLinkBody },
    createPaymentLinkResponse,
  ),
});
