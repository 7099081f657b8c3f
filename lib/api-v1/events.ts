// /api/v1/events: the outbox the webhooks are sent from, as a feed a merchant's system reads in
// position order (after a restore, or instead of receiving webhooks). The same envelope as a
// delivery's body (lib/events/deliver.ts), unsigned: the API key authenticates it.
import "server-only";
import { listEventFeed } from "@/lib/db/queries/events";
import { apiJson, type ApiKeyRouteContext } from "@/lib/http/api-key-route";
import { listEventsQuery } from "@/lib/api-v1/schemas";
import { fieldErrorsOf } from "@/lib/schemas/field-errors";
import { msg } from "@/lib/i18n/message";

export async function listEventsResponse(request: Request, context: ApiKeyRouteContext<Record<string, never>, undefined>) {
  const query = listEventsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return context.problem(400, msg("errors.route.invalidQuery"), { fieldErrors: fieldErrorsOf(query.error) });
  const { after, type, limit } = query.data;
  const page = await listEventFeed(context.db, { after, types: type, limit, stores: context.stores });
  return apiJson({
    data: page.rows.map((event) => ({
      id: event.id,
      type: event.type,
      version: event.version,
      timestamp: event.occurredAt.toISOString(),
      position: event.position,
      data: event.data,
    })),
    nextAfter: page.rows.at(-1)?.position ?? after,
    hasMore: page.hasMore,
  });
}
