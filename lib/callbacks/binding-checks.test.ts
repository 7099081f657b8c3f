// Each rule a callback body must pass against the transaction its URL names.
import { describe, expect, it } from "vitest";
import { bindingMismatches, type BoundRow } from "@/lib/callbacks/binding-checks";
import { maskedSecret, maskReceiverSecret } from "@/lib/callbacks/mask-receiver-secret";
import { callbackTransactionSnapshotSchema } from "@/lib/wallet/schemas";

const cashIn: BoundRow = {
  id: "7b0c6f1e-0000-4000-8000-000000000001",
  kind: "CASH_IN",
  creationState: "created",
  walletTransactionId: "w-1",
  amountCents: 1050,
  payerDocument: "52998224725",
};
const body = (overrides: Record<string, unknown> = {}) =>
  callbackTransactionSnapshotSchema.parse({
    id: "w-1",
    value: 1050,
    tax: 0,
    callbackUrl: "x",
    operation: "CASHIN",
    status: "SUCCEED",
    createdAt: "2026-01-01T00:00:00Z",
    payer: { name: "A", email: "a", document: "529.982.247-25" },
    ...overrides,
  });

describe("bindingMismatches", () => {
  it("finds nothing wrong with a body that agrees (either spelling, formatted document)", () => {
    expect(bindingMismatches(cashIn, body())).toEqual([]);
    expect(bindingMismatches(cashIn, body({ operation: "CASH_IN" }))).toEqual([]);
  });

  it.each([
    ["id", { id: "w-2" }, "id: expected w-1, got w-2"],
    ["value", { value: 1 }, "value: expected 1050, got 1"],
    ["operation", { operation: "CASHOUT" }, "operation: expected CASH_IN or CASHIN, got CASH_OUT"],
    [
      "payer document",
      { payer: { name: "A", email: "a", document: "11144477735" } },
      "payer.document: expected 52998224725, got 11144477735",
    ],
    ["missing payer", { payer: null }, "payer.document: expected 52998224725, got nothing"],
  ])("names a wrong %s and what was expected", (_name, overrides, reason) => {
    expect(bindingMismatches(cashIn, body(overrides))).toEqual([reason]);
  });

  it("lets a row that does not know its wallet id yet take the body's, and refuses a row the wallet refused", () => {
    expect(bindingMismatches({ ...cashIn, walletTransactionId: null, creationState: "outcome_unknown" }, body({ id: "anything" }))).toEqual(
      [],
    );
    expect(bindingMismatches({ ...cashIn, creationState: "rejected" }, body())).toEqual([
      expect.stringMatching(/^transaction: the wallet refused/),
    ]);
  });

  it("does not ask a cash-out for a payer", () => {
    const cashOut: BoundRow = { ...cashIn, kind: "CASH_OUT", payerDocument: null };
    expect(bindingMismatches(cashOut, body({ operation: "CASHOUT", payer: null }))).toEqual([]);
  });
});

describe("maskReceiverSecret", () => {
  it("masks the global secret and a per-transaction token, keeping the transaction id", () => {
    const secret = "s".repeat(40);
    const text = `http://h/api/callbacks/wallet/${secret} and http://h/api/callbacks/wallet/${cashIn.id}/AbC-_123xyz`;
    expect(maskReceiverSecret(text, secret)).toBe(
      `http://h/api/callbacks/wallet/${maskedSecret} and http://h/api/callbacks/wallet/${cashIn.id}/${maskedSecret}`,
    );
  });
});
