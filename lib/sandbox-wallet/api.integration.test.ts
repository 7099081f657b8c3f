// Conformance of the sandbox wallet's HTTP API (spec sections 2, 4, 5, 7): the envelope on every
// answer, bearer auth, strict validation with per-field messages, body limits, and the complete
// cash-in and cash-out transactions, including a BR Code that a PIX parser accepts and its QR PNG.
import { isValidPixPayload } from "@brazilian-utils/brazilian-utils/is-valid-pix-payload";
import { hasError, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { cashInBody, cashOutBody, sandboxWalletPerFile, serveSandboxWallet } from "@/test/support/sandbox-wallet";
import { crc16Ccitt } from "@/test/support/crc16";
import { defaultSandboxWalletSettings } from "./settings";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isoUtcPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const sandbox = sandboxWalletPerFile(() => ({ startWorker: false }));

function expectErrorEnvelope(response: { status: number; body: unknown; headers: Headers }, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.body).toEqual({ success: false, messageError: expect.any(String), data: null });
  const messageError = (response.body as { messageError: string }).messageError;
  if (typeof message === "string") expect(messageError).toContain(message);
  else expect(messageError).toMatch(message);
  // Never a stack trace or an internal detail.
  expect(messageError).not.toMatch(/\n\s+at |node_modules|Error:|sql|select |insert /i);
}

const endpoints = [
  { method: "POST", path: "/api/v1/wallets/in", body: () => cashInBody(sandbox.receiver.url()) },
  { method: "POST", path: "/api/v1/wallets/out", body: () => cashOutBody(sandbox.receiver.url()) },
  { method: "GET", path: "/api/v1/callbacklogs/5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a", body: () => undefined },
  { method: "GET", path: "/api/v1/callbackLogs/5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a", body: () => undefined },
  { method: "POST", path: "/api/v1/simulations/resend/callback", body: () => ({ id: "5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a" }) },
  { method: "POST", path: "/control/cash-ins/5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a/pay", body: () => undefined },
] as const;

describe("authentication (spec 5)", () => {
  it.each(endpoints)("$method $path answers 401 in the envelope without a token", async ({ method, path, body }) => {
    const response = await sandbox.served.call(method, path, { body: body(), token: null });
    expectErrorEnvelope(response, 401, "Missing access token");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it.each(endpoints)("$method $path answers 401 with a wrong token", async ({ method, path, body }) => {
    const response = await sandbox.served.call(method, path, { body: body(), token: "sbx_wrong_token_0000000000000000" });
    expectErrorEnvelope(response, 401, "Invalid access token");
  });

  it("rejects an Authorization header that is not a bearer token", async () => {
    const response = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      body: cashInBody(sandbox.receiver.url()),
      token: null,
      headers: { authorization: "Basic dXNlcjpwYXNz" },
    });
    expectErrorEnvelope(response, 401, "Malformed Authorization header");
  });

  it("accepts the bearer scheme in any letter case", async () => {
    const response = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      body: cashInBody(sandbox.receiver.url()),
      token: null,
      headers: { authorization: "bearer sbx_test_token_0123456789abcdef" },
    });
    expect(response.status).toBe(200);
  });
});

describe("errors outside validation (spec 7)", () => {
  it("answers 404 in the envelope for an unknown path", async () => {
    expectErrorEnvelope(await sandbox.served.call("GET", "/api/v1/transactions"), 404, "No endpoint at /sandbox/api/v1/transactions");
    expectErrorEnvelope(await sandbox.served.call("POST", "/api/v2/wallets/in", { body: {} }), 404, "No endpoint");
  });

  it("answers 405 with Allow for a known path and a wrong method", async () => {
    const response = await sandbox.served.call("GET", "/api/v1/wallets/in");
    expectErrorEnvelope(response, 405, "Method GET is not allowed here; use POST");
    expect(response.headers.get("allow")).toBe("POST");
    expectErrorEnvelope(await sandbox.served.call("DELETE", "/api/v1/callbacklogs/5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a"), 405, "use GET");
  });

  it("answers 415 when the body is not declared as JSON", async () => {
    const asText = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      body: JSON.stringify(cashInBody(sandbox.receiver.url())),
      headers: { "content-type": "text/plain" },
    });
    expectErrorEnvelope(asText, 415, 'Unsupported Content-Type "text/plain"');
    const asForm = await sandbox.served.call("POST", "/api/v1/wallets/out", {
      body: "value=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectErrorEnvelope(asForm, 415, "Content-Type: application/json");
  });

  it("accepts application/json with a charset parameter", async () => {
    const response = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      body: cashInBody(sandbox.receiver.url()),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(response.status).toBe(200);
  });

  it("answers 413 for a body larger than the limit, declared or streamed", async () => {
    const huge = cashInBody(sandbox.receiver.url(), { invoiceDescription: "x".repeat(defaultSandboxWalletSettings.maxBodyBytes + 10) });
    expectErrorEnvelope(
      await sandbox.served.call("POST", "/api/v1/wallets/in", { body: huge }),
      413,
      `at most ${defaultSandboxWalletSettings.maxBodyBytes} bytes`,
    );

    // Streamed with chunked encoding: no Content-Length to rely on.
    const bytes = new TextEncoder().encode(JSON.stringify(huge));
    const stream = new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 8_192) controller.enqueue(bytes.slice(offset, offset + 8_192));
        controller.close();
      },
    });
    const response = await fetch(`${sandbox.served.baseUrl}/api/v1/wallets/in`, {
      method: "POST",
      headers: { authorization: "Bearer sbx_test_token_0123456789abcdef", "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expectErrorEnvelope({ status: response.status, headers: response.headers, body: await response.json() }, 413, "Request body too large");
  });

  it("answers 400 for a body that is not valid JSON, empty, or not an object", async () => {
    expectErrorEnvelope(
      await sandbox.served.call("POST", "/api/v1/wallets/in", { body: '{"value": 10,' }),
      400,
      "the body is not valid JSON",
    );
    expectErrorEnvelope(
      await sandbox.served.call("POST", "/api/v1/wallets/in", { body: "", headers: { "content-type": "application/json" } }),
      400,
      "the body is empty",
    );
    expectErrorEnvelope(await sandbox.served.call("POST", "/api/v1/wallets/in", { body: [1, 2] }), 400, "body: must be a JSON object");
    expectErrorEnvelope(
      await sandbox.served.call("POST", "/api/v1/simulations/resend/callback", { body: "null" }),
      400,
      "body: must be a JSON object",
    );
  });

  it("answers 404 for a callback log that does not exist, under both spellings, and for a malformed id", async () => {
    expectErrorEnvelope(
      await sandbox.served.call("GET", "/api/v1/callbacklogs/5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a"),
      404,
      "No callback log with id 5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a",
    );
    expectErrorEnvelope(
      await sandbox.served.call("GET", "/api/v1/callbackLogs/5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a"),
      404,
      "No callback log",
    );
    expectErrorEnvelope(await sandbox.served.call("GET", "/api/v1/callbacklogs/not-a-uuid"), 404, "No callback log with id not-a-uuid");
  });

  it("answers 404 when resending the callback of an unknown transaction, 400 for an id that is not a UUID", async () => {
    expectErrorEnvelope(
      await sandbox.served.call("POST", "/api/v1/simulations/resend/callback", { body: { id: "5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a" } }),
      404,
      "No transaction with id 5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a",
    );
    expectErrorEnvelope(
      await sandbox.served.call("POST", "/api/v1/simulations/resend/callback", { body: { id: "42" } }),
      400,
      "id: must be a transaction id (a UUID)",
    );
    expectErrorEnvelope(
      await sandbox.served.call("POST", "/api/v1/simulations/resend/callback", {
        body: { id: "5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a", newCallbackUrl: "mailto:a@b.c" },
      }),
      400,
      "newCallbackUrl: must be an absolute http(s) URL",
    );
  });

  it("answers 500 in the envelope, with no internal detail, when its database fails", async () => {
    const broken = await sandbox.database.connect();
    const brokenWallet = await serveSandboxWallet({ db: broken.db, startWorker: false });
    await broken.close();
    try {
      const response = await brokenWallet.call("POST", "/api/v1/wallets/in", { body: cashInBody(sandbox.receiver.url()) });
      expectErrorEnvelope(response, 500, "internal error");
      expect(response.body.messageError).not.toMatch(/pglite|pool|closed|postgres/i);
    } finally {
      await brokenWallet.close();
    }
  });
});

describe("POST /api/v1/wallets/in (spec 4.1)", () => {
  it("creates a PENDING cash-in with every field of spec 2.3 and the documented tax", async () => {
    const response = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      body: cashInBody(sandbox.receiver.url(), { value: 12_345 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body.success).toBe(true);
    expect(response.body.messageError).toBeNull();
    const data = response.body.data;
    // Every field, in the order of spec 2.3.
    expect(Object.keys(data)).toEqual([
      "id",
      "value",
      "tax",
      "callbackUrl",
      "description",
      "operation",
      "status",
      "codeCopyPaste",
      "qrcodeImage",
      "metadata",
      "payer",
      "externalReference",
      "createdAt",
    ]);
    expect(data.id).toMatch(uuidPattern);
    expect(data.value).toBe(12_345);
    // 0.99% of 12345 cents = 122.2155, rounded half up to 122 cents; no fixed part by default.
    expect(data.tax).toBe(122);
    expect(data.callbackUrl).toBe(sandbox.receiver.url());
    expect(data.description).toEqual(expect.any(String));
    expect(data.description.length).toBeGreaterThan(0);
    expect(data.operation).toBe("CASH_IN");
    expect(data.status).toBe("PENDING");
    expect(data.metadata).toEqual({ orderId: "42", items: 3, gift: false });
    expect(Object.keys(data.metadata)).toEqual(["orderId", "items", "gift"]);
    expect(data.payer).toEqual({ name: "Maria Silva", email: "maria@example.com", document: "123.456.789-09", phone: "+5511987654321" });
    expect(data.externalReference).toBe("order-42");
    expect(data.createdAt).toMatch(isoUtcPattern);
    expect(Math.abs(Date.parse(data.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it("gives every cash-in its own id", async () => {
    const first = await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(sandbox.receiver.url()) });
    const second = await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(sandbox.receiver.url()) });
    expect(first.body.data.id).not.toBe(second.body.data.id);
    expect(first.body.data.codeCopyPaste).not.toBe(second.body.data.codeCopyPaste);
  });

  it("returns a BR Code with a valid CRC16 that a PIX parser accepts, for the amount and the sandbox's key", async () => {
    const { body } = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      body: cashInBody(sandbox.receiver.url(), { value: 1_005 }),
    });
    const code: string = body.data.codeCopyPaste;
    expect(code.startsWith("000201")).toBe(true);
    expect(code).toContain("0014br.gov.bcb.pix");
    expect(code.slice(-8, -4)).toBe("6304");
    expect(code.slice(-4)).toBe(crc16Ccitt(code.slice(0, -4)));
    expect(isValidPixPayload(code)).toBe(true);

    const parsed = parsePix(code);
    if (hasError(parsed)) throw new Error(`pix-utils rejected the BR Code: ${parsed.message}`);
    expect(parsed.type).toBe("STATIC");
    if (parsed.type !== "STATIC") return;
    expect(parsed.transactionAmount).toBe(10.05);
    expect(parsed.pixKey).toBe(defaultSandboxWalletSettings.pixKey);
    expect(parsed.merchantName).toBe(defaultSandboxWalletSettings.merchantName);
    expect(parsed.merchantCity).toBe(defaultSandboxWalletSettings.merchantCity);
    expect(parsed.transactionCurrency).toBe("986");
    expect(parsed.countryCode).toBe("BR");
    expect(parsed.txid).toBe(body.data.id.replace(/-/g, "").slice(0, 25).toUpperCase());

    const tampered = code.slice(0, -5) + (code.at(-5) === "0" ? "1" : "0") + code.slice(-4);
    expect(hasError(parsePix(tampered))).toBe(true);
  });

  it("returns the QR code as a PNG data URI", async () => {
    const { body } = await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(sandbox.receiver.url()) });
    const image: string = body.data.qrcodeImage;
    expect(image.startsWith("data:image/png;base64,")).toBe(true);
    const png = Buffer.from(image.slice("data:image/png;base64,".length), "base64");
    expect(png.subarray(0, 8).equals(pngSignature)).toBe(true);
    expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
    expect(png.readUInt32BE(16)).toBeGreaterThan(0);
  });

  it("echoes absent optional fields as empty metadata, null reference and null phone", async () => {
    const { body } = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      body: {
        value: 100,
        callbackUrl: sandbox.receiver.url(),
        payer: { name: "Ana", email: "ana@example.com", document: "11.222.333/0001-81" },
      },
    });
    expect(body.success).toBe(true);
    expect(body.data.metadata).toEqual({});
    expect(body.data.externalReference).toBeNull();
    expect(body.data.payer).toEqual({ name: "Ana", email: "ana@example.com", document: "11.222.333/0001-81", phone: null });
  });

  it("accepts an alphanumeric CNPJ as the payer's document", async () => {
    const { status } = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      body: cashInBody(sandbox.receiver.url(), { payer: { name: "Empresa", email: "fin@empresa.com.br", document: "Q0.SLF.MBD/7VX4-39" } }),
    });
    expect(status).toBe(200);
  });

  const invalidCashIns: Array<[string, Record<string, unknown>, string]> = [
    ["value missing", { value: undefined }, "value: is required"],
    ["value zero", { value: 0 }, "value: must be greater than 0"],
    ["value negative", { value: -100 }, "value: must be greater than 0"],
    ["value with a fraction", { value: 10.5 }, "value: must be an integer number of cents"],
    ["value as a string", { value: "1000" }, "value: must be an integer number of cents"],
    [
      "value above the maximum",
      { value: defaultSandboxWalletSettings.maxValueCents + 1 },
      `value: must be at most ${defaultSandboxWalletSettings.maxValueCents} cents`,
    ],
    ["callbackUrl missing", { callbackUrl: undefined }, "callbackUrl: is required"],
    ["callbackUrl relative", { callbackUrl: "/callbacks" }, "callbackUrl: must be an absolute http(s) URL"],
    ["callbackUrl not http", { callbackUrl: "ftp://example.com/x" }, "callbackUrl: must be an absolute http(s) URL"],
    ["payer missing", { payer: undefined }, "payer: is required"],
    ["payer not an object", { payer: "Maria" }, "payer: must be an object with name, email and document"],
    ["payer name empty", { payer: { name: "  ", email: "a@example.com", document: "12345678909" } }, "payer.name: must not be empty"],
    ["payer email missing", { payer: { name: "A", document: "12345678909" } }, "payer.email: is required"],
    [
      "payer email invalid",
      { payer: { name: "A", email: "not-an-email", document: "12345678909" } },
      "payer.email: must be a valid e-mail address",
    ],
    ["payer document missing", { payer: { name: "A", email: "a@example.com" } }, "payer.document: is required"],
    [
      "payer CPF with wrong check digits",
      { payer: { name: "A", email: "a@example.com", document: "123.456.789-00" } },
      "payer.document: must be a CPF or CNPJ with valid check digits",
    ],
    [
      "payer CNPJ with wrong check digits",
      { payer: { name: "A", email: "a@example.com", document: "11.222.333/0001-80" } },
      "payer.document: must be a CPF or CNPJ with valid check digits",
    ],
    [
      "payer phone not E.164",
      { payer: { name: "A", email: "a@example.com", document: "12345678909", phone: "(11) 98765-4321" } },
      "payer.phone: must be an international phone number in E.164 form",
    ],
    [
      "payer unknown field",
      { payer: { name: "A", email: "a@example.com", document: "12345678909", age: 30 } },
      "payer.age: is not a known field",
    ],
    ["metadata an array", { metadata: [1, 2] }, "metadata: must be an object of key/value pairs"],
    [
      "metadata with a nested object",
      { metadata: { nested: { a: 1 } } },
      "metadata.nested: must be a string (at most 500 characters), a number or a boolean",
    ],
    [
      "metadata with too many keys",
      { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`k${index}`, index])) },
      "metadata: must have at most 50 keys",
    ],
    ["expireInMinutes zero", { expireInMinutes: 0 }, "expireInMinutes: must be at least 1"],
    [
      "expireInMinutes above the bound",
      { expireInMinutes: defaultSandboxWalletSettings.maxExpireInMinutes + 1 },
      `expireInMinutes: must be at most ${defaultSandboxWalletSettings.maxExpireInMinutes}`,
    ],
    ["expireInMinutes with a fraction", { expireInMinutes: 1.5 }, "expireInMinutes: must be an integer number of minutes"],
    ["invoiceDescription too long", { invoiceDescription: "x".repeat(141) }, "invoiceDescription: must be at most 140 characters"],
    ["externalReference not a string", { externalReference: 42 }, "externalReference: must be a string"],
    ["externalReference too long", { externalReference: "r".repeat(256) }, "externalReference: must be at most 255 characters"],
    ["an unknown field", { amount: 1000 }, "amount: is not a known field"],
  ];

  it.each(invalidCashIns)("rejects %s with 400 and names the field", async (_name, overrides, message) => {
    const response = await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(sandbox.receiver.url(), overrides) });
    expectErrorEnvelope(response, 400, message);
    expect(response.body.messageError.startsWith("Invalid request: ")).toBe(true);
  });

  it("reports every offending field at once", async () => {
    const response = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      body: { value: -1, callbackUrl: "nope", payer: { name: "A", email: "x", document: "1" } },
    });
    expectErrorEnvelope(response, 400, "value: must be greater than 0");
    for (const field of ["callbackUrl:", "payer.email:", "payer.document:"]) expect(response.body.messageError).toContain(field);
  });
});

describe("POST /api/v1/wallets/out (spec 4.2)", () => {
  it("creates a PENDING cash-out with the fields of spec 2.3 and no cash-in fields", async () => {
    const response = await sandbox.served.call("POST", "/api/v1/wallets/out", { body: cashOutBody(sandbox.receiver.url()) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, messageError: null });
    const data = response.body.data;
    expect(Object.keys(data)).toEqual([
      "id",
      "value",
      "tax",
      "callbackUrl",
      "description",
      "operation",
      "status",
      "metadata",
      "externalReference",
      "createdAt",
    ]);
    expect(data.id).toMatch(uuidPattern);
    expect(data.value).toBe(2_500);
    // The default cash-out tax is a fixed 50 cents.
    expect(data.tax).toBe(50);
    expect(data.callbackUrl).toBe(sandbox.receiver.url());
    expect(data.description.length).toBeGreaterThan(0);
    expect(data.operation).toBe("CASH_OUT");
    expect(data.status).toBe("PENDING");
    expect(data.metadata).toEqual({ payout: "p-7" });
    expect(data.externalReference).toBe("payout-7");
    expect(data.createdAt).toMatch(isoUtcPattern);
  });

  it.each([
    ["EMAIL", "joao.silva+pix@example.com.br"],
    ["PHONE", "+5511987654321"],
    ["DOCUMENT", "123.456.789-09"],
    ["DOCUMENT", "11222333000181"],
    ["DOCUMENT", "Q0SLFMBD7VX439"],
    ["RANDOM", "123e4567-e89b-42d3-a456-426614174000"],
  ])("accepts a %s key %s", async (pixDestinyType, pixDestinyKey) => {
    const response = await sandbox.served.call("POST", "/api/v1/wallets/out", {
      body: cashOutBody(sandbox.receiver.url(), { pixDestinyType, pixDestinyKey }),
    });
    expect(response.status).toBe(200);
    expect(response.body.data.status).toBe("PENDING");
  });

  const invalidCashOuts: Array<[string, Record<string, unknown>, string]> = [
    ["pixDestinyType missing", { pixDestinyType: undefined }, "pixDestinyType: is required"],
    ["pixDestinyType unknown", { pixDestinyType: "CPF" }, "pixDestinyType: must be one of EMAIL, PHONE, DOCUMENT, RANDOM"],
    ["pixDestinyKey missing", { pixDestinyKey: undefined }, "pixDestinyKey: is required"],
    [
      "an EMAIL key that is not an e-mail",
      { pixDestinyType: "EMAIL", pixDestinyKey: "joao.example.com" },
      "pixDestinyKey: must be a valid e-mail address",
    ],
    [
      "a PHONE key without +55",
      { pixDestinyType: "PHONE", pixDestinyKey: "11987654321" },
      "pixDestinyKey: must be a Brazilian mobile number in E.164 form",
    ],
    [
      "a PHONE key that is a landline",
      { pixDestinyType: "PHONE", pixDestinyKey: "+551133334444" },
      "pixDestinyKey: must be a Brazilian mobile number",
    ],
    [
      "a DOCUMENT key with wrong check digits",
      { pixDestinyType: "DOCUMENT", pixDestinyKey: "12345678900" },
      "pixDestinyKey: must be a CPF or CNPJ with valid check digits",
    ],
    [
      "a DOCUMENT key that is an e-mail",
      { pixDestinyType: "DOCUMENT", pixDestinyKey: "joao@example.com" },
      "pixDestinyKey: must be a CPF or CNPJ",
    ],
    ["a RANDOM key that is not a UUID", { pixDestinyType: "RANDOM", pixDestinyKey: "abc123" }, "pixDestinyKey: must be a random key"],
    ["value zero", { value: 0 }, "value: must be greater than 0"],
    ["callbackUrl missing", { callbackUrl: undefined }, "callbackUrl: is required"],
    ["payer (a cash-in field)", { payer: { name: "A" } }, "payer: is not a known field"],
  ];

  it.each(invalidCashOuts)("rejects %s with 400 and names the field", async (_name, overrides, message) => {
    expectErrorEnvelope(
      await sandbox.served.call("POST", "/api/v1/wallets/out", { body: cashOutBody(sandbox.receiver.url(), overrides) }),
      400,
      message,
    );
  });

  it("checks the key against its type even when other fields are wrong too", async () => {
    const response = await sandbox.served.call("POST", "/api/v1/wallets/out", {
      body: cashOutBody(sandbox.receiver.url(), { value: 0, pixDestinyType: "PHONE", pixDestinyKey: "joao@example.com" }),
    });
    expectErrorEnvelope(response, 400, "value: must be greater than 0");
    expect(response.body.messageError).toContain("pixDestinyKey: must be a Brazilian mobile number");
  });
});

describe("POST /api/v1/simulations/resend/callback (spec 4.4)", () => {
  it("answers 200 with data null for an existing transaction", async () => {
    const created = await sandbox.served.call("POST", "/api/v1/wallets/out", { body: cashOutBody(sandbox.receiver.url()) });
    const response = await sandbox.served.call("POST", "/api/v1/simulations/resend/callback", {
      body: { id: created.body.data.id },
      headers: { accept: "*/*" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, messageError: null, data: null });
  });
});
