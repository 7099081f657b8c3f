// GET /api/v1/events: the events feed in position order, cursor `after` (scope events:read); a
// one-store key reads its store's events only (lib/db/queries/events.ts listEventFeed).
import { listEventsResponse } from "@/lib/api-v1/events";
import { apiKeyRoute } from "@/lib/http/api-key-route";
import { apiV1Methods } from "@/lib/http/api-v1-methods";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1Methods({
  GET: apiKeyRoute({ name: "api.events.list", scope: "events:read" }, listEventsResponse),
});
