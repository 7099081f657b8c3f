// GET /api/v1/events: the events feed in position order, cursor `after` (scope events:read).
import { listEventsResponse } from "@/lib/api-v1/events";
import { apiKeyRoute } from "@/lib/http/api-key-route";
import { apiV1Methods } from "@/lib/http/api-v1-methods";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1Methods({
  GET: apiKeyRoute({ name: "api.events.list", scope: "events:read", wholeMerchant: true }, listEventsResponse),
});
