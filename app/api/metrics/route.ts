// Prometheus metrics of this instance, for a scraper holding METRICS_TOKEN as a bearer token; 404
// when the setting is unset (lib/observability/metrics.ts). Every instance answers for itself, so
// Prometheus scrapes each one (docs/observability.md).
import { getConfig } from "@/lib/config";
import { publicRoute } from "@/lib/http/public-route";
import { answerMetricsRequest } from "@/lib/observability/metrics";

export const dynamic = "force-dynamic";

export const GET = publicRoute({ name: "metrics" }, (request) => answerMetricsRequest(request, getConfig().metricsToken));
