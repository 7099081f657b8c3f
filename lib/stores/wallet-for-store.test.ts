import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_STORE_ID } from "@/lib/db/schema";
import { keyringFrom, sealCredential } from "@/lib/stores/credential-cipher";
import type { WalletClient } from "@/lib/wallet/client";
import { checkWalletConnection } from "@/lib/stores/manage-stores";
import { StoreCredentialsKeyMissingError, walletForConnection } from "@/lib/stores/wallet-for-store";
import { type ServedHandler, serveFetchHandler } from "@/test/support/serve-fetch-handler";

const served: ServedHandler[] = [];
afterEach(async () => {
  for (const server of served.splice(0)) await server.close();
});

/** A wallet that refuses every token, remembering the Authorization headers it was sent. */
async function recordingWallet(): Promise<{ origin: string; authorizations: string[] }> {
  const authorizations: string[] = [];
  const server = await serveFetchHandler(async (request) => {
    authorizations.push(request.headers.get("authorization") ?? "");
    return Response.json({ message: "Invalid access token" }, { status: 401 });
  });
  served.push(server);
  return { origin: server.origin, authorizations };
}

const configured = { marker: "the settings' wallet" } as unknown as WalletClient;

describe("walletForConnection", () => {
  it("gives the wallet configured in the settings to a store without a connection of its own (the first store)", () => {
    const connection = { id: FIRST_STORE_ID, walletBaseUrl: null, walletTokenCiphertext: null, walletTokenKeyId: null };
    expect(walletForConnection(connection, { keyring: null, configured: () => configured, timeoutMs: 2_000 })).toBe(configured);
  });

  it("calls another store's wallet with that store's own decrypted token, and rebuilds the client when the token changes", async () => {
    const wallet = await recordingWallet();
    const keyring = keyringFrom(randomBytes(32).toString("hex"));
    const storeId = "5b2d7c1e-0a4f-4e8b-9c3d-2f1a6b7c8d9e";
    const seal = (token: string) => sealCredential(keyring, token, storeId);
    const first = seal("store_b_token_one_1234");
    const connection = {
      id: storeId,
      walletBaseUrl: `${wallet.origin}/`,
      walletTokenCiphertext: first.ciphertext,
      walletTokenKeyId: first.keyId,
    };
    const options = { keyring, configured: () => configured, timeoutMs: 2_000 };

    const client = walletForConnection(connection, options);
    expect(client).not.toBe(configured);
    expect(walletForConnection(connection, options)).toBe(client);
    const reachability = await client.checkReachable();
    expect(reachability).toMatchObject({ ok: false, reachable: true, kind: "unauthorized" });

    const second = seal("store_b_token_two_5678");
    const changed = walletForConnection({ ...connection, walletTokenCiphertext: second.ciphertext }, options);
    expect(changed).not.toBe(client);
    await changed.checkReachable();
    expect(wallet.authorizations).toEqual(["Bearer store_b_token_one_1234", "Bearer store_b_token_two_5678"]);
  });

  it("refuses a store with a connection when no key is configured", () => {
    const keyring = keyringFrom(randomBytes(32).toString("hex"));
    const storeId = "7e2d7c1e-0a4f-4e8b-9c3d-2f1a6b7c8d9e";
    const sealed = sealCredential(keyring, "a_token_of_store_c", storeId);
    const connection = {
      id: storeId,
      walletBaseUrl: "https://wallet.example.com",
      walletTokenCiphertext: sealed.ciphertext,
      walletTokenKeyId: sealed.keyId,
    };
    expect(() => walletForConnection(connection, { keyring: null, configured: () => configured, timeoutMs: 2_000 })).toThrow(
      StoreCredentialsKeyMissingError,
    );
  });
});

describe("checkWalletConnection: only the wallet API's own 404 envelope counts as the token accepted", () => {
  async function answering(answer: () => Response): Promise<string> {
    const server = await serveFetchHandler(async () => answer());
    served.push(server);
    return server.origin;
  }
  const policy = { allowPrivateAddresses: true };
  const check = async (answer: () => Response) =>
    checkWalletConnection({ baseUrl: await answering(answer), token: "a_store_token_1234" }, { policy, timeoutMs: 2_000 });

  it("takes the envelope's 404 for a callback log that cannot exist as accepted", async () => {
    expect(await check(() => Response.json({ success: false, messageError: "Callback log not found" }, { status: 404 }))).toBe("ok");
  });

  it("takes another refusal in the envelope as accepted: the spec reports failures in the envelope, not with which status", async () => {
    expect(await check(() => Response.json({ success: false, messageError: "Bad request" }, { status: 400 }))).toBe("ok");
    expect(await check(() => Response.json({ success: false, messageError: "not found", data: null }, { status: 200 }))).toBe("ok");
  });

  it("answers unexpected_answer for a plain 404 page or JSON outside the envelope", async () => {
    const page = () =>
      new Response("<!doctype html><title>Not Found</title><h1>404</h1>", { status: 404, headers: { "content-type": "text/html" } });
    expect(await check(page)).toBe("unexpected_answer");
    expect(await check(() => new Response("Not Found", { status: 404 }))).toBe("unexpected_answer");
    expect(await check(() => Response.json({ error: "not found" }, { status: 404 }))).toBe("unexpected_answer");
  });

  it("answers token_refused for 401 and 403, and unknown for a server error", async () => {
    expect(await check(() => Response.json({ success: false, messageError: "Invalid token" }, { status: 401 }))).toBe("token_refused");
    expect(await check(() => new Response("Forbidden", { status: 403 }))).toBe("token_refused");
    expect(await check(() => new Response("oops", { status: 500 }))).toBe("unknown");
  });
});
