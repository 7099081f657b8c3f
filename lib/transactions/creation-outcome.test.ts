// The one money-semantics rule, fed by the real wallet client against a real HTTP server scripted
// to fail each way: only a certain refusal (or a connection never opened) is "refused"; a timeout,
// a dropped connection after sending, a 5xx with or without an envelope, an unreadable 2xx, and an
// error that is not the wallet's are "unknown".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyCreationFailure } from "@/lib/transactions/creation-outcome";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import {
  closedPortBaseUrl,
  dropConnection,
  json,
  neverAnswer,
  raw,
  type ScriptedAnswer,
  type ScriptedWalletServer,
  stallAfterHeaders,
  startScriptedWalletServer,
} from "@/lib/wallet/testing/scripted-wallet-server";
import { cashInRequest, cashOutRequest, testToken } from "@/lib/wallet/testing/wallet-fixtures";

let server: ScriptedWalletServer;
let client: WalletClient;
const quiet = { warn: () => {}, debug: () => {} };

beforeAll(async () => {
  server = await startScriptedWalletServer();
  client = createWalletClient({ baseUrl: server.baseUrl, token: testToken, timeoutMs: 300, logger: quiet });
});
afterAll(() => server.close());

async function classified(answer: ScriptedAnswer, operation: "createCashIn" | "createCashOut", walletClient = client) {
  server.answerWith(answer);
  const caught = await (operation === "createCashIn"
    ? walletClient.createCashIn(cashInRequest)
    : walletClient.createCashOut(cashOutRequest)
  ).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught, "the call fails").toBeDefined();
  return classifyCreationFailure(caught);
}

describe("classifyCreationFailure", () => {
  for (const operation of ["createCashIn", "createCashOut"] as const) {
    it(`calls every unconfirmed answer to ${operation} "unknown", never "refused"`, async () => {
      const unconfirmed: Array<[string, ScriptedAnswer]> = [
        ["a timeout", neverAnswer],
        ["headers then silence", stallAfterHeaders],
        ["a connection dropped after the request was read", dropConnection],
        ["a 500 without an envelope", raw(500, "text/html", "<html>oops</html>")],
        ["a 503 with an envelope", json(503, { success: false, messageError: "busy", data: null })],
        ["a 502 with an empty body", raw(502, "text/plain", "")],
        ["a 200 whose resource is unreadable", json(200, { success: true, messageError: null, data: { id: 42 } })],
      ];
      for (const [name, answer] of unconfirmed) {
        const failure = await classified(answer, operation);
        expect({ name, outcome: failure.outcome, state: failure.creationState }).toEqual({
          name,
          outcome: "unknown",
          state: "outcome_unknown",
        });
        expect(failure.audit.outcomeUnknown).toBe(true);
        expect(failure.walletMessage).toMatch(/^errors\.wallet\./);
      }
    });

    it(`calls a certain refusal of ${operation} "refused"`, async () => {
      const refusals: Array<[string, ScriptedAnswer]> = [
        ["a 400 refusal", json(400, { success: false, messageError: "invalid payer", data: null })],
        ["a 422 refusal", json(422, { success: false, messageError: "over limit", data: null })],
        ["a 401", json(401, { success: false, messageError: "bad token", data: null })],
      ];
      for (const [name, answer] of refusals) {
        const failure = await classified(answer, operation);
        expect({ name, outcome: failure.outcome, state: failure.creationState }).toEqual({ name, outcome: "refused", state: "rejected" });
        expect(failure.audit.outcomeUnknown).toBe(false);
      }
    });
  }

  it('calls a refused connection (nothing sent) "refused"', async () => {
    const closed = createWalletClient({ baseUrl: await closedPortBaseUrl(), token: testToken, timeoutMs: 300, logger: quiet });
    const failure = await classified(neverAnswer, "createCashOut", closed);
    expect(failure.outcome).toBe("refused");
    expect(failure.audit.walletErrorKind).toBe("unreachable");
  });

  it('calls an error that is not the wallet\'s "unknown" (it may have happened after sending)', () => {
    const failure = classifyCreationFailure(new TypeError("a bug of ours"));
    expect(failure).toEqual({
      outcome: "unknown",
      creationState: "outcome_unknown",
      walletMessage: undefined,
      audit: { walletErrorKind: null, httpStatus: null, outcomeUnknown: true },
    });
  });
});
