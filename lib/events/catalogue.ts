// The event catalogue: the envelope every delivery carries and the `data` of each event type, as
// zod schemas. They are the one source: docs/events/*.schema.json are generated from them
// (scripts/generate-event-schemas.ts, checked by lib/events/catalogue.test.ts), and the
// integration tests parse what the database triggers (migration 0013) write with them.
import * as z from "@/lib/schemas/zod";
import { type EventType, eventTypes, testEventType } from "@/lib/vocabulary/event-types";

/** Bumped when a payload changes in a way a receiver must notice; sent as `version`. */
export const eventSchemaVersion = 1;

const timestamp = z.iso.datetime({ offset: true });
const cents = z.number().check(z.int(), z.describe("An amount in cents of BRL."));

const transactionFields = {
  id: z.uuid().check(z.describe("The dashboard's id of the transaction.")),
  walletTransactionId: z.nullable(z.string()).check(z.describe("The wallet's id, once the wallet created it.")),
  creationState: z.enum(["creating", "created", "rejected", "outcome_unknown"]),
  status: z.nullable(z.enum(["PENDING", "SUCCEED", "CANCELED", "FAILED"])),
  statusDescription: z
    .nullable(z.string())
    .check(z.describe("Why the status is what it is, as the wallet said (e.g. a failed cash-out's reason).")),
  amountCents: cents,
  tax: z.nullable(z.string()).check(z.describe("The wallet's tax as an exact decimal string.")),
  externalReference: z.nullable(z.string()),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  createdAt: timestamp,
  statusChangedAt: z.nullable(timestamp),
  sandbox: z.boolean().check(z.describe("True for a transaction on the sandbox wallet.")),
  storeId: z.optional(
    z
      .uuid()
      .check(
        z.describe("The store the transaction belongs to (its wallet made it). Added within version 1: events recorded before it lack it."),
      ),
  ),
};

/** The store a payment link or a cash-out request belongs to, in its events' payloads (issue #49, migration 0040). */
const subjectStore = {
  storeId: z.optional(
    z.uuid().check(z.describe("The store it belongs to. Added within version 1: events recorded before migration 0040 lack it.")),
  ),
};

export const chargeData = z
  .object({
    ...transactionFields,
    description: z.nullable(z.string()),
    expiresAt: z.nullable(timestamp),
    paymentLinkId: z
      .nullable(z.uuid())
      .check(z.describe("The payment link whose public page created the charge (payment_link.* events), or null.")),
  })
  .check(z.describe("A charge (cash-in) as it stands when the event happened."));

export const cashOutData = z
  .object({
    ...transactionFields,
    pixKeyType: z.nullable(z.enum(["EMAIL", "PHONE", "DOCUMENT", "RANDOM"])),
  })
  .check(z.describe("A cash-out as it stands when the event happened (the PIX key itself is left out: personal data)."));

export const cashOutRequestData = z
  .object({
    id: z.uuid(),
    kind: z.enum(["single", "batch"]),
    state: z.enum(["awaiting_approval", "approved", "rejected", "cancelled", "expired"]),
    totalCents: cents,
    itemCount: z.number().check(z.int()),
    fileName: z.nullable(z.string()),
    createdAt: timestamp,
    expiresAt: timestamp,
    decidedAt: z.nullable(timestamp),
    decisionReason: z.nullable(z.string()),
    ...subjectStore,
  })
  .check(z.describe("A cash-out request waiting for, or decided by, a second operator."));

export const bulkBatchData = z
  .object({
    id: z.uuid().check(z.describe("The batch request's id.")),
    state: z.string(),
    totalCents: cents,
    itemCount: z.number().check(z.int()),
    fileName: z.nullable(z.string()),
    createdAt: timestamp,
    completedAt: timestamp.check(
      z.describe("When the batch's last row was handed to the wallet; each row's outcome follows as cash_out events."),
    ),
    ...subjectStore,
  })
  .check(z.describe("A bulk payout batch whose every row has been sent to the wallet."));

export const alertData = z
  .object({
    id: z.uuid(),
    rule: z.string(),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    href: z.string().check(z.describe("Where in the dashboard the alert is explained (a path).")),
    openedAt: timestamp,
  })
  .check(z.describe("An alert the dashboard raised."));

export const paymentLinkData = z
  .object({
    id: z.uuid(),
    slug: z.string().check(z.describe("The link's public path segment: <dashboard address>/l/<slug>.")),
    name: z.string(),
    description: z.nullable(z.string()).check(z.describe("Shown to payers and sent as each charge's description.")),
    amountCents: z.nullable(cents).check(z.describe("The fixed price; null when the payer chooses.")),
    minAmountCents: z.nullable(cents),
    maxAmountCents: z.nullable(cents),
    maxPaidCharges: z.nullable(z.number().check(z.int())).check(z.describe("Paid charges after which the link takes no more.")),
    endsAt: z.nullable(timestamp),
    chargeExpiryMinutes: z.number().check(z.int()),
    returnUrl: z.nullable(z.string()),
    active: z.boolean(),
    inactiveMessage: z.nullable(z.string()),
    createdAt: timestamp,
    updatedAt: timestamp,
    ...subjectStore,
  })
  .check(z.describe("A payment link as it stands after the change (its visits are not an event)."));

export const testData = z
  .object({ endpointId: z.uuid(), message: z.string() })
  .check(z.describe("Sent by the 'send test event' button only."));

/** Each event type's `data`. */
export const eventDataSchemas = {
  "charge.created": chargeData,
  "charge.paid": chargeData,
  "charge.expired": chargeData,
  "charge.canceled": chargeData,
  "charge.failed": chargeData,
  "cash_out.requested": cashOutRequestData,
  "cash_out.approved": cashOutRequestData,
  "cash_out.rejected": cashOutRequestData,
  "cash_out.sent": cashOutData,
  "cash_out.paid": cashOutData,
  "cash_out.failed": cashOutData,
  "bulk_batch.completed": bulkBatchData,
  "alert.fired": alertData,
  "payment_link.created": paymentLinkData,
  "payment_link.updated": paymentLinkData,
  "payment_link.deactivated": paymentLinkData,
} satisfies Record<EventType, z.ZodMiniType>;

/** One line per event type for the docs and the endpoint form. */
export const eventDescriptions: Record<EventType, string> = {
  "charge.created": "A charge (cash-in) was created on the wallet: its QR code can be paid.",
  "charge.paid": "A charge was paid (status SUCCEED).",
  "charge.expired": "A charge was canceled by the wallet after its expiry time, unpaid.",
  "charge.canceled": "A charge was canceled before its expiry.",
  "charge.failed": "A charge failed (status FAILED).",
  "cash_out.requested": "A cash-out or a bulk payout was saved and waits for a second operator's approval.",
  "cash_out.approved": "A cash-out request was approved; its cash-outs are being sent.",
  "cash_out.rejected": "A cash-out request was rejected; nothing was sent.",
  "cash_out.sent": "A cash-out was accepted by the wallet (status PENDING).",
  "cash_out.paid": "A cash-out was paid (status SUCCEED).",
  "cash_out.failed": "A cash-out failed, was canceled, or was refused by the wallet at creation.",
  "bulk_batch.completed": "Every row of a bulk payout batch has been sent to the wallet.",
  "alert.fired": "The dashboard raised an alert (the same as the in-app notification).",
  "payment_link.created": "A payment link was created.",
  "payment_link.updated": "A payment link's settings changed, or it was switched back on.",
  "payment_link.deactivated": "A payment link was switched off: its page takes no new charges.",
};

/** The JSON body of every delivery (Standard Webhooks' recommended `type`, `timestamp`, `data`). */
export function eventEnvelopeSchema<Data extends z.ZodMiniType>(type: string, data: Data) {
  return z.object({
    id: z.uuid().check(z.describe("The event id; also the webhook-id header. Retries and replays carry the same one: drop repeats by it.")),
    type: z.literal(type),
    version: z.literal(eventSchemaVersion),
    timestamp: timestamp.check(z.describe("When the event happened (occurred-at): of two events on one object, the later one is newer.")),
    position: z.number().check(z.int(), z.describe("The event's place in the dashboard's outbox: larger is later.")),
    data,
  });
}

export const testEventEnvelope = eventEnvelopeSchema(testEventType, testData);

export type EventEnvelope = {
  id: string;
  type: string;
  version: number;
  timestamp: string;
  position: number;
  data: Record<string, unknown>;
};

export function isCatalogueType(type: string): type is EventType {
  return (eventTypes as readonly string[]).includes(type);
}
