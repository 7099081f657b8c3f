// The stores page's two actions as its forms call them (issue #49; real sessions, roles, database
// and a sandbox wallet over HTTP; only Next's request is faked). The server's own URL is the sandbox's
// origin, as with the embedded sandbox, so its /sandbox/ address passes the outbound guard as this
// server's own; another internal address does not. A connection is saved only once the wallet
// accepted its token: a refused token, an unreachable wallet and a missing encryption key save
// nothing; the audit never holds the token or the holder's document.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { changeStoreConnectionAction } from "@/lib/actions/change-store-connection-action";
import { createStoreAction } from "@/lib/actions/create-store-action";
import { saveStoreDetailsAction } from "@/lib/actions/save-store-details-action";
import { parseConfig } from "@/lib/config";
import { listStores } from "@/lib/db/queries/stores";
import { auditEvents, FIRST_STORE_ID } from "@/lib/db/schema";
import { msg } from "@/lib/i18n/message";
import type { CreateStoreInput } from "@/lib/schemas/stores";
import { sandboxAccountToken } from "@/lib/sandbox-wallet/accounts";
import { walletForStore } from "@/lib/stores/wallet-for-store";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { type RunningSandboxWallet, startSandboxWallet, testToken } from "@/test/support/sandbox-wallet";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let sandbox: RunningSandboxWallet;
let appUrl: string;
const sessions = {} as Record<"admin" | "finance", Headers>;
const storeBToken = sandboxAccountToken(testToken, "store-b");

function configFor(appUrl: string, withKey: boolean) {
  return parseConfig({
    APP_URL: appUrl,
    BETTER_AUTH_SECRET: "test-auth-secret-0123456789abcdef0123456789",
    CALLBACK_SECRET: "test-callback-secret-0123456789abcdef012345",
    WALLET_API_TOKEN: testToken,
    ...(withKey ? { STORE_CREDENTIALS_KEY: "ab".repeat(32) } : {}),
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  sandbox = await startSandboxWallet({ startWorker: false });
  appUrl = new URL(sandbox.baseUrl).origin;
  const { auth } = installTestRuntime(database, configFor(appUrl, true));
  for (const role of ["admin", "finance"] as const) {
    const cookie = (await createOperatorSession(auth, { email: `stores.${role}@example.com`, role })).get("cookie")!;
    sessions[role] = new Headers({ cookie, origin: appUrl });
  }
});
afterAll(async () => {
  await sandbox?.close();
  await database?.dispose();
});
afterEach(() => {
  requestState.headers = new Headers();
});

const storeB: CreateStoreInput = {
  name: "Loja Centro",
  holderDocument: "529.982.247-25",
  payerFacingName: "Padaria Centro",
  timeZoneName: "America/Manaus",
  baseUrl: "",
  token: "",
};

async function storeAudits() {
  return database.db.select().from(auditEvents).where(eq(auditEvents.action, "stores.create"));
}

describe("createStoreAction and changeStoreConnectionAction", () => {
  it("refuses a finance operator, and answers bad input on its fields", async () => {
    requestState.headers = sessions.finance;
    expect(await createStoreAction(storeB)).toMatchObject({ ok: false, error: msg("errors.action.roleRefused", { role: "finance" }) });
    requestState.headers = sessions.admin;
    expect(await createStoreAction({ ...storeB, baseUrl: sandbox.baseUrl })).toMatchObject({
      fieldErrors: { token: [msg("errors.stores.tokenMissing")] },
    });
    expect(
      await createStoreAction({ ...storeB, holderDocument: "529.982.247-26", timeZoneName: "Europe/Lisbon" as "America/Manaus" }),
    ).toMatchObject({
      fieldErrors: { holderDocument: [expect.any(String)], timeZoneName: [msg("errors.stores.timeZone")] },
    });
    expect(await listStores(database.db)).toHaveLength(1);
  });

  it("saves nothing for an internal address, an unreachable wallet or a refused token, and says which", async () => {
    requestState.headers = sessions.admin;
    const internal = await createStoreAction({ ...storeB, baseUrl: "http://10.1.2.3/wallet", token: storeBToken });
    expect(internal).toMatchObject({ ok: false, fieldErrors: { baseUrl: [expect.stringContaining("10.1.2.3")] } });
    const unreachable = await createStoreAction({ ...storeB, baseUrl: "http://wallet.invalid", token: storeBToken });
    expect(unreachable).toMatchObject({ ok: false, error: msg("errors.stores.check.unreachable") });
    const refused = await createStoreAction({ ...storeB, baseUrl: sandbox.baseUrl, token: "sbx-acct.store-b.not-the-right-code-000000" });
    expect(refused).toMatchObject({ ok: false, error: msg("errors.stores.check.token_refused") });
    expect(await listStores(database.db)).toHaveLength(1);
    const reasons = (await storeAudits()).map((event) => (event.details as { reason?: string }).reason);
    expect(reasons).toEqual(expect.arrayContaining(["outbound_url", "unreachable", "token_refused"]));
  });

  it("creates a store whose wallet accepted its token, shows only the token's last 4, audits neither token nor document", async () => {
    requestState.headers = sessions.admin;
    const created = await createStoreAction({ ...storeB, baseUrl: `${sandbox.baseUrl}/`, token: storeBToken });
    expect(created).toMatchObject({ ok: true, data: { id: expect.any(String) } });
    const id = (created as { data: { id: string } }).data.id;
    const listed = (await listStores(database.db)).find((store) => store.id === id);
    expect(listed).toMatchObject({
      name: "Loja Centro",
      holderDocument: "52998224725",
      timeZoneName: "America/Manaus",
      walletBaseUrl: sandbox.baseUrl,
      walletTokenLast4: storeBToken.slice(-4),
    });
    expect(JSON.stringify(listed)).not.toContain(storeBToken);
    const success = (await storeAudits()).find((event) => event.outcome === "success");
    expect(success?.details).toEqual({ name: "Loja Centro", documentKind: "CPF", connection: "own", host: new URL(sandbox.baseUrl).host });
    const everything = JSON.stringify(await database.db.select().from(auditEvents));
    expect(everything).not.toContain(storeBToken.split(".")[2]);
    expect(everything).not.toContain("52998224725");

    // Its wallet is store B's sandbox account: a charge made with it is B's, not the main account's.
    const wallet = await walletForStore(database.db, id, configFor(appUrl, true));
    expect(await wallet.checkReachable()).toMatchObject({ ok: true });
  });

  it("changes a store's connection only once checked; an unknown store is said so", async () => {
    requestState.headers = sessions.admin;
    const storeC = sandboxAccountToken(testToken, "store-c");
    expect(
      await changeStoreConnectionAction({ storeId: FIRST_STORE_ID, baseUrl: sandbox.baseUrl, token: "wrong-token-0000" }),
    ).toMatchObject({
      ok: false,
      error: msg("errors.stores.check.token_refused"),
    });
    expect((await listStores(database.db)).find((store) => store.id === FIRST_STORE_ID)?.walletBaseUrl).toBeNull();
    expect(
      await changeStoreConnectionAction({ storeId: "00000000-0000-4000-8000-00000000dead", baseUrl: sandbox.baseUrl, token: storeC }),
    ).toMatchObject({ ok: false, error: msg("errors.stores.unknownStore") });
    expect(await changeStoreConnectionAction({ storeId: FIRST_STORE_ID, baseUrl: sandbox.baseUrl, token: storeC })).toEqual({
      ok: true,
      data: null,
    });
    expect((await listStores(database.db)).find((store) => store.id === FIRST_STORE_ID)).toMatchObject({
      walletBaseUrl: sandbox.baseUrl,
      walletTokenLast4: storeC.slice(-4),
    });
  });

  it("without STORE_CREDENTIALS_KEY saves no connection and names the setting", async () => {
    installTestRuntime(database, configFor(appUrl, false));
    requestState.headers = sessions.admin;
    const answer = await createStoreAction({ ...storeB, name: "Loja Sem Chave", baseUrl: sandbox.baseUrl, token: storeBToken });
    expect(answer).toMatchObject({ ok: false, error: msg("errors.stores.credentialsKeyMissing") });
    expect((await listStores(database.db)).map((store) => store.name)).not.toContain("Loja Sem Chave");
  });
});

describe("saveStoreDetailsAction", () => {
  it("lets an admin edit a store's details, checks the document, refuses finance, and audits which fields changed only", async () => {
    requestState.headers = sessions.admin;
    const created = await createStoreAction({ ...storeB, name: "Loja Norte" });
    if (!created.ok) throw new Error(created.message);
    const storeId = created.data.id;
    const edit = {
      storeId,
      name: "Loja Norte Shopping",
      holderDocument: "11.222.333/0001-81",
      payerFacingName: "Padaria Norte",
      timeZoneName: "America/Manaus",
    } as const;

    expect(await saveStoreDetailsAction({ ...edit, holderDocument: "11.222.333/0001-82" })).toMatchObject({
      ok: false,
      fieldErrors: { holderDocument: [expect.any(String)] },
    });
    expect(await saveStoreDetailsAction(edit)).toMatchObject({ ok: true });
    expect((await listStores(database.db)).find((store) => store.id === storeId)).toMatchObject({
      name: "Loja Norte Shopping",
      holderDocument: "11222333000181",
      payerFacingName: "Padaria Norte",
      timeZoneName: "America/Manaus",
    });
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "stores.details"), eq(auditEvents.outcome, "success")));
    expect(audit).toMatchObject({
      targetId: storeId,
      details: { nameChanged: true, documentChanged: true, payerFacingNameChanged: true, timeZoneChanged: false },
    });
    expect(JSON.stringify(audit)).not.toContain("11222333000181");

    expect(await saveStoreDetailsAction({ ...edit, storeId: "00000000-0000-4000-8000-00000000dead" })).toMatchObject({
      ok: false,
      error: msg("errors.stores.unknownStore"),
    });
    requestState.headers = sessions.finance;
    expect(await saveStoreDetailsAction(edit)).toMatchObject({ ok: false, error: msg("errors.action.roleRefused", { role: "finance" }) });
  });
});
