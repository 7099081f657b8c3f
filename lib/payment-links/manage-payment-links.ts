// Creating, editing and switching payment links (issue #48), audited. The return URL is checked
// with the outbound guard like every URL the dashboard sends someone to; the slug is short and
// random (8 characters of a 32-letter alphabet without look-alikes: 2^40 links).
import "server-only";
import { randomBytes } from "node:crypto";
import { recordAuditEvent } from "@/lib/audit";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { insertPaymentLink, type PaymentLinkValues, setPaymentLinkActive, updatePaymentLink } from "@/lib/db/queries/payment-links";
import type { PaymentLinkRecord } from "@/lib/db/schema/payment-links";
import { msg } from "@/lib/i18n/message";
import { assertOutboundUrl, OutboundUrlRefusedError } from "@/lib/net/outbound-fetch";
import { auditOutboundRefusal } from "@/lib/security/outbound-refusal";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

type Actor = { id: string; email: string };
export type ManagePaymentLinkResult =
  | { ok: true; link: PaymentLinkRecord }
  | { ok: false; error: string; fieldErrors?: Record<string, string[]> };

const slugAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"; // 31 letters and digits, no 0/o, 1/l/i
export const slugLength = 8;
export const slugPattern = /^[a-z2-9]{8}$/;

export function randomSlug(): string {
  const bytes = randomBytes(slugLength);
  return Array.from(bytes, (byte) => slugAlphabet[byte % slugAlphabet.length]).join("");
}

/** What the audit log keeps of a link's settings: no free text (names and messages may hold anything). */
function auditedSettings(values: PaymentLinkValues) {
  return {
    amountCents: values.amountCents,
    minAmountCents: values.minAmountCents,
    maxAmountCents: values.maxAmountCents,
    maxPaidCharges: values.maxPaidCharges,
    endsAt: values.endsAt?.toISOString() ?? null,
    chargeExpiryMinutes: values.chargeExpiryMinutes,
    returnUrlHost: values.returnUrl ? new URL(values.returnUrl).host : null,
  };
}

async function refusedReturnUrl(
  db: Database,
  config: AppConfig,
  actor: Actor,
  action: "payment_link.create" | "payment_link.update",
  returnUrl: string | null,
): Promise<ManagePaymentLinkResult | undefined> {
  if (!returnUrl) return undefined;
  try {
    await assertOutboundUrl(returnUrl, config);
    return undefined;
  } catch (error) {
    if (!(error instanceof OutboundUrlRefusedError)) throw error;
    const message = await auditOutboundRefusal(db, { action, actor, error });
    return { ok: false, error: message, fieldErrors: { returnUrl: [message] } };
  }
}

export async function createPaymentLink(
  db: Database,
  config: AppConfig,
  actor: Actor,
  values: PaymentLinkValues,
  /** `storeId`: the store whose wallet charges the link's payers (issue #49; the first store when none is named). */
  options: { idempotencyKey?: string; storeId?: string } = {},
): Promise<ManagePaymentLinkResult> {
  const refused = await refusedReturnUrl(db, config, actor, "payment_link.create", values.returnUrl);
  if (refused) return refused;
  for (let attempt = 0; attempt < 5; attempt++) {
    const link = await insertPaymentLink(db, {
      ...values,
      slug: randomSlug(),
      createdByUserId: actor.id,
      createdByEmail: actor.email,
      idempotencyKey: options.idempotencyKey,
      ...(options.storeId ? { storeId: options.storeId } : {}),
    });
    if (!link) continue; // the slug was taken: draw another
    await recordAuditEvent(db, {
      actor,
      action: "payment_link.create",
      outcome: "success",
      target: { type: "payment_link", id: link.id },
      details: { slug: link.slug, ...auditedSettings(values) },
    });
    return { ok: true, link };
  }
  throw new Error("payment links: no free slug after 5 draws");
}

export async function editPaymentLink(
  db: Database,
  config: AppConfig,
  actor: Actor,
  id: string,
  values: PaymentLinkValues,
  scope: StoreScope,
): Promise<ManagePaymentLinkResult> {
  const refused = await refusedReturnUrl(db, config, actor, "payment_link.update", values.returnUrl);
  if (refused) return refused;
  const link = await updatePaymentLink(db, id, values, scope);
  if (!link) return { ok: false, error: msg("errors.paymentLinks.unknown") };
  await recordAuditEvent(db, {
    actor,
    action: "payment_link.update",
    outcome: "success",
    target: { type: "payment_link", id },
    details: auditedSettings(values),
  });
  return { ok: true, link };
}

/** `scope`: the stores the actor's role applies to; another store's link is as unknown (issue #49). */
export async function switchPaymentLink(
  db: Database,
  actor: Actor,
  id: string,
  active: boolean,
  scope: StoreScope,
): Promise<ManagePaymentLinkResult> {
  const link = await setPaymentLinkActive(db, id, active, scope);
  if (!link) return { ok: false, error: msg("errors.paymentLinks.unknown") };
  await recordAuditEvent(db, {
    actor,
    action: active ? "payment_link.activate" : "payment_link.deactivate",
    outcome: "success",
    target: { type: "payment_link", id },
  });
  return { ok: true, link };
}
