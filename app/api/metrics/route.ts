// Prometheus metrics of this instance (lib/observability/metrics.ts), for a scraper holding
// METRICS_TOKEN as a bearer token. Unset: the endpoint does not exist (404). Every instance
// answers for itself, so Prometheus scrapes each one (docs/observability.md).
import { createHash, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/lib/config";
import { renderMetrics } from "@/lib/observability/metrics";

export const dynamic = "force-dynamic";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compared as digests (equal lengths) in constant time: the answer time says nothing about the token. */
function bearerMatches(authorization: string | null, token: string): boolean {
  const presented = /^Bearer (\S+)$/i.exec(authorization ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(presented), digest(token));
}

export async function GET(request: Request) {
  const token = getConfig().metricsToken;
  if (!token) return Response.json({ error: "Not found." }, { status: 404, headers: { "cache-control": "no-store" } });
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    return Response.json(
      { error: "A valid metrics token is required." },
      { status: 401, headers: { "cache-control": "no-store", "www-authenticate": 'Bearer realm="metrics"' } },
    );
  }
  const { body, contentType } = await renderMetrics();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
