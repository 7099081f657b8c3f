// The merchant API's request and response shapes (/api/v1), in zod: the routes parse with them and
// the OpenAPI document (lib/api-v1/openapi.ts) is generated from them, so the two cannot differ.
// Money is integer centavos (`amountCents`: 1050 is R$ 10,50), as the ledger stores it and the
// wallet takes it: exact in JSON, nothing to parse, never a float (docs/decisions/api.md).
// Field checks reuse the dashboard's form schemas (documents, e-mail, phone, PIX keys, metadata).
import * as z from "@/lib/schemas/zod";
import { documentSchema } from "@/lib/schemas/brazilian-documents";
import { maxCashInExternalReferenceLength, maxCustomExpiryMinutes, maxDescriptionLength } from "@/lib/schemas/cash-in";
import { maxExternalReferenceLength } from "@/lib/schemas/cash-out";
import { emailFieldSchema } from "@/lib/schemas/email";
import { maxMetadataRows, maxMetadataValueLength, metadataRowsSchema } from "@/lib/schemas/metadata";
import { maxAmountInCents } from "@/lib/schemas/money";
import { optionalPayerPhoneSchema } from "@/lib/schemas/phone";
import { pixKeySchema } from "@/lib/schemas/pix-key";
import { pixKeyTypeValues } from "@/lib/vocabulary/pix-key-types";
import { msg } from "@/lib/i18n/message";
import { apiScopes } from "@/lib/vocabulary/api-scopes";
import { cashOutRequestStates } from "@/lib/vocabulary/cash-out-request-states";
import { creationStates, transactionKinds, walletStatuses } from "@/lib/vocabulary/transaction-statuses";
import { eventTypes } from "@/lib/vocabulary/event-types";

const amountCents = z
  .int({ error: msg("errors.amount.notANumber") })
  .check(
    z.minimum(1, { error: msg("errors.amount.zero") }),
    z.maximum(maxAmountInCents, { error: msg("errors.amount.tooLarge") }),
    z.meta({ description: "Integer centavos: 1050 is R$ 10,50.", example: 1050 }),
  );

/** Metadata as an object; checked by the form's own row rules (key characters, lengths, count). */
const metadataInput = z.pipe(
  z.pipe(
    z.optional(z.record(z.string(), z.string().check(z.maxLength(maxMetadataValueLength)))).check(
      z.meta({
        description: `Up to ${maxMetadataRows} string values, keys of letters, digits, "_", "." and "-".`,
        example: { orderId: "A-1001" },
      }),
    ),
    z.transform((metadata: Record<string, string> | undefined): Array<{ key: string; value: string }> | undefined =>
      Object.entries(metadata ?? {}).map(([key, value]) => ({ key, value })),
    ),
  ),
  metadataRowsSchema,
);

const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, { error: msg("errors.externalReference.tooLong", { max }) }))),
    z.transform((text) => text || undefined),
  );

// ——— Charges ———————————————————————————————————————————————————————————————————————————————

export const createChargeBody = z
  .strictObject({
    amountCents,
    payer: z.object({
      name: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: msg("errors.cashIn.payerNameEmpty") }),
          z.maxLength(100),
          z.meta({ example: "Ana Souza" }),
        ),
      email: z.pipe(z.string(), emailFieldSchema(msg("errors.cashIn.payerEmailEmpty"))).check(z.meta({ example: "ana@example.com" })),
      document: z
        .pipe(z.string(), documentSchema)
        .check(z.meta({ description: "CPF or CNPJ, with or without punctuation.", example: "529.982.247-25" })),
      phone: z
        .pipe(z.optional(z.string()), optionalPayerPhoneSchema)
        .check(z.meta({ description: "Brazilian mobile.", example: "+5511987654321" })),
    }),
    description: z
      .optional(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(maxDescriptionLength, { error: msg("errors.cashIn.descriptionTooLong", { max: maxDescriptionLength }) }),
          ),
      )
      .check(z.meta({ example: "Order A-1001" })),
    expireInMinutes: z._default(z.int().check(z.minimum(1), z.maximum(maxCustomExpiryMinutes)), 30).check(z.meta({ example: 30 })),
    externalReference: optionalText(maxCashInExternalReferenceLength).check(z.meta({ example: "A-1001" })),
    metadata: metadataInput,
  })
  .check(z.meta({ id: "CreateChargeRequest" }));

export const chargeSchema = z
  .object({
    id: z.uuid(),
    amountCents: z.int(),
    status: z
      .nullable(z.enum(walletStatuses))
      .check(z.meta({ description: "The wallet's status; null until the wallet confirms creation." })),
    creationState: z.enum(creationStates),
    walletTransactionId: z.nullable(z.string()),
    payer: z.object({ name: z.nullable(z.string()), email: z.nullable(z.string()), document: z.nullable(z.string()) }),
    description: z.nullable(z.string()),
    externalReference: z.nullable(z.string()),
    metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    pixCopyPaste: z.nullable(z.string()).check(z.meta({ description: "The PIX copy-and-paste code to show the payer." })),
    qrCodeImage: z.nullable(z.string()).check(z.meta({ description: "The QR code as the wallet gave it (a data URL or base64 image)." })),
    expiresAt: z.nullable(z.iso.datetime()),
    createdAt: z.iso.datetime(),
    createdBy: z
      .nullable(z.string())
      .check(z.meta({ description: 'Who created it: an operator\'s e-mail or `API key "<name>" (<prefix>)`.' })),
    sandbox: z.boolean(),
    paymentLinkId: z
      .nullable(z.uuid())
      .check(z.meta({ description: "The payment link whose public page created the charge; null for every other charge." })),
  })
  .check(
    z.meta({
      id: "Charge",
      example: {
        id: "0b9f1c1e-4c2a-4c1e-9a55-2f1b8c3d4e5f",
        amountCents: 1050,
        status: "PENDING",
        creationState: "created",
        walletTransactionId: "8d1e2f3a",
        payer: { name: "Ana Souza", email: "ana@example.com", document: "52998224725" },
        description: "Order A-1001",
        externalReference: "A-1001",
        metadata: { orderId: "A-1001" },
        pixCopyPaste: "00020126...6304ABCD",
        qrCodeImage: "data:image/png;base64,iVBORw0KGgo...",
        expiresAt: "2026-11-26T15:30:00.000Z",
        createdAt: "2026-11-26T15:00:00.000Z",
        createdBy: 'API key "ERP" (wdk_ab12cd34)',
        sandbox: true,
        paymentLinkId: null,
      },
    }),
  );
export type ApiCharge = z.output<typeof chargeSchema>;

// ——— Transactions ——————————————————————————————————————————————————————————————————————————

export const listTransactionsQuery = z.strictObject({
  kind: z.optional(z.enum(transactionKinds)),
  status: z
    .optional(z.enum([...walletStatuses, "UNKNOWN"]))
    .check(z.meta({ description: "UNKNOWN: the wallet never confirmed the outcome." })),
  createdFrom: z.optional(z.iso.datetime()).check(z.meta({ description: "Inclusive.", example: "2026-11-01T00:00:00Z" })),
  createdBefore: z.optional(z.iso.datetime()).check(z.meta({ description: "Exclusive." })),
  amountMinCents: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  amountMaxCents: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  q: z
    .optional(z.string().check(z.maxLength(200)))
    .check(z.meta({ description: "The ledger's search: ids, payer document, e-mail, name, reference, PIX key." })),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
  cursor: z.optional(z.string().check(z.maxLength(200))).check(z.meta({ description: "`nextCursor` of the previous page." })),
});

export const transactionSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(transactionKinds),
    amountCents: z.int(),
    status: z.nullable(z.enum(walletStatuses)),
    creationState: z.enum(creationStates),
    payerName: z.nullable(z.string()),
    payerEmail: z.nullable(z.string()),
    pixKeyType: z.nullable(z.string()),
    pixKey: z.nullable(z.string()),
    externalReference: z.nullable(z.string()),
    createdBy: z.nullable(z.string()),
    createdAt: z.iso.datetime(),
  })
  .check(z.meta({ id: "Transaction" }));

export const transactionPageSchema = z
  .object({
    data: z.array(transactionSchema),
    nextCursor: z.nullable(z.string()).check(z.meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." })),
  })
  .check(z.meta({ id: "TransactionPage" }));

// ——— Events ——————————————————————————————————————————————————————————————————————————————————

/** GET /api/v1/events: the same events the webhooks send, read in position order (docs/events.md). */
export const listEventsQuery = z.strictObject({
  after: z
    ._default(z.coerce.number().check(z.int(), z.minimum(0)), 0)
    .check(z.meta({ description: "The last `position` you have read (0 for the start): the feed answers the events after it." })),
  type: z
    .pipe(
      z.optional(z.string().check(z.maxLength(1_000))),
      z.transform((list, context) => {
        if (list === undefined) return undefined;
        const types = list.split(",").map((type) => type.trim());
        const unknown = types.filter((type) => !(eventTypes as readonly string[]).includes(type));
        if (unknown.length) return z.refuse(context, msg("errors.api.eventTypeUnknown"), list);
        return types;
      }),
    )
    .check(
      z.meta({ description: `Comma-separated event types to keep (default: all): ${eventTypes.join(", ")}.`, example: "charge.paid" }),
    ),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
});

export const eventSchema = z
  .object({
    id: z.uuid().check(z.meta({ description: "The event id; the webhook-id of its deliveries: drop repeats by it." })),
    type: z.string().check(z.meta({ description: "One of the catalogue's types (docs/events.md).", example: "charge.paid" })),
    version: z.int(),
    timestamp: z.iso.datetime({ offset: true }).check(z.meta({ description: "When it happened." })),
    position: z.int().check(z.meta({ description: "Its place in the outbox: larger is later. Pass the last one you read as `after`." })),
    data: z
      .record(z.string(), z.unknown())
      .check(z.meta({ description: "The object's state when it happened: the schema of its type in docs/events/<type>.schema.json." })),
  })
  .check(z.meta({ id: "Event" }));

export const eventPageSchema = z
  .object({
    data: z.array(eventSchema),
    nextAfter: z
      .int()
      .check(z.meta({ description: "Pass as `after` for the next page (the last position here, or your `after` when empty)." })),
    hasMore: z
      .boolean()
      .check(z.meta({ description: "Whether more events are ready now; when false, poll again later with `nextAfter`." })),
  })
  .check(z.meta({ id: "EventPage" }));

// ——— Cash-outs ———————————————————————————————————————————————————————————————————————————————

export const createCashOutBody = z
  .strictObject({
    amountCents,
    pixKey: z
      .pipe(z.object({ type: z.enum(pixKeyTypeValues), key: z.string() }), pixKeySchema)
      .check(z.meta({ example: { type: "EMAIL", key: "fornecedor@example.com" } })),
    externalReference: optionalText(maxExternalReferenceLength).check(z.meta({ example: "INV-77" })),
    metadata: metadataInput,
  })
  .check(z.meta({ id: "CreateCashOutRequest" }));

export const cashOutRequestSchema = z
  .object({
    id: z.uuid(),
    state: z
      .enum(cashOutRequestStates)
      .check(z.meta({ description: "Every API cash-out starts awaiting_approval: a person approves it." })),
    amountCents: z.int(),
    pixKeyType: z.string(),
    pixKey: z.string(),
    externalReference: z.nullable(z.string()),
    transactionId: z.nullable(z.uuid()).check(z.meta({ description: "The ledger transaction, once approved and sent." })),
    transactionStatus: z.nullable(z.enum(walletStatuses)),
    requestedBy: z.string(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    decidedAt: z.nullable(z.iso.datetime()),
  })
  .check(
    z.meta({
      id: "CashOutRequest",
      example: {
        id: "5c0e3f0a-7d4b-4f57-8a2e-0c9d1b2a3f4e",
        state: "awaiting_approval",
        amountCents: 250000,
        pixKeyType: "EMAIL",
        pixKey: "fornecedor@example.com",
        externalReference: "INV-77",
        transactionId: null,
        transactionStatus: null,
        requestedBy: 'API key "ERP" (wdk_ab12cd34)',
        createdAt: "2026-11-26T15:00:00.000Z",
        expiresAt: "2026-11-27T15:00:00.000Z",
        decidedAt: null,
      },
    }),
  );

// ——— Errors and headers —————————————————————————————————————————————————————————————————————

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    code: z.string().check(z.meta({ description: "The message key, stable for programs to branch on." })),
    detail: z.string().check(z.meta({ description: "The message in the caller's language (Accept-Language: en or pt-BR)." })),
    errors: z.optional(z.array(z.object({ path: z.string(), code: z.string(), detail: z.string() }))),
  })
  .check(
    z.meta({
      id: "Problem",
      example: {
        type: "about:blank",
        title: "Forbidden",
        status: 403,
        code: "errors.api.scopeMissing",
        detail: "This API key does not have the charges:write scope.",
      },
    }),
  );

export const idempotencyKeyHeader = z.string().check(
  z.regex(/^[\x21-\x7e]{1,255}$/),
  z.meta({
    description: "Your unique key for this operation (a UUID is fine): a retry with it returns the first result.",
    example: "order-A-1001",
  }),
);

export const uuidPathParam = z.uuid();
export const scopeList = apiScopes;
