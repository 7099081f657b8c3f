// The one check of a store chosen on a money form (issue #49): the store must be one the operator's
// role applies to (operator.storeGrants) and must exist; then its wallet is the one that makes the
// charge or sends the money, and its id goes on the rows created. Another store is answered as an
// unknown choice on the form's `storeId` field, and the refusal is audited with the store's id only.
// No choice (a one-store merchant's form shows none) means the operator's default store.
import "server-only";
import { recordAuditEvent } from "@/lib/audit";
import type { AuditAction } from "@/lib/audit/audit-actions";
import type { Operator } from "@/lib/auth/operator";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { findStoreConnection, type StoreConnection } from "@/lib/db/queries/stores";
import { msg } from "@/lib/i18n/message";
import { walletOfStoreConnection } from "@/lib/stores/wallet-for-store";
import type { WalletClient } from "@/lib/wallet/client";
import { defaultStoreOf, type StoreScope, storeScopeAllows } from "@/lib/vocabulary/store-scope";

export type StoreChoiceRefusal = { ok: false; code: "INVALID_INPUT"; error: string; fieldErrors: Record<string, string[]> };

/**
 * The store's wallet connection when the operator may act for it (granted, and it exists), else
 * null: one statement, which is both the existence check and what its wallet is made from.
 */
async function allowedStoreConnection(db: Database, grants: StoreScope, storeId: string): Promise<StoreConnection | null> {
  return storeScopeAllows(grants, storeId) ? findStoreConnection(db, storeId) : null;
}

type Context = { db: Database; config: AppConfig; operator: Operator };

/** The chosen store and its wallet (a charge, a cash-out), or the refusal to answer. */
export async function chosenStoreWallet(
  context: Context,
  chosenStoreId: string | undefined,
  action: AuditAction,
): Promise<{ ok: true; storeId: string; wallet: WalletClient } | StoreChoiceRefusal> {
  const chosen = await chosenStoreConnection(context, chosenStoreId, action);
  if (!chosen.ok) return chosen;
  return { ok: true, storeId: chosen.storeId, wallet: walletOfStoreConnection(chosen.connection, context.config) };
}

/** The chosen store (a payment link, whose wallet is used when a payer submits), or the refusal to answer. */
export async function chosenStore(
  context: Context,
  chosenStoreId: string | undefined,
  action: AuditAction,
): Promise<{ ok: true; storeId: string } | StoreChoiceRefusal> {
  const chosen = await chosenStoreConnection(context, chosenStoreId, action);
  return chosen.ok ? { ok: true, storeId: chosen.storeId } : chosen;
}

async function chosenStoreConnection(
  { db, operator }: Context,
  chosenStoreId: string | undefined,
  action: AuditAction,
): Promise<{ ok: true; storeId: string; connection: StoreConnection } | StoreChoiceRefusal> {
  const storeId = chosenStoreId || defaultStoreOf(operator.storeGrants);
  const connection = storeId ? await allowedStoreConnection(db, operator.storeGrants, storeId) : null;
  if (!storeId || !connection) {
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action,
      outcome: "refused",
      details: { reason: "store", ...(storeId ? { storeId } : {}) },
    });
    const unknown = msg("errors.stores.unknownStoreChoice");
    return { ok: false, code: "INVALID_INPUT", error: unknown, fieldErrors: { storeId: [unknown] } };
  }
  return { ok: true, storeId, connection };
}
