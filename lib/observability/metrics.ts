// This instance's Prometheus metrics (prom-client): what /api/metrics serves. Each instance counts
// its own work, so Prometheus scrapes every instance (docs/observability.md). Recording is a label
// lookup and an addition: cheap enough for the callback receiver, the busiest route.
import { createHash, timingSafeEqual } from "node:crypto";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { openLiveStreamCount } from "@/lib/observability/lifecycle";

/** The background jobs whose lag is reported: time since each last finished a round. */
export type BackgroundJob = "alerts" | "batch_sender" | "personal_data_retention";

/** A transaction's step the business counts: its creation's outcome, then its final status. */
export type TransactionStep = "created" | "refused" | "outcome_unknown" | "paid" | "failed" | "canceled";
type TransactionKindLabel = "cash_in" | "cash_out";

type Metrics = {
  registry: Registry;
  transactions: Counter<"kind" | "step">;
  transactionAmounts: Counter<"kind" | "step">;
  eventDeliveries: Counter<"outcome">;
  callbacksReceived: Counter<"outcome">;
  walletCalls: Histogram<"operation" | "outcome">;
  signInFailures: Counter<"reason">;
  httpRequests: Histogram<"method" | "route" | "status">;
  jobRoundFinishedAt: Map<BackgroundJob, number>;
};

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // prom-client adds `nodejs_active_{handles,requests,resources}_total` gauges, and the `_total` suffix
  // is for counters (Prometheus' conventions, promtool): dropped. The same figures stay, by type, in
  // the gauges without the suffix it also serves (their sum is what the _total ones said).
  for (const name of ["handles", "requests", "resources"]) registry.removeSingleMetric(`nodejs_active_${name}_total`);
  const jobRoundFinishedAt = new Map<BackgroundJob, number>();
  // Read when scraped, from the state they describe.
  new Gauge({
    name: "wallet_dashboard_live_streams_open",
    help: "Server-sent-event streams (displays, payer pages, charge pages) open on this instance.",
    registers: [registry],
    collect() {
      this.set(openLiveStreamCount());
    },
  });
  new Gauge({
    name: "wallet_dashboard_background_job_lag_seconds",
    help: "Seconds since each background job last finished a round on this instance (alerts, batch_sender, personal_data_retention). Grows without bound when a job is stuck.",
    labelNames: ["job"],
    registers: [registry],
    collect() {
      const now = Date.now();
      for (const [job, finishedAt] of jobRoundFinishedAt) this.set({ job }, (now - finishedAt) / 1000);
    },
  });
  return {
    registry,
    jobRoundFinishedAt,
    // Business counters. Each instance counts what it did (the creation it asked the wallet for, the
    // callback it applied), so the sum over instances is the merchant's.
    transactions: new Counter({
      name: "wallet_dashboard_transactions_total",
      help: "Charges (cash_in) and cash-outs (cash_out) by step: created, refused or outcome_unknown when the wallet was asked; paid, failed or canceled when a callback applied a final status.",
      labelNames: ["kind", "step"],
      registers: [registry],
    }),
    transactionAmounts: new Counter({
      name: "wallet_dashboard_transaction_amount_cents_total",
      help: "The amounts (in centavos) of wallet_dashboard_transactions_total, by the same kind and step.",
      labelNames: ["kind", "step"],
      registers: [registry],
    }),
    eventDeliveries: new Counter({
      name: "wallet_dashboard_event_deliveries_total",
      help: "Attempts to deliver an event to a merchant endpoint, by outcome: delivered, retrying (failed, another attempt is scheduled) or failed (the last attempt failed).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    callbacksReceived: new Counter({
      name: "wallet_dashboard_callbacks_received_total",
      help: "Wallet callbacks received by this instance, by outcome (applied, duplicate, stale, rejected, quarantined, refused, not_found, failed, …).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    walletCalls: new Histogram({
      name: "wallet_dashboard_wallet_call_duration_seconds",
      help: "Calls to the wallet API by operation and outcome (ok, or the error kind), with their duration.",
      labelNames: ["operation", "outcome"],
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    httpRequests: new Histogram({
      name: "wallet_dashboard_http_request_duration_seconds",
      help: "HTTP requests answered by this instance, by method, route template (never the path itself) and status, with their duration: rate, errors and duration per route.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    signInFailures: new Counter({
      name: "wallet_dashboard_sign_in_failures_total",
      help: "Failed operator sign-ins: wrong e-mail or password, or refused by the attempt limiter.",
      labelNames: ["reason"],
      registers: [registry],
    }),
  };
}

// On globalThis: one registry per process, however many bundles import this module.
const globalForMetrics = globalThis as unknown as { walletDashboardMetrics?: Metrics };
globalForMetrics.walletDashboardMetrics ??= createMetrics();
const metrics = globalForMetrics.walletDashboardMetrics;

/** A charge or cash-out reached a step (lib/observability: business counters). */
export function countTransactionStep(kind: "CASH_IN" | "CASH_OUT", step: TransactionStep, amountCents: number): void {
  const labels = { kind: kind.toLowerCase() as TransactionKindLabel, step };
  metrics.transactions.inc(labels);
  metrics.transactionAmounts.inc(labels, amountCents);
}

export function countEventDelivery(outcome: "delivered" | "retrying" | "failed"): void {
  metrics.eventDeliveries.inc({ outcome });
}

export function countCallbackReceived(outcome: string): void {
  metrics.callbacksReceived.inc({ outcome });
}

export function observeWalletCall(operation: string, outcome: string, durationMs: number): void {
  metrics.walletCalls.observe({ operation, outcome }, durationMs / 1000);
}

export function observeHttpRequest(method: string, route: string, status: number, durationMs: number): void {
  metrics.httpRequests.observe({ method, route, status: String(status) }, durationMs / 1000);
}

export function countSignInFailure(reason: "wrong_credentials" | "too_many_attempts"): void {
  metrics.signInFailures.inc({ reason });
}

/** A background job finished a round (worked, found nothing to do, or another instance held its lease). */
export function recordJobRound(job: BackgroundJob): void {
  metrics.jobRoundFinishedAt.set(job, Date.now());
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compared as digests (equal lengths) in constant time: the answer's timing says nothing about the token. */
function bearerMatches(authorization: string | null, token: string): boolean {
  const presented = /^Bearer (\S+)$/i.exec(authorization ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * /api/metrics: the Prometheus text exposition of every metric for a request bearing `token`; 401
 * for any other request; 404 when no token is set (the endpoint is off).
 */
export async function answerMetricsRequest(request: Request, token: string | undefined): Promise<Response> {
  const headers = { "cache-control": "no-store" };
  if (!token) return Response.json({ error: "Not found." }, { status: 404, headers });
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    return Response.json(
      { error: "A valid metrics token is required." },
      { status: 401, headers: { ...headers, "www-authenticate": 'Bearer realm="metrics"' } },
    );
  }
  return new Response(await metrics.registry.metrics(), { headers: { ...headers, "content-type": metrics.registry.contentType } });
}
