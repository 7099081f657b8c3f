// A callback log as the callback log page reads it (issue #49): from the wallet of the store of the
// transaction it was delivered for (found through the delivery that named the log,
// callback_deliveries.callback_log_id), and only when the operator's role applies to that store;
// another store's log is as unknown. A log no delivery named (the wallet sent no log id, or the
// delivery never arrived) is looked for in the first store's wallet, the settings' one.
import "server-only";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { findStoreOfCallbackLog } from "@/lib/db/queries/callback-deliveries";
import { walletForStore } from "@/lib/stores/wallet-for-store";
import { isWalletError, type WalletError } from "@/lib/wallet/errors";
import type { CallbackLog } from "@/lib/wallet/schemas";
import { type StoreScope, storeScopeAllows } from "@/lib/vocabulary/store-scope";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";

export type CallbackLogReading =
  | { ok: true; log: CallbackLog }
  | { ok: false; notFound: true }
  | { ok: false; notFound: false; error: WalletError };

export async function readCallbackLog(
  { db, config }: { db: Database; config: AppConfig },
  grants: StoreScope,
  callbackLogId: string,
): Promise<CallbackLogReading> {
  const storeId = (await findStoreOfCallbackLog(db, callbackLogId)) ?? FIRST_STORE_ID;
  if (!storeScopeAllows(grants, storeId)) return { ok: false, notFound: true };
  try {
    return { ok: true, log: await (await walletForStore(db, storeId, config)).getCallbackLog(callbackLogId) };
  } catch (error) {
    if (!isWalletError(error)) throw error;
    return error.kind === "not_found" ? { ok: false, notFound: true } : { ok: false, notFound: false, error };
  }
}
