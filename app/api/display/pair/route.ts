// Pairs this browser as a counter display: a valid one-time code gets it a display session cookie.
// Not a server action: the device has no operator session, and this is its only way in. The
// checks and limits are in lib/displays/pair-request.ts.
import { handlePairRequest } from "@/lib/displays/pair-request";
import { displayRoute } from "@/lib/http/display-route";

export const dynamic = "force-dynamic";

export const POST = displayRoute({ name: "display.pair" }, (request, { db, config }) => handlePairRequest(db, config, request));
