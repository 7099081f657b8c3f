// The event delivery worker: fans the outbox out into deliveries, claims due ones (FOR UPDATE SKIP
// LOCKED with a lease, lib/db/queries/events.ts), posts each signed the Standard Webhooks way
// through the outbound guard, and schedules retries. Deliveries run side by side up to a total and
// a per-endpoint limit, each with a timeout, so a slow endpoint holds only its own slots.
// At-least-once: an instance that dies mid-send leaves a lease that expires, and another sends the
// same event again with the same webhook-id.
import { Webhook } from "standardwebhooks";
import type { Database } from "@/lib/db/client";
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueEventDeliveries,
  disableEndpointsFailingSince,
  fanOutEvents,
  recordEventAttempt,
} from "@/lib/db/queries/events";
import type { EventEnvelope } from "@/lib/events/catalogue";
import type { SecretBox } from "@/lib/events/secret-box";
import { guardedFetch, type OutboundPolicy } from "@/lib/net/outbound-guard";
import { readBodyPrefix } from "@/lib/net/read-limited-body";
import { inSpan } from "@/lib/observability/tracing";
import { countEventDelivery } from "@/lib/observability/metrics";

/** The first retry's wait; the schedule is documented (docs/events.md), so it is not a setting. */
export const eventRetryBaseMs = 10_000;
/** Deliveries one instance has in flight at once (each endpoint at most EVENTS_ENDPOINT_CONCURRENCY of them). */
export const eventWorkerConcurrency = 16;
/** Attempts per round: the first and 11 retries. */
export const maxEventAttempts = 12;
/** Each retry waits three times the one before, from eventRetryBaseMs, capped at 8,640 × base (24 h at 10 s). */
export const retryGrowth = 3;
export const retryCapFactor = 8_640;
/** The answer's first bytes kept with an attempt, for the delivery log. */
export const responseExcerptBytes = 512;
const fanOutBatch = 500;
const minimumClaim = 4;

/**
 * The wait before attempt n+1 after n failed attempts. At the default 10 s base: 10 s, 30 s, 1.5 min,
 * 4.5 min, 13.5 min, 40.5 min, 2 h, 6 h, 18 h, 24 h, 24 h: the 12th and last attempt comes about
 * 3.1 days after the first (docs/events.md, "Retries").
 */
export function eventRetryDelayMs(failedAttempts: number, baseMs: number): number {
  return Math.min(baseMs * retryGrowth ** Math.max(0, failedAttempts - 1), baseMs * retryCapFactor);
}

export type EventWorkerSettings = {
  secretBox: SecretBox;
  /** The outbound guard's policy (lib/net/outbound-fetch.ts's dashboardOutboundPolicy in the app). */
  policy: OutboundPolicy;
  retryBaseMs: number;
  timeoutMs: number;
  /** Deliveries in flight at once on this instance. */
  concurrency: number;
  /** Deliveries in flight at once to one endpoint, across instances (by the leases in the database). */
  perEndpointConcurrency: number;
  /** An endpoint failing for this long is switched off and `onEndpointDisabled` called. */
  disableAfterMs: number;
  /** How long a claim holds a delivery; default: the timeout plus 30 s. */
  leaseMs?: number;
  pollIntervalMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
  onEndpointDisabled?: (endpoint: { id: string; url: string }) => Promise<void>;
};

/** The body and headers of one delivery: signed with the current secret and, during a rotation's overlap, the previous one too. */
export function signedDelivery(delivery: ClaimedDelivery, box: SecretBox, now: Date) {
  const envelope: EventEnvelope = {
    id: delivery.eventId,
    type: delivery.eventType,
    version: delivery.eventVersion,
    timestamp: delivery.occurredAt.toISOString(),
    position: delivery.eventPosition,
    data: delivery.data,
  };
  const body = JSON.stringify(envelope);
  const secrets = [box.open(delivery.secretCiphertext)];
  if (delivery.previousSecretCiphertext && delivery.previousSecretExpiresAt && delivery.previousSecretExpiresAt > now) {
    secrets.push(box.open(delivery.previousSecretCiphertext));
  }
  // Standard Webhooks: several signatures are separated by spaces; a receiver accepts any it can verify.
  const signature = secrets.map((secret) => new Webhook(secret).sign(delivery.eventId, now, body)).join(" ");
  return {
    body,
    headers: {
      "content-type": "application/json",
      "webhook-id": delivery.eventId,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signature,
      "user-agent": "WalletDashboard-Events/1",
    },
  };
}

async function attempt(delivery: ClaimedDelivery, settings: EventWorkerSettings, now: () => Date): Promise<AttemptOutcome> {
  const attemptedAt = now();
  const started = performance.now();
  const finish = (fields: Omit<AttemptOutcome, "attemptedAt" | "durationMs">): AttemptOutcome => ({
    attemptedAt,
    durationMs: Math.round(performance.now() - started),
    ...fields,
  });
  try {
    const { body, headers } = signedDelivery(delivery, settings.secretBox, attemptedAt);
    const response = await guardedFetch(
      delivery.url,
      { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(settings.timeoutMs) },
      settings.policy,
    );
    const excerpt = (await readBodyPrefix(response, responseExcerptBytes).catch(() => Buffer.alloc(0))).toString("utf8");
    const ok = response.status >= 200 && response.status < 300;
    return finish({
      ok,
      responseStatus: response.status,
      responseExcerpt: excerpt || null,
      error: ok ? null : `The endpoint answered HTTP ${response.status}.`,
    });
  } catch (error) {
    const reason =
      (error as Error).name === "TimeoutError"
        ? `no answer within ${settings.timeoutMs / 1000} s`
        : ((error as Error).message ?? "request failed");
    return finish({ ok: false, responseStatus: null, responseExcerpt: null, error: `The endpoint could not be reached: ${reason}` });
  }
}

/** Sends one claimed delivery and records the attempt and what comes next. */
export function deliverClaimed(
  db: Database,
  delivery: ClaimedDelivery,
  settings: EventWorkerSettings,
  isAbandoned: () => boolean = () => false,
): Promise<boolean> {
  // A span per attempt (lib/observability/tracing.ts): the event's type and ids, never its body.
  return inSpan(
    "event deliver",
    { kind: "client", attributes: { "event.type": delivery.eventType, "event.id": delivery.eventId, "event.attempt": delivery.attempts } },
    async (span) => {
      const ok = await deliverUntraced(db, delivery, settings, isAbandoned);
      span.setAttribute("event.delivered", ok);
      return ok;
    },
  );
}

async function deliverUntraced(
  db: Database,
  delivery: ClaimedDelivery,
  settings: EventWorkerSettings,
  isAbandoned: () => boolean,
): Promise<boolean> {
  const now = settings.now ?? (() => new Date());
  const outcome = await attempt(delivery, settings, now);
  // A killed process records nothing: its lease expires and another instance sends the event again.
  if (isAbandoned()) return outcome.ok;
  const finishedAt = new Date(outcome.attemptedAt.getTime() + outcome.durationMs);
  const next = outcome.ok
    ? ({ status: "delivered" } as const)
    : delivery.attempts >= maxEventAttempts
      ? ({ status: "failed" } as const)
      : ({
          status: "pending",
          nextAttemptAt: new Date(finishedAt.getTime() + eventRetryDelayMs(delivery.attempts, settings.retryBaseMs)),
        } as const);
  await recordEventAttempt(db, delivery, outcome, next);
  countEventDelivery(next.status === "pending" ? "retrying" : next.status);
  return outcome.ok;
}

export type EventWorker = {
  /** Looks for work now instead of at the next poll (after a resend, a replay, a test event). */
  wake: () => void;
  /** Claims nothing more and waits for the deliveries in flight (their attempts are recorded). */
  stop: () => Promise<void>;
  /** Tests: stops claiming and forgets its deliveries in flight, as a killed process would. */
  abandon: () => void;
};

export function startEventWorker(db: Database, settings: EventWorkerSettings): EventWorker {
  const now = settings.now ?? (() => new Date());
  const leaseMs = settings.leaseMs ?? settings.timeoutMs + 30_000;
  const pollIntervalMs = settings.pollIntervalMs ?? 1_000;
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let abandoned = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  const report = (error: unknown) => settings.onError?.(error);

  /** The poll's chores: new events into deliveries, endpoints failing too long switched off. */
  const housekeeping = async () => {
    while ((await fanOutEvents(db, fanOutBatch)) === fanOutBatch && !stopped);
    const disabled = await disableEndpointsFailingSince(
      db,
      new Date(now().getTime() - settings.disableAfterMs),
      `Failing for more than ${Math.round(settings.disableAfterMs / 3_600_000)} h`,
    );
    for (const endpoint of disabled) await settings.onEndpointDisabled?.(endpoint).catch(report);
  };

  /** Claims as many due deliveries as there are free slots and starts them; again while batches come back full. */
  const round = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        if (stopped) return;
        const free = settings.concurrency - inFlight.size;
        // A claim is a round trip: with most slots busy, wait for a few more to free up (or the poll).
        if (free < Math.min(minimumClaim, settings.concurrency)) return;
        const claimed = await claimDueEventDeliveries(db, {
          now: now(),
          limit: free,
          perEndpoint: settings.perEndpointConcurrency,
          leaseMs,
        });
        for (const delivery of claimed) {
          const sending = deliverClaimed(db, delivery, settings, () => abandoned)
            .catch(report)
            .finally(() => {
              inFlight.delete(sending);
              // A freed slot: look for more at once (abandoned workers never record or claim again).
              if (!stopped) void round();
            });
          inFlight.add(sending);
        }
        // A full batch may mean more is due right away.
        if (claimed.length > 0 && claimed.length === free) again = true;
      } while (again && !stopped);
    } catch (error) {
      report(error);
    } finally {
      running = false;
    }
  };

  const tick = async () => {
    try {
      if (!stopped) await housekeeping();
    } catch (error) {
      report(error);
    }
    await round();
    if (!stopped) timer = setTimeout(tick, pollIntervalMs);
  };
  timer = setTimeout(tick, 0);

  return {
    wake: () => {
      if (!stopped) {
        clearTimeout(timer);
        timer = setTimeout(tick, 0);
      }
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (!abandoned) await Promise.allSettled([...inFlight]);
    },
    abandon: () => {
      stopped = true;
      abandoned = true;
      clearTimeout(timer);
    },
  };
}
