// Prometheus metrics of this instance, for a scraper holding METRICS_TOKEN as a bearer token; 404
// when the setting is unset (lib/observability/metrics.ts). Every instance answers for itself, so
// Prometheus scrapes each one (docs/observability.md).
import { getConfig } from "@/lib/config";
import { answerMetricsRequest } from "@/lib/observability/metrics";

export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return answerMetricsRequest(request, getConfig().metricsToken);
}
