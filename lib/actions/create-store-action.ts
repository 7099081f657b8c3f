"use server";
// Adds a store (issue #49; admins, step-up, audited). With a wallet connection, the store is created
// only once the connection has answered a harmless wallet call with the token accepted
// (lib/stores/manage-stores.ts); otherwise nothing is saved and the outcome is said on the form.
// The audit holds the document's kind and the wallet's host: never the token or the document.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { storeConnectionFailure } from "@/lib/actions/store-connection-failure";
import { recordAuditEvent } from "@/lib/audit";
import { createStoreSchema } from "@/lib/schemas/stores";
import { configuredKeyring } from "@/lib/stores/keyring";
import { createStore } from "@/lib/stores/manage-stores";

export const createStoreAction = operatorAction(
  { name: "stores.create", capability: "manageOperators", wholeMerchant: true, input: createStoreSchema, stepUp: true },
  async (input, { db, config, operator }) => {
    const actor = { id: operator.id, email: operator.email };
    const connection = input.baseUrl === "" ? null : { baseUrl: input.baseUrl, token: input.token };
    const result = await createStore(
      { db, config, keyring: configuredKeyring(config.storeCredentials) },
      { name: input.name, holderDocument: input.holderDocument, payerFacingName: input.payerFacingName, timeZoneName: input.timeZoneName },
      connection,
    );
    if (!result.created) return storeConnectionFailure(db, { action: "stores.create", actor, host: input.baseUrl, refusal: result });
    await recordAuditEvent(db, {
      actor,
      action: "stores.create",
      outcome: "success",
      target: { type: "store", id: result.id },
      details: {
        name: input.name,
        // Parsed unformatted: a CPF has 11 digits, a CNPJ 14 characters.
        documentKind: input.holderDocument.length === 11 ? "CPF" : "CNPJ",
        connection: connection ? "own" : "settings_wallet",
        host: connection?.baseUrl ?? null,
      },
    });
    revalidatePath("/settings/stores");
    return { ok: true, data: { id: result.id } };
  },
);
