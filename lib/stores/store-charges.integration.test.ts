// A charge made for a store (issue #49): the cash-in action, given store B, creates the charge with
// store B's wallet (its own account on the sandbox: the main account does not know it), records
// store_id B, and the callback that account sends for it — for real, over HTTP, to the
// transaction's own URL — settles it. One server here plays this dashboard's two roles, as the
// embedded sandbox does: the sandbox under /sandbox and the callback receiver.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCashInAction } from "@/lib/actions/create-cash-in-action";
import { createStoreAction } from "@/lib/actions/create-store-action";
import { receiveCallback, type ReceiverPath } from "@/lib/callbacks/receive-callback";
import { parseConfig } from "@/lib/config";
import type { DatabaseConnection } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";
import { createSandboxWallet, type SandboxWallet } from "@/lib/sandbox-wallet";
import { sandboxAccountToken } from "@/lib/sandbox-wallet/accounts";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { createSandboxTestDatabase, eventually, type SandboxTestDatabase, testSettings, testToken } from "@/test/support/sandbox-wallet";
import { serveFetchHandler, type ServedHandler } from "@/test/support/serve-fetch-handler";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let sandboxDatabase: SandboxTestDatabase;
let sandboxConnection: DatabaseConnection;
let wallet: SandboxWallet;
let server: ServedHandler;
let stopWorker: () => Promise<void>;
const storeBToken = sandboxAccountToken(testToken, "store-b");

beforeAll(async () => {
  database = await openTestDatabase();
  sandboxDatabase = await createSandboxTestDatabase();
  sandboxConnection = await sandboxDatabase.connect();
  let receive: (request: Request, path: ReceiverPath) => Promise<Response> = async () => new Response(null, { status: 503 });
  wallet = createSandboxWallet({
    db: sandboxConnection.db,
    token: testToken,
    mountPath: "/sandbox",
    settings: testSettings,
    outboundPolicy: { allowPrivateAddresses: true },
  });
  server = await serveFetchHandler(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/sandbox/")) return wallet.handleRequest(request);
    const [id, token] = pathname.slice(callbackReceiverPathPrefix.length).split("/");
    return receive(request, { transactionId: id!, token: token! });
  });
  const config = parseConfig({
    APP_URL: server.origin,
    BETTER_AUTH_SECRET: "test-auth-secret-0123456789abcdef0123456789",
    CALLBACK_SECRET: "test-callback-secret-0123456789abcdef012345",
    WALLET_API_TOKEN: testToken,
    STORE_CREDENTIALS_KEY: "cd".repeat(32),
  });
  receive = (request, path) => receiveCallback(database.db, request, path, config);
  const { auth } = installTestRuntime(database, config);
  const admin = (await createOperatorSession(auth, { email: "charges.admin@example.com", role: "admin" })).get("cookie")!;
  requestState.headers = new Headers({ cookie: admin, origin: server.origin });
  stopWorker = wallet.startDeliveryWorker();
});
afterAll(async () => {
  await stopWorker?.();
  await server?.close();
  await sandboxConnection?.close();
  await sandboxDatabase?.dispose();
  await database?.dispose();
});

describe("a charge for store B", () => {
  it("is made on B's sandbox account, recorded under B, and settled by the callback B's account sends", async () => {
    const created = await createStoreAction({
      name: "Loja B",
      holderDocument: "11.222.333/0001-81",
      payerFacingName: "Loja B",
      timeZoneName: "America/Sao_Paulo",
      baseUrl: `${server.origin}/sandbox`,
      token: storeBToken,
    });
    if (!created.ok) throw new Error(`store not created: ${created.message}`);
    const storeId = created.data.id;

    const charge = await createCashInAction({
      idempotencyKey: crypto.randomUUID(),
      amount: "25,00",
      payerName: "Ana Pagadora",
      payerEmail: "ana@example.com",
      payerDocument: "529.982.247-25",
      expiry: "30",
      metadata: [],
      storeId,
    });
    if (!charge.ok) throw new Error(`charge not created: ${charge.message}`);
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, charge.data.transactionId));
    expect(row).toMatchObject({ storeId, creationState: "created", status: "PENDING", amountCents: 2_500 });
    const walletId = row!.walletTransactionId!;

    const call = (path: string, token: string, method = "GET") =>
      fetch(`${server.origin}/sandbox${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    // B's account made it; the main account (the settings' wallet) does not know it.
    expect((await call(`/control/transactions/${walletId}`, storeBToken)).status).toBe(200);
    expect((await call(`/control/transactions/${walletId}`, testToken)).status).toBe(404);

    expect((await call(`/control/cash-ins/${walletId}/pay`, storeBToken, "POST")).status).toBe(200);
    const settled = await eventually("the callback to settle the charge", async () => {
      const [now] = await database.db.select().from(transactions).where(eq(transactions.id, row!.id));
      return now?.status === "SUCCEED" && now;
    });
    expect(settled).toMatchObject({ storeId, walletTransactionId: walletId });
  });

  it("refuses a store that does not exist, on its field", async () => {
    const answer = await createCashInAction({
      idempotencyKey: crypto.randomUUID(),
      amount: "1,00",
      payerName: "Ana Pagadora",
      payerEmail: "ana@example.com",
      payerDocument: "529.982.247-25",
      expiry: "30",
      metadata: [],
      storeId: "00000000-0000-4000-8000-00000000dead",
    });
    expect(answer).toMatchObject({ ok: false, fieldErrors: { storeId: ["errors.stores.unknownStoreChoice"] } });
  });
});
