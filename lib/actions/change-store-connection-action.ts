"use server";
// Gives a store a new wallet connection (issue #49; admins, step-up, audited): saved only once it has
// answered a harmless wallet call with the token accepted (lib/stores/manage-stores.ts); otherwise
// nothing changes and the outcome is said on the form. The audit holds the wallet's host, never the token.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { storeConnectionFailure } from "@/lib/actions/store-connection-failure";
import { recordAuditEvent } from "@/lib/audit";
import { storeConnectionSchema } from "@/lib/schemas/stores";
import { configuredKeyring } from "@/lib/stores/keyring";
import { changeStoreConnection } from "@/lib/stores/manage-stores";

export const changeStoreConnectionAction = operatorAction(
  { name: "stores.connection", capability: "manageOperators", wholeMerchant: true, input: storeConnectionSchema, stepUp: true },
  async (input, { db, config, operator }) => {
    const actor = { id: operator.id, email: operator.email };
    const result = await changeStoreConnection({ db, config, keyring: configuredKeyring(config.storeCredentials) }, input.storeId, {
      baseUrl: input.baseUrl,
      token: input.token,
    });
    if (!result.changed) {
      return storeConnectionFailure(db, {
        action: "stores.connection",
        actor,
        storeId: input.storeId,
        host: input.baseUrl,
        refusal: result,
      });
    }
    await recordAuditEvent(db, {
      actor,
      action: "stores.connection",
      outcome: "success",
      target: { type: "store", id: input.storeId },
      details: { host: input.baseUrl },
    });
    revalidatePath("/settings/stores");
    return { ok: true, data: null };
  },
);
