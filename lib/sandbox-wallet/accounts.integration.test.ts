// Several accounts on one sandbox wallet (issue #49): each token acts within its own account — its
// transactions, callback logs, controls and balance — and a second account needs no setup (a token
// derived from the primary one). Callbacks of any account are still POSTed for real over HTTP.
import { describe, expect, it } from "vitest";
import { cashInBody, cashOutBody, eventually, sandboxWalletPerFile, testToken } from "@/test/support/sandbox-wallet";
import { sandboxAccountToken } from "./accounts";

const sandbox = sandboxWalletPerFile();
const storeB = sandboxAccountToken(testToken, "store-b");

async function balance(token: string): Promise<number> {
  const answer = await sandbox.served.call("GET", "/control/balance", { token });
  expect(answer.status).toBe(200);
  return answer.body.data.balance;
}

describe("sandbox accounts", () => {
  it("a derived token's cash-in is its account's: paid, called back over HTTP, counted in its balance only", async () => {
    const mainBefore = await balance(testToken);
    expect(await balance(storeB)).toBe(0);

    const created = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      token: storeB,
      body: cashInBody(sandbox.receiver.url("/store-b/1"), { value: 10_000 }),
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;

    // The main account (and any other) does not know it.
    for (const token of [testToken, sandboxAccountToken(testToken, "store-c")]) {
      expect((await sandbox.served.call("GET", `/control/transactions/${id}`, { token })).status).toBe(404);
      expect((await sandbox.served.call("POST", `/control/cash-ins/${id}/pay`, { token })).status).toBe(404);
      expect((await sandbox.served.call("POST", "/api/v1/simulations/resend/callback", { token, body: { id } })).status).toBe(404);
    }

    expect((await sandbox.served.call("POST", `/control/cash-ins/${id}/pay`, { token: storeB })).status).toBe(200);
    const callback = await eventually("store B's callback", () =>
      sandbox.receiver.received.find((received) => received.path === "/store-b/1"),
    );
    expect(callback.body).toMatchObject({ id, status: "SUCCEED" });

    // Its callback log is store B's to read, not the main account's.
    const log = await eventually("the log to record the answer", async () => {
      const read = await sandbox.served.call("GET", `/api/v1/callbacklogs/${callback.logId}`, { token: storeB });
      return read.status === 200 && read.body.data.status !== "PENDING" && read.body.data;
    });
    expect(log).toMatchObject({ status: "SUCCESS", responseStatus: 200 });
    expect((await sandbox.served.call("GET", `/api/v1/callbacklogs/${callback.logId}`, { token: testToken })).status).toBe(404);

    expect(await balance(storeB)).toBe(10_000 - created.body.data.tax);
    expect(await balance(testToken)).toBe(mainBefore);
  });

  it("a pending cash-out is held from its account's balance", async () => {
    const storeD = sandboxAccountToken(testToken, "store-d");
    const created = await sandbox.served.call("POST", "/api/v1/wallets/out", {
      token: storeD,
      body: cashOutBody(sandbox.receiver.url("/store-d/1"), { value: 2_500 }),
    });
    expect(created.status).toBe(200);
    expect(await balance(storeD)).toBe(-(2_500 + created.body.data.tax));
  });
});
