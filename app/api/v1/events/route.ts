// GET /api/v1/events: the events feed in position order, cursor `after` (scope events:read).
import { listEventsResponse } from "@/lib/api-v1/events";
import { apiKeyRoute } from "@/lib/http/api-key-route";

export const GET = apiKeyRoute({ name: "api.events.list", scope: "events:read" }, listEventsResponse);
