import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import { WalletError, type WalletErrorKind, type WalletOperation } from "@/lib/wallet/errors";
import {
  closedPortBaseUrl,
  dropConnection,
  json,
  neverAnswer,
  raw,
  stallAfterHeaders,
  startScriptedWalletServer,
  type ScriptedAnswer,
  type ScriptedWalletServer,
} from "@/lib/wallet/testing/scripted-wallet-server";
import {
  cashInRequest,
  cashInTransaction,
  cashOutRequest,
  cashOutTransaction,
  envelope,
  testCallbackSecret,
  testCallbackUrl,
  testToken,
} from "@/lib/wallet/testing/wallet-fixtures";

let server: ScriptedWalletServer;
let client: WalletClient;
const logLines: string[] = [];
const capturingLogger = {
  warn: (details: object, message: string) => logLines.push(JSON.stringify({ details, message })),
  debug: () => {},
};

beforeAll(async () => {
  server = await startScriptedWalletServer();
  client = createWalletClient({ baseUrl: server.baseUrl, token: testToken, timeoutMs: 300, logger: capturingLogger });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  logLines.length = 0;
});

function run(operation: WalletOperation, walletClient = client): Promise<unknown> {
  switch (operation) {
    case "createCashIn":
      return walletClient.createCashIn(cashInRequest);
    case "createCashOut":
      return walletClient.createCashOut(cashOutRequest);
    case "getCallbackLog":
      return walletClient.getCallbackLog("9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d");
    case "resendCallback":
      return walletClient.resendCallback({ id: "5d0c2f4e-8b1a-4f3e-9c7d-6a5b4c3d2e1f", newCallbackUrl: testCallbackUrl });
    case "payCashInInSandbox":
      return walletClient.sandbox.payCashIn("5d0c2f4e-8b1a-4f3e-9c7d-6a5b4c3d2e1f");
    case "changeStatusInSandbox":
      return walletClient.sandbox.changeStatus("failCashOut", "5d0c2f4e-8b1a-4f3e-9c7d-6a5b4c3d2e1f");
    case "readInSandbox":
      return walletClient.sandbox.readTransaction("5d0c2f4e-8b1a-4f3e-9c7d-6a5b4c3d2e1f");
  }
}

async function failureOf(operation: WalletOperation, walletClient = client): Promise<WalletError> {
  const outcome = await run(operation, walletClient).then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ rejected: error }),
  );
  if (!("rejected" in outcome)) throw new Error(`expected ${operation} to fail, it returned ${JSON.stringify(outcome.resolved)}`);
  expect(outcome.rejected).toBeInstanceOf(WalletError);
  return outcome.rejected as WalletError;
}

/** Everything an error could leak through: its message, its JSON, its inspection, and the log. */
function expectNoSecretIn(error: WalletError) {
  const surfaces = [
    error.message,
    error.userMessage,
    JSON.stringify(error),
    inspect(error, { depth: 5 }),
    String(error.stack),
    ...logLines,
  ];
  for (const surface of surfaces) {
    expect(surface).not.toContain(testToken);
    expect(surface).not.toContain(testCallbackSecret);
  }
}

type Scenario = {
  name: string;
  answer: ScriptedAnswer;
  kind: WalletErrorKind;
  /** Whether a cash-out failing this way may have been carried out anyway. */
  cashOutOutcomeUnknown: boolean;
  message: RegExp;
  httpStatus?: number;
};

// Hostile answers echo the token and the callback URL back, to prove they never come out again.
const echo = `token ${testToken} for ${testCallbackUrl} and ${JSON.stringify(testCallbackUrl)}`;

const scenarios: Scenario[] = [
  {
    name: "a timeout (the wallet never answers)",
    answer: neverAnswer,
    kind: "timeout",
    cashOutOutcomeUnknown: true,
    message: /did not answer within 0\.3 s/,
  },
  {
    name: "a body that stalls after the headers",
    answer: stallAfterHeaders,
    kind: "timeout",
    cashOutOutcomeUnknown: true,
    message: /did not answer within 0\.3 s/,
  },
  {
    name: "a connection dropped after the request",
    answer: dropConnection,
    kind: "unreachable",
    cashOutOutcomeUnknown: true,
    message: /connection to the wallet at 127\.0\.0\.1:\d+ broke/,
  },
  {
    name: "a non-JSON body",
    answer: raw(200, "text/plain", `OK ${echo}`),
    kind: "invalid_response",
    cashOutOutcomeUnknown: true,
    message: /\(HTTP 200\) was not JSON/,
    httpStatus: 200,
  },
  {
    name: "an HTML error page with a 502",
    answer: raw(502, "text/html", `<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1>${echo}</body></html>`),
    kind: "server_error",
    cashOutOutcomeUnknown: true,
    message: /internal error \(HTTP 502\); its answer was a web page/,
    httpStatus: 502,
  },
  {
    name: "an HTML 404 page (a wrong base URL)",
    answer: raw(404, "text/html; charset=utf-8", "<html><body>Cannot POST</body></html>"),
    kind: "invalid_response",
    cashOutOutcomeUnknown: false,
    message: /HTTP 404 and its answer was a web page.*check WALLET_API_BASE_URL/,
    httpStatus: 404,
  },
  {
    name: "an HTML 400 page from a proxy",
    answer: raw(400, "text/html", "<html>Bad Request</html>"),
    kind: "invalid_response",
    cashOutOutcomeUnknown: false,
    message: /\(HTTP 400\) was a web page/,
    httpStatus: 400,
  },
  {
    name: "success:false with a messageError",
    answer: json(200, { success: false, messageError: `Insufficient balance; ${echo}`, data: null }),
    kind: "rejected",
    cashOutOutcomeUnknown: false,
    message: /refused the .*“Insufficient balance/,
    httpStatus: 200,
  },
  {
    name: "a 400 with a messageError",
    answer: json(400, { success: false, messageError: "value must be greater than 0", data: null }),
    kind: "rejected",
    cashOutOutcomeUnknown: false,
    message: /“value must be greater than 0”/,
    httpStatus: 400,
  },
  {
    name: "a 422 without any message",
    answer: json(422, { success: false, messageError: null, data: null }),
    kind: "rejected",
    cashOutOutcomeUnknown: false,
    message: /\(HTTP 422\) without saying why/,
    httpStatus: 422,
  },
  {
    name: "a 401",
    answer: json(401, { success: false, messageError: `Unauthorized ${echo}`, data: null }),
    kind: "unauthorized",
    cashOutOutcomeUnknown: false,
    message: /rejected the token \(HTTP 401\): check WALLET_API_TOKEN/,
    httpStatus: 401,
  },
  {
    name: "a 403 without a body",
    answer: raw(403, "text/plain", ""),
    kind: "unauthorized",
    cashOutOutcomeUnknown: false,
    message: /HTTP 403.*check WALLET_API_TOKEN/,
    httpStatus: 403,
  },
  {
    name: "a 404 envelope",
    answer: json(404, { success: false, messageError: "Not found", data: null }),
    kind: "not_found",
    cashOutOutcomeUnknown: false,
    message: /not found|no callback log|no transaction/i,
    httpStatus: 404,
  },
  {
    name: "JSON that is not the envelope (4xx)",
    answer: json(422, { error: "bad" }),
    kind: "invalid_response",
    cashOutOutcomeUnknown: false,
    message: /\(HTTP 422\) was JSON in an unknown shape/,
    httpStatus: 422,
  },
  {
    name: "a 500 envelope",
    answer: json(500, { success: false, messageError: `NullPointerException ${echo}`, data: null }),
    kind: "server_error",
    cashOutOutcomeUnknown: true,
    message: /internal error \(HTTP 500\)/,
    httpStatus: 500,
  },
  {
    name: "a 502 with an empty body",
    answer: raw(502, "text/plain", ""),
    kind: "server_error",
    cashOutOutcomeUnknown: true,
    message: /\(HTTP 502\); its answer was empty/,
    httpStatus: 502,
  },
  {
    name: "an invalid envelope on a 200",
    answer: json(200, { ok: true, result: {} }),
    kind: "invalid_response",
    cashOutOutcomeUnknown: true,
    message: /\(HTTP 200\) was JSON in an unknown shape/,
    httpStatus: 200,
  },
  {
    name: "a redirect",
    answer: raw(301, "text/plain", "", { location: "https://elsewhere.example.com/api/v1/wallets/out" }),
    kind: "invalid_response",
    cashOutOutcomeUnknown: false,
    message: /redirect \(HTTP 301\).*WALLET_API_BASE_URL/,
    httpStatus: 301,
  },
];

describe.each(scenarios)("a wallet that answers with $name", (scenario) => {
  it(`fails a cash-out as ${scenario.kind}, with the right outcome flag, safely`, async () => {
    server.answerWith(scenario.answer);
    const error = await failureOf("createCashOut");
    expect(error).toMatchObject({ kind: scenario.kind, operation: "createCashOut", outcomeUnknown: scenario.cashOutOutcomeUnknown });
    expect(error.httpStatus).toBe(scenario.httpStatus);
    expect(error.userMessage).toMatch(scenario.message);
    expect(error.userMessage).toContain(
      scenario.cashOutOutcomeUnknown ? "outcome is unknown: the cash-out may have been sent" : "No money was sent",
    );
    expect(server.requests).toHaveLength(1); // never retried, never followed elsewhere
    expect(logLines.length).toBeGreaterThan(0);
    expectNoSecretIn(error);
  });

  it("fails every other call with the same kind, and no secret anywhere", async () => {
    server.answerWith(scenario.answer);
    for (const operation of ["createCashIn", "getCallbackLog", "payCashInInSandbox"] as const) {
      const error = await failureOf(operation);
      expect(error.kind).toBe(scenario.kind);
      expectNoSecretIn(error);
    }
  });
});

describe("refused connections", () => {
  it("say nothing was created, since nothing was sent", async () => {
    const refusedClient = createWalletClient({
      baseUrl: await closedPortBaseUrl(),
      token: testToken,
      timeoutMs: 2_000,
      logger: capturingLogger,
    });
    const error = await failureOf("createCashOut", refusedClient);
    expect(error).toMatchObject({ kind: "unreachable", outcomeUnknown: false, causeCode: "ECONNREFUSED" });
    expect(error.userMessage).toMatch(
      /^Could not connect to the wallet at 127\.0\.0\.1:\d+ \(connection refused\): check WALLET_API_BASE_URL.* No money was sent/,
    );
    const cashIn = await failureOf("createCashIn", refusedClient);
    expect(cashIn.userMessage).toContain("No cash-in was created.");
    expectNoSecretIn(error);
  });
});

describe("messages per operation", () => {
  it("a cash-in that timed out says its outcome is unknown, not that nothing was created", async () => {
    server.answerWith(neverAnswer);
    const error = await failureOf("createCashIn");
    expect(error.userMessage).toBe(
      "The wallet did not answer within 0.3 s. The outcome is unknown: the wallet may have created the cash-in, but no QR code was received here, so no one can pay it.",
    );
    expect(error.outcomeUnknown).toBe(true);
  });

  it("a read that timed out only suggests trying again", async () => {
    server.answerWith(neverAnswer);
    const error = await failureOf("getCallbackLog");
    expect(error).toMatchObject({ outcomeUnknown: false, userMessage: "The wallet did not answer within 0.3 s. Try again in a moment." });
  });

  it("a callback log that does not exist says so", async () => {
    server.answerWith(json(404, { success: false, messageError: "Callback log not found", data: null }));
    const error = await failureOf("getCallbackLog");
    expect(error).toMatchObject({
      kind: "not_found",
      walletMessage: "Callback log not found",
      userMessage: "The wallet has no callback log with this id: “Callback log not found”.",
    });
  });

  it("a 401 on a cash-in names the setting to fix", async () => {
    server.answerWith(json(401, { success: false, messageError: "invalid token", data: null }));
    const error = await failureOf("createCashIn");
    expect(error.userMessage).toBe("The wallet rejected the token (HTTP 401): check WALLET_API_TOKEN. No cash-in was created.");
  });

  it("a timed-out callback re-send says the callback may have gone", async () => {
    server.answerWith(neverAnswer);
    const error = await failureOf("resendCallback");
    expect(error).toMatchObject({ kind: "timeout", outcomeUnknown: true });
    expect(error.userMessage).toContain("the callback may have been re-sent");
  });

  it("a simulated payment the sandbox refuses says why and that nothing was paid", async () => {
    server.answerWith(
      json(409, { success: false, messageError: "The cash-in 5d0c2f4e is already SUCCEED; final states never change", data: null }),
    );
    const error = await failureOf("payCashInInSandbox");
    expect(error).toMatchObject({ kind: "rejected", outcomeUnknown: false, httpStatus: 409 });
    expect(error.userMessage).toBe(
      "The wallet refused the simulated payment: “The cash-in 5d0c2f4e is already SUCCEED; final states never change”. Nothing was paid.",
    );
  });

  it("a timed-out simulated payment says the cash-in may have been paid", async () => {
    server.answerWith(neverAnswer);
    const error = await failureOf("payCashInInSandbox");
    expect(error).toMatchObject({ kind: "timeout", outcomeUnknown: true });
    expect(error.userMessage).toContain("the sandbox may have paid the cash-in");
  });
});

describe("a 2xx success whose resource does not match the spec", () => {
  it.each([
    ["a cash-in without its QR code", "createCashIn" as const, envelope(cashInTransaction({ qrcodeImage: undefined })), "data.qrcodeImage"],
    ["a fractional amount", "createCashIn" as const, envelope(cashInTransaction({ value: 10.5 })), "data.value"],
    ["a tax given as text", "createCashOut" as const, envelope(cashOutTransaction({ tax: "1.00" })), "data.tax"],
    ["an unknown operation", "createCashOut" as const, envelope(cashOutTransaction({ operation: "REFUND" })), "data.operation"],
    ["an unknown status", "createCashOut" as const, envelope(cashOutTransaction({ status: "DONE" })), "data.status"],
    ["a missing data", "createCashOut" as const, { success: true, messageError: null }, "data"],
  ])("%s is an invalid response that may have happened", async (_name, operation, body, field) => {
    server.answerWith(json(200, body));
    const error = await failureOf(operation);
    expect(error).toMatchObject({ kind: "invalid_response", outcomeUnknown: true });
    expect(error.userMessage).toContain(`(first problem at ${field})`);
  });
});

describe("the log", () => {
  it("keeps the wallet's raw answer, shortened and without secrets, at warn level", async () => {
    server.answerWith(raw(500, "text/plain", `Exception at line 42 ${echo} ${"x".repeat(2_000)}`));
    await failureOf("createCashOut");
    expect(logLines).toHaveLength(1);
    const line = JSON.parse(logLines[0]!) as { details: { wallet: { upstreamBody: string; kind: string; httpStatus: number } } };
    expect(line.details.wallet).toMatchObject({ kind: "server_error", httpStatus: 500 });
    expect(line.details.wallet.upstreamBody).toMatch(
      /^Exception at line 42 token \[redacted\] for \[redacted\] and "\[redacted\]" x+… \(\d+ more characters\)$/,
    );
    expect(line.details.wallet.upstreamBody.length).toBeLessThan(600);
  });

  it("does not show a wallet message's URLs on the page", async () => {
    server.answerWith(
      json(400, {
        success: false,
        messageError: `callbackUrl ${testCallbackUrl} is not reachable from https://wallet.example.com/hook?k=1`,
        data: null,
      }),
    );
    const error = await failureOf("createCashIn");
    expect(error.walletMessage).toBe("callbackUrl [redacted] is not reachable from [url redacted]");
    expect(error.userMessage).toBe(
      "The wallet refused the cash-in: “callbackUrl [redacted] is not reachable from [url redacted]”. No cash-in was created.",
    );
  });

  it("redacts the callback secret even when it comes back alone", async () => {
    server.answerWith(json(400, { success: false, messageError: `unknown receiver ${testCallbackSecret}`, data: null }));
    const error = await failureOf("createCashIn");
    expect(error.walletMessage).toBe("unknown receiver [redacted]");
  });
});
