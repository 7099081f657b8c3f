// /api/v1/cash-outs: an API key asks for a cash-out, and it is ALWAYS saved as a request awaiting a
// person's approval (lib/cash-out/cash-out-requests.ts, saveCashOutRequest: the daily limits are
// checked on the way, and again when someone approves). Nothing here calls the wallet.
import "server-only";
import { claimClientIdempotencyKey } from "@/lib/api-v1/charges";
import { type createCashOutBody, uuidPathParam } from "@/lib/api-v1/schemas";
import { saveCashOutRequest } from "@/lib/cash-out/cash-out-requests";
import { findCashOutRequest, listCashOutRequestRows } from "@/lib/db/queries/cash-out-requests";
import { apiJson, type ApiKeyRouteContext } from "@/lib/http/api-key-route";
import { msg } from "@/lib/i18n/message";
import { singleStoreOf } from "@/lib/vocabulary/store-scope";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";
import type * as z from "@/lib/schemas/zod";

async function cashOutRequestModel(context: Pick<ApiKeyRouteContext<unknown, unknown>, "db" | "stores">, id: string) {
  // Another store's request is as unknown to a key for one store.
  const request = await findCashOutRequest(context.db, context.stores, id);
  if (request?.kind !== "single") return undefined;
  const [row] = await listCashOutRequestRows(context.db, id);
  if (!row) return undefined;
  return {
    id: request.id,
    state: request.state,
    amountCents: row.amountCents,
    pixKeyType: row.pixKeyType,
    pixKey: row.pixKey,
    externalReference: row.externalReference,
    transactionId: row.transactionId,
    transactionStatus: row.status,
    requestedBy: request.requestedByEmail,
    createdAt: request.createdAt.toISOString(),
    expiresAt: request.expiresAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  };
}

export async function createCashOutResponse(
  request: Request,
  context: ApiKeyRouteContext<Record<string, never>, z.output<typeof createCashOutBody>>,
): Promise<Response> {
  const { db, config, actor, body } = context;
  const claimed = await claimClientIdempotencyKey(request, context, "cash_outs", body);
  if ("refused" in claimed) return claimed.refused;
  // A key for one store asks for its store (sent, once approved, through that store's wallet); a key
  // for every store, for the first store, as charges (issue #49).
  const saved = await saveCashOutRequest({ db, config }, actor, {
    storeId: singleStoreOf(context.stores) ?? FIRST_STORE_ID,
    kind: "single",
    idempotencyKey: claimed.scopedKey,
    orders: [
      {
        line: 1,
        order: {
          idempotencyKey: claimed.scopedKey,
          amount: body.amountCents,
          pixKey: body.pixKey,
          metadata: body.metadata,
          externalReference: body.externalReference,
        },
      },
    ],
  });
  // Refused: over a daily limit (or the key's earlier request differs), nothing saved.
  if (saved.outcome === "refused") return context.problem(422, saved.error);
  const model = await cashOutRequestModel(context, saved.requestId);
  return apiJson(model, {
    status: saved.replayed ? 200 : 201,
    headers: { location: `/api/v1/cash-outs/${saved.requestId}`, ...(saved.replayed ? { "idempotent-replayed": "true" } : {}) },
  });
}

export async function readCashOutResponse(context: ApiKeyRouteContext<{ id: string }, undefined>): Promise<Response> {
  const { id } = context.params;
  const model = uuidPathParam.safeParse(id).success ? await cashOutRequestModel(context, id.toLowerCase()) : undefined;
  if (!model) return context.problem(404, msg("errors.api.cashOutRequestNotFound"));
  return apiJson(model);
}
