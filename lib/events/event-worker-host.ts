// Starts the event delivery worker for this process (lib/events/deliver.ts), fed from the runtime's
// settings; kept on globalThis so a dev-server module reload never starts a second one.
import "server-only";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { eventRetryBaseMs, eventWorkerConcurrency, startEventWorker, type EventWorker } from "@/lib/events/deliver";
import { secretBoxFor } from "@/lib/events/secret-box";
import { logger } from "@/lib/logger";
import { dashboardOutboundPolicy } from "@/lib/net/outbound-fetch";
import { recordAuditEvent } from "@/lib/audit";

const globalForEvents = globalThis as unknown as { walletDashboardEventWorker?: EventWorker };

export function startEventDeliveryWorker({ config, db }: { config: AppConfig; db: Database }): void {
  globalForEvents.walletDashboardEventWorker ??= startEventWorker(db, {
    secretBox: secretBoxFor(config.authSecret),
    policy: dashboardOutboundPolicy(config),
    retryBaseMs: eventRetryBaseMs,
    timeoutMs: config.events.timeoutMs,
    concurrency: eventWorkerConcurrency,
    perEndpointConcurrency: config.events.perEndpointConcurrency,
    disableAfterMs: config.events.disableAfterHours * 3_600_000,
    onError: (error) => logger.error({ err: error, component: "events" }, "event delivery failed"),
    // The alert itself comes from the alert job's rule event_endpoint_disabled (lib/alerts/rules.ts).
    onEndpointDisabled: async (endpoint) => {
      logger.warn(
        { component: "events", endpointId: endpoint.id, host: new URL(endpoint.url).host },
        "event endpoint disabled: failing too long",
      );
      await recordAuditEvent(db, {
        actor: null,
        action: "events.endpointDisabled",
        outcome: "success",
        target: { type: "event_endpoint", id: endpoint.id },
        details: { reason: "failing", afterHours: config.events.disableAfterHours },
      });
    },
  });
}

/** Shutdown: claims nothing more and waits for the deliveries in flight (each ends within its timeout). */
export async function stopEventDeliveryWorker(): Promise<void> {
  await globalForEvents.walletDashboardEventWorker?.stop();
}

/** Looks for deliveries now (after a resend, a replay or a test event) instead of at the next poll. */
export function wakeEventDeliveryWorker(): void {
  globalForEvents.walletDashboardEventWorker?.wake();
}
