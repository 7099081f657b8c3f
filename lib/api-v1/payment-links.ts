// /api/v1/payment-links (issue #48; the handlers sit with the other /api/v1 ones, calling lib/payment-links/): list, create (with an Idempotency-Key), read, and change or
// switch off a payment link with an API key, through the dashboard's own paths
// (manage-payment-links.ts: the return URL's outbound check, the audit, the events of migration
// 0020). Amounts are integer centavos, as everywhere in the API; figures come from the ledger.
import "server-only";
import { claimClientIdempotencyKey } from "@/lib/api-v1/charges";
import {
  findPaymentLink,
  findPaymentLinkByIdempotencyKey,
  findPaymentLinkWithFigures,
  listPaymentLinksWithFigures,
} from "@/lib/db/queries/payment-links";
import type { PaymentLinkRecord } from "@/lib/db/schema/payment-links";
import { apiJson, type ApiKeyRouteContext } from "@/lib/http/api-key-route";
import { msg } from "@/lib/i18n/message";
import { paymentLinkPublicUrl, paymentLinkState } from "@/lib/payment-links/link-view";
import { createPaymentLink, editPaymentLink, switchPaymentLink } from "@/lib/payment-links/manage-payment-links";
import { maxDescriptionLength } from "@/lib/schemas/cash-in";
import { maxAmountInCents } from "@/lib/schemas/money";
import {
  maxInactiveMessageLength,
  maxPaidChargesLimit,
  maxPaymentLinkNameLength,
  paymentLinkExpiryPresets,
} from "@/lib/schemas/payment-link";
import * as z from "@/lib/schemas/zod";
import { singleStoreOf, storeScopeAllows } from "@/lib/vocabulary/store-scope";

const cents = z
  .int()
  .check(z.minimum(1, { error: msg("errors.amount.zero") }), z.maximum(maxAmountInCents, { error: msg("errors.amount.tooLarge") }));
const expiryMinutes = paymentLinkExpiryPresets.map(Number) as [number, ...number[]];

const settingsFields = {
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: msg("errors.paymentLinks.nameEmpty") }),
      z.maxLength(maxPaymentLinkNameLength, { error: msg("errors.paymentLinks.nameTooLong", { max: maxPaymentLinkNameLength }) }),
      z.meta({ description: "For you: payers see the description.", example: "Doações" }),
    ),
  description: z.nullable(z.string().check(z.trim(), z.maxLength(maxDescriptionLength))).check(z.meta({ description: "Shown to payers." })),
  amountCents: z
    .nullable(cents)
    .check(z.meta({ description: "A fixed price; null (with minAmountCents and maxAmountCents) lets the payer choose." })),
  minAmountCents: z.nullable(cents),
  maxAmountCents: z.nullable(cents),
  maxPaidCharges: z
    .nullable(z.int().check(z.minimum(1), z.maximum(maxPaidChargesLimit)))
    .check(z.meta({ description: "Paid charges after which the link takes no more; null for no limit." })),
  endsAt: z
    .nullable(z.iso.datetime({ offset: true }))
    .check(z.meta({ description: "No new charge from this instant on; null for no end." })),
  chargeExpiryMinutes: z.union(expiryMinutes.map((minutes) => z.literal(minutes))).check(z.meta({ description: "Each charge's expiry." })),
  returnUrl: z
    .nullable(z.url({ protocol: /^https?$/, error: msg("errors.paymentLinks.returnUrlInvalid") }).check(z.maxLength(2000)))
    .check(z.meta({ description: "Where the payer may go after paying (checked like every outbound URL)." })),
  inactiveMessage: z.nullable(z.string().check(z.trim(), z.maxLength(maxInactiveMessageLength))),
};

type Settings = {
  amountCents: number | null;
  minAmountCents: number | null;
  maxAmountCents: number | null;
};

/** A fixed price, or a payer-chosen range with its maximum at least its minimum (the table's own check). */
function amountsIssue(settings: Settings): { path: string; message: string } | undefined {
  if (settings.amountCents !== null) {
    return settings.minAmountCents === null && settings.maxAmountCents === null
      ? undefined
      : { path: "amountCents", message: msg("errors.paymentLinks.amountMode") };
  }
  if (settings.minAmountCents === null || settings.maxAmountCents === null)
    return { path: "amountCents", message: msg("errors.paymentLinks.amountMode") };
  return settings.maxAmountCents < settings.minAmountCents
    ? { path: "maxAmountCents", message: msg("errors.paymentLinks.maxBelowMin") }
    : undefined;
}

export const createPaymentLinkBody = z
  .strictObject({
    name: settingsFields.name,
    description: z.optional(settingsFields.description),
    amountCents: z.optional(settingsFields.amountCents),
    minAmountCents: z.optional(settingsFields.minAmountCents),
    maxAmountCents: z.optional(settingsFields.maxAmountCents),
    maxPaidCharges: z.optional(settingsFields.maxPaidCharges),
    endsAt: z.optional(settingsFields.endsAt),
    chargeExpiryMinutes: z._default(settingsFields.chargeExpiryMinutes, 30),
    returnUrl: z.optional(settingsFields.returnUrl),
    inactiveMessage: z.optional(settingsFields.inactiveMessage),
  })
  .check(
    z.superRefine((body, context) => {
      const issue = amountsIssue({
        amountCents: body.amountCents ?? null,
        minAmountCents: body.minAmountCents ?? null,
        maxAmountCents: body.maxAmountCents ?? null,
      });
      if (issue) context.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    }),
    z.meta({
      id: "CreatePaymentLinkRequest",
      example: { name: "Doações", minAmountCents: 500, maxAmountCents: 100000, chargeExpiryMinutes: 30 },
    }),
  );

export const updatePaymentLinkBody = z
  .strictObject({
    name: z.optional(settingsFields.name),
    description: z.optional(settingsFields.description),
    amountCents: z.optional(settingsFields.amountCents),
    minAmountCents: z.optional(settingsFields.minAmountCents),
    maxAmountCents: z.optional(settingsFields.maxAmountCents),
    maxPaidCharges: z.optional(settingsFields.maxPaidCharges),
    endsAt: z.optional(settingsFields.endsAt),
    chargeExpiryMinutes: z.optional(settingsFields.chargeExpiryMinutes),
    returnUrl: z.optional(settingsFields.returnUrl),
    inactiveMessage: z.optional(settingsFields.inactiveMessage),
    active: z
      .optional(z.boolean())
      .check(z.meta({ description: "false switches the link off (its page takes no new charges); true back on." })),
  })
  .check(z.meta({ id: "UpdatePaymentLinkRequest", description: "Only the fields sent change.", example: { active: false } }));

export const paymentLinkSchema = z
  .object({
    id: z.uuid(),
    url: z.string().check(z.meta({ description: "The public page anyone may open to pay." })),
    slug: z.string(),
    name: z.string(),
    description: z.nullable(z.string()),
    amountCents: z.nullable(z.int()),
    minAmountCents: z.nullable(z.int()),
    maxAmountCents: z.nullable(z.int()),
    maxPaidCharges: z.nullable(z.int()),
    endsAt: z.nullable(z.iso.datetime()),
    chargeExpiryMinutes: z.int(),
    returnUrl: z.nullable(z.string()),
    active: z.boolean(),
    inactiveMessage: z.nullable(z.string()),
    state: z
      .enum(["open", "inactive", "ended", "limit_reached"])
      .check(z.meta({ description: "Whether the page takes charges now, and if not why." })),
    visits: z.int(),
    charges: z.int().check(z.meta({ description: "Charges created through the link (those the ledger lists)." })),
    paid: z.int(),
    receivedCents: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .check(z.meta({ id: "PaymentLink" }));
export const paymentLinkListSchema = z.object({ data: z.array(paymentLinkSchema) }).check(z.meta({ id: "PaymentLinkList" }));

type Figures = { charges: number; paid: number; receivedCents: number };

function paymentLinkOf(link: PaymentLinkRecord & Figures, appUrl: string): z.output<typeof paymentLinkSchema> {
  return {
    id: link.id,
    url: paymentLinkPublicUrl(appUrl, link.slug),
    slug: link.slug,
    name: link.name,
    description: link.description,
    amountCents: link.amountCents,
    minAmountCents: link.minAmountCents,
    maxAmountCents: link.maxAmountCents,
    maxPaidCharges: link.maxPaidCharges,
    endsAt: link.endsAt?.toISOString() ?? null,
    chargeExpiryMinutes: link.chargeExpiryMinutes,
    returnUrl: link.returnUrl,
    active: link.active,
    inactiveMessage: link.inactiveMessage,
    state: paymentLinkState(link),
    visits: link.visits,
    charges: link.charges,
    paid: link.paid,
    receivedCents: link.receivedCents,
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
  };
}

async function linkAnswer(
  context: Pick<ApiKeyRouteContext<unknown, unknown>, "db" | "config" | "stores">,
  id: string,
  init?: { status?: number; headers?: Record<string, string> },
) {
  const link = await findPaymentLinkWithFigures(context.db, context.stores, id);
  return link ? apiJson(paymentLinkOf(link, context.config.appUrl), init) : undefined;
}

export async function listPaymentLinksResponse(_request: Request, context: ApiKeyRouteContext<Record<string, never>, undefined>) {
  const links = await listPaymentLinksWithFigures(context.db, context.stores);
  return apiJson({ data: links.map((link) => paymentLinkOf(link, context.config.appUrl)) });
}

export async function readPaymentLinkResponse(context: ApiKeyRouteContext<{ id: string }, undefined>) {
  return (await linkAnswer(context, context.params.id.toLowerCase())) ?? context.problem(404, msg("errors.paymentLinks.unknown"));
}

export async function createPaymentLinkResponse(
  request: Request,
  context: ApiKeyRouteContext<Record<string, never>, z.output<typeof createPaymentLinkBody>>,
): Promise<Response> {
  const { db, config, actor, body } = context;
  const claimed = await claimClientIdempotencyKey(request, context, "payment_links", body);
  if ("refused" in claimed) return claimed.refused;
  const replay = (link: PaymentLinkRecord) =>
    linkAnswer(context, link.id, { status: 200, headers: { location: `/api/v1/payment-links/${link.id}`, "idempotent-replayed": "true" } });
  if (claimed.replay) {
    const existing = await findPaymentLinkByIdempotencyKey(db, claimed.scopedKey);
    if (existing) return (await replay(existing))!;
  }
  const values = {
    name: body.name,
    description: body.description ?? null,
    amountCents: body.amountCents ?? null,
    minAmountCents: body.minAmountCents ?? null,
    maxAmountCents: body.maxAmountCents ?? null,
    maxPaidCharges: body.maxPaidCharges ?? null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    chargeExpiryMinutes: body.chargeExpiryMinutes,
    returnUrl: body.returnUrl ?? null,
    inactiveMessage: body.inactiveMessage ?? null,
  };
  let result: Awaited<ReturnType<typeof createPaymentLink>>;
  try {
    // A key for one store makes its link there (its payers charged through that store's wallet); a
    // key for all stores, in the first store (the column's default), as charges do.
    const storeId = singleStoreOf(context.stores) ?? undefined;
    result = await createPaymentLink(db, config, actor, values, { idempotencyKey: claimed.scopedKey, ...(storeId ? { storeId } : {}) });
  } catch (error) {
    // A concurrent retry with the same key created it first (the key is unique): answer with that link.
    const existing = await findPaymentLinkByIdempotencyKey(db, claimed.scopedKey);
    if (existing) return (await replay(existing))!;
    throw error;
  }
  if (!result.ok) return context.problem(422, result.error, { fieldErrors: result.fieldErrors });
  return (await linkAnswer(context, result.link.id, { status: 201, headers: { location: `/api/v1/payment-links/${result.link.id}` } }))!;
}

export async function updatePaymentLinkResponse(
  _request: Request,
  context: ApiKeyRouteContext<{ id: string }, z.output<typeof updatePaymentLinkBody>>,
): Promise<Response> {
  const { db, config, actor, body } = context;
  const id = context.params.id.toLowerCase();
  const link = await findPaymentLink(db, id);
  // Another store's link is as unknown to a key for one store.
  if (!link || !storeScopeAllows(context.stores, link.storeId)) return context.problem(404, msg("errors.paymentLinks.unknown"));
  const { active, ...changes } = body;
  if (Object.keys(changes).length > 0) {
    // Sending one side of the amount replaces the other: a fixed price clears the range, a range the price.
    const fixed = changes.amountCents !== undefined && changes.amountCents !== null;
    const ranged = changes.minAmountCents !== undefined || changes.maxAmountCents !== undefined;
    const values = {
      name: changes.name ?? link.name,
      description: changes.description !== undefined ? changes.description : link.description,
      amountCents: ranged && !fixed ? null : changes.amountCents !== undefined ? changes.amountCents : link.amountCents,
      minAmountCents: fixed && !ranged ? null : changes.minAmountCents !== undefined ? changes.minAmountCents : link.minAmountCents,
      maxAmountCents: fixed && !ranged ? null : changes.maxAmountCents !== undefined ? changes.maxAmountCents : link.maxAmountCents,
      maxPaidCharges: changes.maxPaidCharges !== undefined ? changes.maxPaidCharges : link.maxPaidCharges,
      endsAt: changes.endsAt !== undefined ? (changes.endsAt ? new Date(changes.endsAt) : null) : link.endsAt,
      chargeExpiryMinutes: changes.chargeExpiryMinutes ?? link.chargeExpiryMinutes,
      returnUrl: changes.returnUrl !== undefined ? changes.returnUrl : link.returnUrl,
      inactiveMessage: changes.inactiveMessage !== undefined ? changes.inactiveMessage : link.inactiveMessage,
    };
    const issue = amountsIssue(values);
    if (issue) return context.problem(422, issue.message, { fieldErrors: { [issue.path]: [issue.message] } });
    const edited = await editPaymentLink(db, config, actor, id, values, context.stores);
    if (!edited.ok) return context.problem(422, edited.error, { fieldErrors: edited.fieldErrors });
  }
  if (active !== undefined && active !== link.active) await switchPaymentLink(db, actor, id, active, context.stores);
  return (await linkAnswer(context, id)) ?? context.problem(404, msg("errors.paymentLinks.unknown"));
}
