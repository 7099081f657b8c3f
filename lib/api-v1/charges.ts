// /api/v1/charges: creating a charge (a cash-in) with an Idempotency-Key, and reading one. Creation
// is the cash-in form's own path (lib/cash-in/create-cash-in.ts): the ledger row is claimed
// under the key before the wallet is called, so any number of replays make one wallet call.
import "server-only";
import { createHash } from "node:crypto";
import { claimIdempotencyKey } from "@/lib/db/queries/api-keys";
import { findTransaction } from "@/lib/db/queries/transactions";
import type { TransactionRecord } from "@/lib/db/schema";
import { apiJson, type ApiKeyRouteContext } from "@/lib/http/api-key-route";
import { msg } from "@/lib/i18n/message";
import type { ApiCharge, createChargeBody } from "@/lib/api-v1/schemas";
import { idempotencyKeyHeader, uuidPathParam } from "@/lib/api-v1/schemas";
import { createCashIn } from "@/lib/cash-in/create-cash-in";
import { walletForStore } from "@/lib/stores/wallet-for-store";
import { singleStoreOf } from "@/lib/vocabulary/store-scope";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";
import type * as z from "@/lib/schemas/zod";

export function chargeOf(row: TransactionRecord): ApiCharge {
  return {
    id: row.id,
    amountCents: row.amountCents,
    status: row.status,
    creationState: row.creationState,
    walletTransactionId: row.walletTransactionId,
    payer: { name: row.payerName, email: row.payerEmail, document: row.payerDocument },
    description: row.invoiceDescription,
    externalReference: row.externalReference,
    metadata: row.metadata,
    pixCopyPaste: row.codeCopyPaste,
    qrCodeImage: row.qrcodeImage,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail,
    sandbox: row.isSandbox,
    paymentLinkId: row.paymentLinkId,
  };
}

/**
 * The client's Idempotency-Key, scoped to its API key and the operation (so the same text used by
 * two keys, or for a charge and a cash-out, are different keys), and claimed with the request's
 * hash. Undefined with the refusal to answer when it is missing, malformed or reused differently.
 */
export async function claimClientIdempotencyKey(
  request: Request,
  context: Pick<ApiKeyRouteContext<unknown, unknown>, "db" | "apiKey" | "problem">,
  operation: "charges" | "cash_outs" | "payment_links",
  parsedBody: unknown,
): Promise<{ scopedKey: string; replay: boolean } | { refused: Response }> {
  const header = idempotencyKeyHeader.safeParse(request.headers.get("idempotency-key") ?? "");
  if (!header.success) return { refused: context.problem(400, msg("errors.api.idempotencyKeyMissing")) };
  const scopedKey = `api:${context.apiKey.id}:${operation}:${header.data}`;
  // The parsed body (defaults applied, fields in the schema's order): the same request spelled with
  // other whitespace or key order is the same request.
  const requestHash = createHash("sha256").update(JSON.stringify(parsedBody)).digest("hex");
  const claim = await claimIdempotencyKey(context.db, { scopedKey, apiKeyId: context.apiKey.id, operation, requestHash });
  if (claim === "different") return { refused: context.problem(422, msg("errors.api.idempotencyKeyReused")) };
  return { scopedKey, replay: claim === "same" };
}

export async function createChargeResponse(
  request: Request,
  context: ApiKeyRouteContext<Record<string, never>, z.output<typeof createChargeBody>>,
): Promise<Response> {
  const { db, config, actor, body } = context;
  const claimed = await claimClientIdempotencyKey(request, context, "charges", body);
  if ("refused" in claimed) return claimed.refused;
  // A key for one store charges through that store's wallet and records it; a key for every store,
  // the first store (the column's default), as before stores.
  const storeId = singleStoreOf(context.stores) ?? undefined;
  const result = await createCashIn(
    { db, config, operator: actor, wallet: await walletForStore(db, storeId ?? FIRST_STORE_ID, config) },
    {
      storeId,
      idempotencyKey: claimed.scopedKey,
      amount: body.amountCents,
      payerName: body.payer.name,
      payerEmail: body.payer.email,
      payerDocument: body.payer.document,
      payerPhone: body.payer.phone,
      invoiceDescription: body.description || undefined,
      expireInMinutes: body.expireInMinutes,
      metadata: body.metadata,
      externalReference: body.externalReference,
      customCallbackUrl: undefined,
      showOnCounterId: undefined,
    },
  );
  if (result.ok || result.reason === "outcome_unknown") return chargeCreationResponse(result);
  switch (result.reason) {
    case "in_progress":
      return context.problem(409, msg("errors.api.idempotencyInProgress"), { headers: { "retry-after": "1" } });
    case "record_failed":
      // The wallet created it but the ledger could not record it: not "nothing was created".
      return context.problem(500, result.error);
    case "rejected":
      // Only a certain refusal (lib/transactions/creation-outcome.ts): nothing was created.
      return context.problem(502, msg("errors.api.walletFailed", { reason: result.error }));
    case "not_admitted":
      // Only a payment link's admission refuses a charge before the wallet is asked; the API passes none.
      return context.problem(500, msg("errors.action.failed"));
  }
}

/**
 * A created charge (201, or 200 for a replay), or one whose outcome is unknown: 202 Accepted with
 * the charge (`creationState: "outcome_unknown"`) and its Location, first time and on every replay
 * until a callback settles it; from then on a replay answers 200 with the real charge. Never a
 * status that says nothing was created (docs/decisions/api.md, 2026-11-27).
 */
function chargeCreationResponse(result: { transaction: TransactionRecord; replayed: boolean; ok: boolean }): Response {
  const location = `/api/v1/charges/${result.transaction.id}`;
  const status = !result.ok ? 202 : result.replayed ? 200 : 201;
  return apiJson(chargeOf(result.transaction), {
    status,
    headers: { location, ...(result.replayed ? { "idempotent-replayed": "true" } : {}) },
  });
}

export async function readChargeResponse(context: ApiKeyRouteContext<{ id: string }, undefined>): Promise<Response> {
  const { id } = context.params;
  const row = uuidPathParam.safeParse(id).success ? await findTransaction(context.db, context.stores, id.toLowerCase()) : undefined;
  // Rows still being created are not charges yet (as in the ledger), and cash-outs are not charges.
  if (row?.kind !== "CASH_IN" || row.creationState === "creating" || row.creationState === "rejected")
    return context.problem(404, msg("errors.api.chargeNotFound"));
  return apiJson(chargeOf(row));
}
