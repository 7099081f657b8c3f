// Queries of the events feature (issue #33): endpoints, the outbox's fan-out into deliveries, the
// delivery worker's claims (FOR UPDATE SKIP LOCKED with a lease, as lib/alerts/deliver.ts), the
// delivery log, resends and bulk replays.
import { and, desc, eq, gte, inArray, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import {
  eventDeliveries,
  eventDeliveryAttempts,
  eventEndpoints,
  eventReplays,
  events,
  type EventDeliveryAttemptRecord,
  type EventEndpointRecord,
} from "@/lib/db/schema";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import type { StoreScope } from "@/lib/vocabulary/store-scope";
import { keysetAfter, keysetColumn, keysetOrder, type KeysetPage, type KeysetRead, keysetPage } from "@/lib/db/queries/list-keyset";
import { type EventDeliverySort, eventDeliveryPageSize, eventDeliverySort } from "@/lib/vocabulary/event-delivery-list";
import { type EventDeliveryStatus, testEventType } from "@/lib/vocabulary/event-types";
import { isDescending, type ListCursor, sortColumnOf } from "@/lib/vocabulary/list-sort";

type Rows<Row> = { rows: Row[] };
const toDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

/** An endpoint as pages see it: never its secrets. */
export type EventEndpointSummary = Omit<EventEndpointRecord, "secretCiphertext" | "previousSecretCiphertext">;
const summaryColumns = {
  id: eventEndpoints.id,
  url: eventEndpoints.url,
  description: eventEndpoints.description,
  eventTypes: eventEndpoints.eventTypes,
  enabled: eventEndpoints.enabled,
  disabledReason: eventEndpoints.disabledReason,
  previousSecretExpiresAt: eventEndpoints.previousSecretExpiresAt,
  failingSince: eventEndpoints.failingSince,
  createdByEmail: eventEndpoints.createdByEmail,
  createdAt: eventEndpoints.createdAt,
  updatedAt: eventEndpoints.updatedAt,
};

export async function listEventEndpoints(db: Database): Promise<EventEndpointSummary[]> {
  return db.select(summaryColumns).from(eventEndpoints).orderBy(eventEndpoints.createdAt);
}

export async function findEventEndpoint(db: Database, id: string): Promise<EventEndpointSummary | undefined> {
  const [row] = await db.select(summaryColumns).from(eventEndpoints).where(eq(eventEndpoints.id, id));
  return row;
}

export async function insertEventEndpoint(
  db: Database,
  values: {
    url: string;
    description: string;
    eventTypes: string[];
    enabled: boolean;
    secretCiphertext: string;
    createdByEmail: string | null;
  },
): Promise<string> {
  const [row] = await db.insert(eventEndpoints).values(values).returning({ id: eventEndpoints.id });
  return row!.id;
}

export async function updateEventEndpoint(
  db: Database,
  id: string,
  values: Partial<Pick<EventEndpointRecord, "url" | "description" | "eventTypes" | "enabled" | "disabledReason" | "failingSince">>,
): Promise<boolean> {
  const rows = await db
    .update(eventEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(eventEndpoints.id, id))
    .returning({ id: eventEndpoints.id });
  return rows.length > 0;
}

/** Rotation: the current secret becomes the previous one until `previousExpiresAt`. */
export async function rotateEventEndpointSecret(
  db: Database,
  id: string,
  newCiphertext: string,
  previousExpiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(eventEndpoints)
    .set({
      previousSecretCiphertext: eventEndpoints.secretCiphertext,
      previousSecretExpiresAt: previousExpiresAt,
      secretCiphertext: newCiphertext,
      updatedAt: new Date(),
    })
    .where(eq(eventEndpoints.id, id))
    .returning({ id: eventEndpoints.id });
  return rows.length > 0;
}

export async function deleteEventEndpoint(db: Database, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(eventReplays).where(eq(eventReplays.endpointId, id));
    const rows = await tx.delete(eventEndpoints).where(eq(eventEndpoints.id, id)).returning({ id: eventEndpoints.id });
    return rows.length > 0;
  });
}

/**
 * Turns outbox events into one delivery per subscribed, enabled endpoint, in one statement; a
 * second instance skips the events this one holds. Returns how many events it handled.
 */
export async function fanOutEvents(db: Database, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    with claimed as (
      select id, type, occurred_at from ${events} where not fanned_out order by position limit ${limit} for update skip locked
    ), made as (
      insert into ${eventDeliveries} (event_id, event_type, event_occurred_at, endpoint_id)
      select claimed.id, claimed.type, claimed.occurred_at, endpoint.id from claimed join ${eventEndpoints} endpoint on endpoint.enabled and claimed.type = any(endpoint.event_types)
      on conflict (event_id, endpoint_id) do nothing
      returning 1
    )
    update ${events} set fanned_out = true where id in (select id from claimed) returning id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length;
}

export type ClaimedDelivery = {
  id: string;
  endpointId: string;
  attempts: number;
  eventId: string;
  eventType: string;
  eventVersion: number;
  eventPosition: number;
  occurredAt: Date;
  data: Record<string, unknown>;
  url: string;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
};

type ClaimOptions = { now: Date; limit: number; perEndpoint: number; leaseMs: number };

/**
 * The claim's statement (for claimDueEventDeliveries, and its plan for the tests). `picked` reads
 * the ranked ids as one array, computed once: as `id in (select … from ranked)` a planner that
 * believed few rows were due (statistics from before a backlog, as on PGlite until its minute's
 * ANALYZE) ranked the candidates again for every due row, and 77,000 due deliveries took 12 s per
 * claim, holding the embedded database for all that time (docs/decisions/performance.md).
 */
export function claimDueEventDeliveriesStatement(options: ClaimOptions) {
  const now = options.now.toISOString();
  const lease = new Date(options.now.getTime() + options.leaseMs).toISOString();
  return sql`
    with in_flight as (
      select endpoint_id, count(*)::int as sending from ${eventDeliveries}
      where status = 'sending' and lease_until >= ${now}::timestamptz group by endpoint_id
    ), candidates as (
      select d.id, d.endpoint_id, d.next_attempt_at from ${eventDeliveries} d
      join ${eventEndpoints} endpoint on endpoint.id = d.endpoint_id and endpoint.enabled
      where ((d.status = 'pending' and d.next_attempt_at <= ${now}::timestamptz) or (d.status = 'sending' and d.lease_until < ${now}::timestamptz))
      order by d.next_attempt_at limit ${options.limit * 20}
    ), ranked as (
      select candidates.id, row_number() over (partition by candidates.endpoint_id order by candidates.next_attempt_at) as turn,
        coalesce(in_flight.sending, 0) as sending
      from candidates left join in_flight using (endpoint_id)
    ), picked as (
      select id from ${eventDeliveries}
      where id = any(array(select id from ranked where turn + sending <= ${options.perEndpoint}))
        and ((status = 'pending' and next_attempt_at <= ${now}::timestamptz) or (status = 'sending' and lease_until < ${now}::timestamptz))
      order by next_attempt_at limit ${options.limit}
      for update skip locked
    ), claimed as (
      update ${eventDeliveries} d set status = 'sending', lease_until = ${lease}::timestamptz, attempts = d.attempts + 1
      from picked where d.id = picked.id
      returning d.id, d.endpoint_id, d.attempts, d.event_id
    )
    select claimed.id, claimed.endpoint_id, claimed.attempts, claimed.event_id,
      e.type as event_type, e.version as event_version, e.position as event_position, e.occurred_at, e.data,
      endpoint.url, endpoint.secret_ciphertext, endpoint.previous_secret_ciphertext, endpoint.previous_secret_expires_at
    from claimed join ${events} e on e.id = claimed.event_id join ${eventEndpoints} endpoint on endpoint.id = claimed.endpoint_id`;
}

/**
 * Claims due deliveries of enabled endpoints: at most `perEndpoint` sending at once per endpoint
 * (counting every instance's unexpired leases), at most `limit` in all. The due condition is
 * repeated beside FOR UPDATE so a row another instance claimed meanwhile is re-checked and dropped.
 */
export async function claimDueEventDeliveries(db: Database, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  const result = (await db.execute(claimDueEventDeliveriesStatement(options))) as unknown as Rows<Record<string, unknown>>;
  return result.rows.map((row) => ({
    id: row.id as string,
    endpointId: row.endpoint_id as string,
    attempts: Number(row.attempts),
    eventId: row.event_id as string,
    eventType: row.event_type as string,
    eventVersion: Number(row.event_version),
    eventPosition: Number(row.event_position),
    occurredAt: toDate(row.occurred_at as string | Date)!,
    data: (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
    url: row.url as string,
    secretCiphertext: row.secret_ciphertext as string,
    previousSecretCiphertext: (row.previous_secret_ciphertext as string | null) ?? null,
    previousSecretExpiresAt: toDate((row.previous_secret_expires_at as string | Date | null) ?? null),
  }));
}

export type AttemptOutcome = {
  attemptedAt: Date;
  durationMs: number;
  ok: boolean;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
};

/**
 * Writes an attempt and where the delivery goes next (delivered, failed, or pending again at
 * `nextAttemptAt`), and the endpoint's failing-since mark, in one transaction. Only the lease
 * holder writes the state: an instance whose lease expired (another took the delivery over) only
 * adds its attempt to the log.
 */
export async function recordEventAttempt(
  db: Database,
  delivery: { id: string; endpointId: string; attempts: number },
  outcome: AttemptOutcome,
  next: { status: Extract<EventDeliveryStatus, "delivered" | "failed" | "pending">; nextAttemptAt?: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(eventDeliveryAttempts).values({ deliveryId: delivery.id, ...outcome });
    const finishedAt = new Date(outcome.attemptedAt.getTime() + outcome.durationMs);
    await tx
      .update(eventDeliveries)
      .set({
        status: next.status,
        leaseUntil: null,
        lastResponseStatus: outcome.responseStatus,
        lastError: outcome.error,
        ...(next.status === "delivered" ? { deliveredAt: finishedAt } : {}),
        ...(next.nextAttemptAt ? { nextAttemptAt: next.nextAttemptAt } : {}),
      })
      .where(
        and(eq(eventDeliveries.id, delivery.id), eq(eventDeliveries.status, "sending"), eq(eventDeliveries.attempts, delivery.attempts)),
      );
    // Written only when it changes: every delivery to an endpoint touching its row would make them
    // wait on each other's row lock.
    await tx
      .update(eventEndpoints)
      .set({ failingSince: outcome.ok ? null : outcome.attemptedAt })
      .where(
        and(
          eq(eventEndpoints.id, delivery.endpointId),
          outcome.ok ? sql`${eventEndpoints.failingSince} is not null` : sql`${eventEndpoints.failingSince} is null`,
        ),
      );
  });
}

/** Enabled endpoints failing since before `before`: switched off (once: the update says which it switched). */
export async function disableEndpointsFailingSince(
  db: Database,
  before: Date,
  reason: string,
): Promise<Array<{ id: string; url: string }>> {
  return db
    .update(eventEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: new Date() })
    .where(and(eq(eventEndpoints.enabled, true), lt(eventEndpoints.failingSince, before)))
    .returning({ id: eventEndpoints.id, url: eventEndpoints.url });
}

/** The "send test event" button: an event for this endpoint only (never fanned out to others). */
export async function insertTestEvent(db: Database, endpointId: string, data: Record<string, unknown>, type: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(events)
      .values({ type, subjectType: "endpoint", subjectId: endpointId, data, fannedOut: true })
      .returning({ id: events.id, occurredAt: events.occurredAt });
    await tx.insert(eventDeliveries).values({ eventId: event!.id, eventType: type, eventOccurredAt: event!.occurredAt, endpointId });
    return event!.id;
  });
}

export type DeliveryLogFilters = { status?: EventDeliveryStatus; eventType?: string; from?: Date; to?: Date };

export type DeliveryLogRow = {
  id: string;
  eventId: string;
  eventType: string;
  occurredAt: Date;
  queuedAt: Date;
  status: EventDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastResponseStatus: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
};

/** The delivery log's sortable column: the delivery's own time, read from (endpoint_id, created_at, id) (migration 0029). */
const deliverySortColumns = { queued: keysetColumn(eventDeliveries.createdAt, "timestamptz") };

/** The statement one read of an endpoint's delivery log runs (the benchmark explains it). */
export function endpointDeliveriesQuery(
  db: Database,
  endpointId: string,
  filters: DeliveryLogFilters,
  sort: EventDeliverySort,
  read: KeysetRead,
) {
  const column = deliverySortColumns[sortColumnOf(sort)];
  const conditions: SQL[] = [eq(eventDeliveries.endpointId, endpointId)];
  if (filters.status) conditions.push(eq(eventDeliveries.status, filters.status));
  // The event's type and time are the delivery's own copies: the page is one range of the endpoint's
  // index (event_deliveries_endpoint_created_at_id_idx) and its rows, no lookup of each event.
  if (filters.eventType) conditions.push(eq(eventDeliveries.eventType, filters.eventType));
  if (filters.from) conditions.push(gte(eventDeliveries.eventOccurredAt, filters.from));
  if (filters.to) conditions.push(lte(eventDeliveries.eventOccurredAt, filters.to));
  return db
    .select({
      id: eventDeliveries.id,
      eventId: eventDeliveries.eventId,
      eventType: eventDeliveries.eventType,
      occurredAt: eventDeliveries.eventOccurredAt,
      queuedAt: eventDeliveries.createdAt,
      status: eventDeliveries.status,
      attempts: eventDeliveries.attempts,
      nextAttemptAt: eventDeliveries.nextAttemptAt,
      lastResponseStatus: eventDeliveries.lastResponseStatus,
      lastError: eventDeliveries.lastError,
      deliveredAt: eventDeliveries.deliveredAt,
      keyValue: column.key,
    })
    .from(eventDeliveries)
    .where(and(...conditions, keysetAfter(column, eventDeliveries.id, "uuid", read.from, read.descending)))
    .orderBy(...keysetOrder(column, eventDeliveries.id, read.descending))
    .limit(read.limit);
}

/** One page of an endpoint's deliveries in `sort`'s order (by when each was queued), keyset-paginated from `cursor`. */
export function listEndpointDeliveries(
  db: Database,
  endpointId: string,
  filters: DeliveryLogFilters = {},
  sort: EventDeliverySort = eventDeliverySort.defaultSort,
  cursor?: ListCursor,
  pageSize = eventDeliveryPageSize,
): Promise<KeysetPage<DeliveryLogRow & { keyValue: string }>> {
  return keysetPage(cursor, pageSize, isDescending(sort), (read) => endpointDeliveriesQuery(db, endpointId, filters, sort, read));
}

export async function listDeliveryAttempts(db: Database, deliveryIds: string[]): Promise<EventDeliveryAttemptRecord[]> {
  if (!deliveryIds.length) return [];
  return db
    .select()
    .from(eventDeliveryAttempts)
    .where(inArray(eventDeliveryAttempts.deliveryId, deliveryIds))
    .orderBy(eventDeliveryAttempts.attemptedAt);
}

/** Resend one: the same delivery (same event id) back to pending now, with a fresh round of attempts. */
export async function resendEventDelivery(db: Database, endpointId: string, deliveryId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(eventDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, leaseUntil: null, replayId: null })
    .where(and(eq(eventDeliveries.id, deliveryId), eq(eventDeliveries.endpointId, endpointId), sql`${eventDeliveries.status} <> 'sending'`))
    .returning({ id: eventDeliveries.id });
  return rows.length > 0;
}

export type ReplayPlan = { endpointId: string } & ({ kind: "failures" } | { kind: "range"; from: Date; to: Date });

/** The events a replay would send (id, type, occurred_at): a range's events of the endpoint's types, or its failing deliveries. */
function replaySelection(plan: ReplayPlan): SQL {
  if (plan.kind === "failures") {
    // Failing now: out of attempts, or waiting for a retry after a failed one (sent at once instead).
    return sql`select d.event_id as id, d.event_type as type, d.event_occurred_at as occurred_at from ${eventDeliveries} d where d.endpoint_id = ${plan.endpointId}
      and (d.status = 'failed' or (d.status = 'pending' and d.last_error is not null))`;
  }
  return sql`select e.id, e.type, e.occurred_at from ${events} e join ${eventEndpoints} endpoint on endpoint.id = ${plan.endpointId}
    where e.type = any(endpoint.event_types) and e.occurred_at >= ${plan.from.toISOString()}::timestamptz
      and e.occurred_at < ${plan.to.toISOString()}::timestamptz`;
}

/** How many events a replay would send (shown before it runs). */
export async function countReplay(db: Database, plan: ReplayPlan): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as planned from (${replaySelection(plan)}) as selection`)) as unknown as Rows<{
    planned: number;
  }>;
  return Number(result.rows[0]?.planned ?? 0);
}

/**
 * Starts a replay: every selected event's delivery for this endpoint (made if it never existed)
 * goes back to pending now, tagged with the replay; deliveries being sent right now are left to
 * finish. Returns the replay id and how many it queued.
 */
export async function startReplay(db: Database, plan: ReplayPlan, createdByEmail: string | null, now: Date) {
  return db.transaction(async (tx) => {
    const [replay] = await tx
      .insert(eventReplays)
      .values({
        endpointId: plan.endpointId,
        kind: plan.kind,
        rangeFrom: plan.kind === "range" ? plan.from : null,
        rangeTo: plan.kind === "range" ? plan.to : null,
        planned: 0,
        createdByEmail,
      })
      .returning({ id: eventReplays.id });
    const queued = (await tx.execute(sql`
      insert into ${eventDeliveries} (event_id, event_type, event_occurred_at, endpoint_id, status, attempts, next_attempt_at, replay_id)
      select selection.id, selection.type, selection.occurred_at, ${plan.endpointId}, 'pending', 0, ${now.toISOString()}::timestamptz, ${replay!.id}
      from (${replaySelection(plan)}) as selection
      on conflict (event_id, endpoint_id) do update set status = 'pending', attempts = 0, lease_until = null,
        next_attempt_at = excluded.next_attempt_at, replay_id = excluded.replay_id
      where ${eventDeliveries}.status <> 'sending'
      returning 1`)) as unknown as Rows<unknown>;
    await tx.update(eventReplays).set({ planned: queued.rows.length }).where(eq(eventReplays.id, replay!.id));
    return { replayId: replay!.id, queued: queued.rows.length };
  });
}

export type ReplayProgress = {
  id: string;
  state: string;
  planned: number;
  delivered: number;
  failed: number;
  pending: number;
  canceled: number;
};

export async function replayProgress(db: Database, replayId: string): Promise<ReplayProgress | undefined> {
  const [replay] = await db.select().from(eventReplays).where(eq(eventReplays.id, replayId));
  if (!replay) return undefined;
  const counts = await db
    .select({ status: eventDeliveries.status, count: sql<number>`count(*)::int` })
    .from(eventDeliveries)
    .where(eq(eventDeliveries.replayId, replayId))
    .groupBy(eventDeliveries.status);
  const of = (status: EventDeliveryStatus) => Number(counts.find((row) => row.status === status)?.count ?? 0);
  const pending = of("pending") + of("sending");
  const state = replay.state === "running" && pending === 0 ? "finished" : replay.state;
  return {
    id: replay.id,
    state,
    planned: replay.planned,
    delivered: of("delivered"),
    failed: of("failed"),
    pending,
    canceled: of("canceled"),
  };
}

export async function latestReplay(db: Database, endpointId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: eventReplays.id })
    .from(eventReplays)
    .where(eq(eventReplays.endpointId, endpointId))
    .orderBy(desc(eventReplays.createdAt))
    .limit(1);
  return row?.id;
}

/** Cancel: what the replay queued and no instance has claimed yet is not sent. */
export async function cancelReplay(db: Database, endpointId: string, replayId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [replay] = await tx
      .update(eventReplays)
      .set({ state: "canceled" })
      .where(and(eq(eventReplays.id, replayId), eq(eventReplays.endpointId, endpointId)))
      .returning({ id: eventReplays.id });
    if (!replay) return 0;
    const canceled = await tx
      .update(eventDeliveries)
      .set({ status: "canceled" })
      .where(and(eq(eventDeliveries.replayId, replayId), eq(eventDeliveries.status, "pending")))
      .returning({ id: eventDeliveries.id });
    return canceled.length;
  });
}

/**
 * How far behind the clock the API's events feed stays. Positions come from an identity column, so
 * a transaction can commit position 10 before another commits 9; a reader that polls with
 * `after=10` would skip 9 for good. Events are written inside short transactions (a trigger on the
 * row being saved), so serving only those older than this margin keeps the feed gapless.
 */
export const eventFeedSettleMs = 5_000;

export type EventFeedQuery = { after: number; types?: readonly string[]; limit: number; stores: StoreScope };

/**
 * GET /api/v1/events: the outbox in position order after `after`, the catalogue's types only (never
 * an endpoint's test event), settled for eventFeedSettleMs by the database's clock. One row more than
 * `limit` says whether there is more.
 */
export async function listEventFeed(db: Database, query: EventFeedQuery) {
  const rows = await db
    .select({
      id: events.id,
      type: events.type,
      version: events.version,
      occurredAt: events.occurredAt,
      position: events.position,
      data: events.data,
    })
    .from(events)
    .where(
      and(
        sql`${events.position} > ${query.after}`,
        ne(events.type, testEventType),
        // A one-store key: its stores' events only (events_store_position_idx); merchant-wide events
        // (null store) are for all-stores keys (docs/decisions/stores.md, ninth slice).
        storeScopeCondition(events.storeId, query.stores),
        query.types?.length ? inArray(events.type, [...query.types]) : undefined,
        sql`${events.occurredAt} <= clock_timestamp() - make_interval(secs => ${eventFeedSettleMs / 1000})`,
      ),
    )
    .orderBy(events.position)
    .limit(query.limit + 1);
  return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}
