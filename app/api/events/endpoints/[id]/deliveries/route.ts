// One event endpoint's delivery log (each event with its attempts), the same filters as its page:
// the page's live query polls it while the log is open (components/events/event-delivery-log.tsx).
import { NextResponse } from "next/server";
import * as z from "@/lib/schemas/zod";
import { findEventEndpoint } from "@/lib/db/queries/events";
import { parseDeliveryLogView, readDeliveryLog } from "@/lib/events/delivery-log";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { deliveryLogFiltersSchema } from "@/lib/schemas/events";

export const dynamic = "force-dynamic";

export const GET = operatorRoute<{ id: string }>(
  { name: "events.delivery_log", capability: "manageOperators", wholeMerchant: true },
  async (request, { db, params }) => {
    const endpoint = z.uuid().safeParse(params.id).success ? await findEventEndpoint(db, params.id) : null;
    if (!endpoint) return problemResponse(404, msg("errors.events.notFound"));
    const search = new URL(request.url).searchParams;
    const filters = deliveryLogFiltersSchema.parse(Object.fromEntries(search));
    const view = parseDeliveryLogView(search.get("sort") ?? undefined, search.get("cursor") ?? undefined);
    return NextResponse.json(await readDeliveryLog(db, endpoint.id, { ...filters, ...view }), { headers: { "cache-control": "no-store" } });
  },
);
