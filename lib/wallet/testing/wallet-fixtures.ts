// Test support: wallet answers shaped like the spec's samples (2.3, 2.4), and the secrets a test
// must never find in an error or a log line.
export const testToken = "tok_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
export const testCallbackSecret = "cbsecret_4c1a7e0b9d2f83a6c5e1b7d09f2a4c68";
export const testCallbackUrl = `https://dashboard.example.com/api/wallet-callbacks/${testCallbackSecret}`;

export const cashInRequest = {
  value: 1050,
  callbackUrl: testCallbackUrl,
  invoiceDescription: "Pedido 1001",
  metadata: { order_id: "1001" },
  payer: { name: "Maria Silva", email: "maria@example.com", document: "52998224725", phone: "+5511987654321" },
  externalReference: "order-1001",
  expireInMinutes: 30,
};

export const cashOutRequest = {
  value: 123456,
  callbackUrl: testCallbackUrl,
  pixDestinyType: "EMAIL" as const,
  pixDestinyKey: "fornecedor@example.com",
  metadata: { invoice: "NF-77" },
  externalReference: "payout-77",
};

export function cashInTransaction(overrides: Record<string, unknown> = {}) {
  return {
    id: "0b6f1b9e-3f61-4c1e-9a57-2f1c6f2d8a10",
    value: 1050,
    tax: 0.35,
    callbackUrl: testCallbackUrl,
    description: "Cash in created successfully",
    operation: "CASH_IN",
    status: "PENDING",
    codeCopyPaste:
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Loja Exemplo6009SAO PAULO62070503***6304ABCD",
    qrcodeImage: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    metadata: { order_id: "1001" },
    payer: { name: "Maria Silva", email: "maria@example.com", document: "52998224725", phone: "+5511987654321" },
    externalReference: "order-1001",
    createdAt: "2026-03-01T12:00:00.000Z",
    ...overrides,
  };
}

export function cashOutTransaction(overrides: Record<string, unknown> = {}) {
  return {
    id: "5d0c2f4e-8b1a-4f3e-9c7d-6a5b4c3d2e1f",
    value: 123456,
    tax: 1,
    callbackUrl: testCallbackUrl,
    description: "Cash out created successfully",
    operation: "CASH_OUT",
    status: "PENDING",
    metadata: { invoice: "NF-77" },
    externalReference: "payout-77",
    createdAt: "2026-03-01T12:00:00.000Z",
    ...overrides,
  };
}

export function callbackLog(overrides: Record<string, unknown> = {}) {
  return {
    id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
    url: testCallbackUrl,
    responseStatus: 200,
    status: "SUCCESS",
    request: cashInTransaction({ operation: "CASHIN", status: "SUCCEED", description: "CASH IN PAID" }),
    response: { response: "ok" },
    createdAt: "2026-03-01T12:05:00.000Z",
    ...overrides,
  };
}

export function envelope(data: unknown) {
  return { success: true, messageError: null, data };
}
