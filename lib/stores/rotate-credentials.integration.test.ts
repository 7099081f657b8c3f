// Rotation of the stores' token key against a real database (both drivers): tokens under an old key
// move to the current one, a token whose key is not configured is reported and left as it was.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findStoreConnection, insertStore } from "@/lib/db/queries/stores";
import { keyringFrom, openCredential, sealCredential } from "@/lib/stores/credential-cipher";
import { rotateStoreCredentials } from "@/lib/stores/rotate-credentials";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

const hexKey = () => randomBytes(32).toString("hex");

async function storeWithToken(keyring: ReturnType<typeof keyringFrom>, name: string, token: string): Promise<string> {
  const id = crypto.randomUUID();
  const sealed = sealCredential(keyring, token, id);
  return insertStore(database.db, {
    id,
    name,
    holderDocument: "11222333000181",
    payerFacingName: name,
    timeZoneName: "America/Sao_Paulo",
    walletBaseUrl: "https://wallet.example.com",
    walletTokenCiphertext: sealed.ciphertext,
    walletTokenKeyId: sealed.keyId,
    walletTokenLast4: token.slice(-4),
  });
}

describe("rotateStoreCredentials", () => {
  it("re-encrypts the tokens under an old key, reports one whose key is gone, and leaves the first store alone", async () => {
    const oldHex = hexKey();
    const oldKeyring = keyringFrom(oldHex);
    const storeB = await storeWithToken(oldKeyring, "Filial B", "token_of_store_b_0001");
    const lostKeyring = keyringFrom(hexKey());
    const storeC = await storeWithToken(lostKeyring, "Filial C", "token_of_store_c_0002");
    const storeCBefore = await findStoreConnection(database.db, storeC);

    const keyring = keyringFrom(hexKey(), [oldHex]);
    const report = await rotateStoreCredentials(database.db, keyring);
    expect(report.reencrypted).toBe(1);
    expect(report.failed).toEqual([{ storeId: storeC, reason: expect.stringMatching(/STORE_CREDENTIALS_OLD_KEYS/) }]);

    const rotated = (await findStoreConnection(database.db, storeB))!;
    expect(rotated.walletTokenKeyId).toBe(keyring.current.id);
    const onlyCurrent = keyringFrom(keyring.current.key.toString("hex"));
    expect(openCredential(onlyCurrent, { ciphertext: rotated.walletTokenCiphertext!, keyId: rotated.walletTokenKeyId! }, storeB)).toBe(
      "token_of_store_b_0001",
    );
    expect(await findStoreConnection(database.db, storeC)).toEqual(storeCBefore);

    // A second run has nothing left to do but the store whose key is missing.
    expect(await rotateStoreCredentials(database.db, keyring)).toMatchObject({ reencrypted: 0, failed: [{ storeId: storeC }] });
  });
});
