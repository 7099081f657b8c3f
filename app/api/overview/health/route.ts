// The Overview's delivery health (lib/db/queries/overview-health.ts) as its live panel's query
// data (components/overview/delivery-health.tsx): asked again every few seconds while the Overview
// is open and on focus, since most of what it counts (a rejected or unmatched delivery, a body
// quarantined, a charge past its expiry) pushes no event. Every signed-in role, as the Overview,
// within the stores the request shows (issue #49).
import { NextResponse } from "next/server";
import { loadDeliveryHealth } from "@/lib/db/queries/overview-health";
import { operatorRoute } from "@/lib/http/operator-route";
import { deliveryHealthState } from "@/lib/vocabulary/delivery-health";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({ name: "overview.health", capability: "read" }, async (_request, { db, operator }) => {
  const now = new Date();
  return NextResponse.json(deliveryHealthState(await loadDeliveryHealth(db, operator.stores, now), now), {
    headers: { "cache-control": "no-store" },
  });
});
