import fc from "fast-check";
import { hasError, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { crc16Ccitt } from "@/test/support/crc16";
import { createBrCode, createCashInPaymentCode, txidForTransaction } from "./br-code";
import { defaultSandboxWalletSettings } from "./settings";

const merchant = { merchantName: "WALLET SANDBOX", merchantCity: "SAO PAULO", pixKey: defaultSandboxWalletSettings.pixKey };

/** The value of a top-level EMV field (ID + 2-digit length + value). */
function emvField(code: string, id: string): string | undefined {
  let index = 0;
  while (index < code.length) {
    const fieldId = code.slice(index, index + 2);
    const length = Number(code.slice(index + 2, index + 4));
    if (fieldId === id) return code.slice(index + 4, index + 4 + length);
    index += 4 + length;
  }
  return undefined;
}

describe("BR Code", () => {
  it("the CRC16 used by these tests agrees with the known-good example of the BR Code manual", () => {
    const example =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000" +
      "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304";
    expect(crc16Ccitt(example)).toBe("1D3D");
  });

  it("writes the exact amount in cents, a valid CRC16 and fields a parser reads back, for any value and transaction", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), fc.uuid(), (valueCents, id) => {
        const code = createBrCode(merchant, valueCents, txidForTransaction(id));
        const expectedAmount = `${Math.floor(valueCents / 100)}.${String(valueCents % 100).padStart(2, "0")}`;
        expect(emvField(code, "54")).toBe(expectedAmount);
        expect(emvField(code, "53")).toBe("986");
        expect(emvField(code, "58")).toBe("BR");
        expect(code.slice(-4)).toBe(crc16Ccitt(code.slice(0, -4)));
        const parsed = parsePix(code);
        if (hasError(parsed) || parsed.type !== "STATIC") throw new Error(`not a static PIX: ${JSON.stringify(parsed)}`);
        expect(parsed.pixKey).toBe(merchant.pixKey);
        expect(parsed.txid).toBe(txidForTransaction(id));
      }),
      { numRuns: 200 },
    );
  });

  it("derives a 25-character alphanumeric txid from the transaction id", () => {
    expect(txidForTransaction("7d9f0335-8dcc-4054-9bf9-0dbd61d36906")).toBe("7D9F03358DCC40549BF90DBD6");
    expect(txidForTransaction("7d9f0335-8dcc-4054-9bf9-0dbd61d36906")).toMatch(/^[0-9A-Z]{25}$/);
  });

  it("refuses merchant data the BR Code cannot carry", () => {
    expect(() => createBrCode({ ...merchant, merchantCity: "A CITY NAME TOO LONG" }, 100, "TX1")).toThrow(/merchantCity/);
  });

  it("renders the code as a PNG data URI", async () => {
    const { codeCopyPaste, qrcodeImage } = await createCashInPaymentCode(merchant, 1_000, "7d9f0335-8dcc-4054-9bf9-0dbd61d36906");
    expect(codeCopyPaste).toContain("540510.00");
    const png = Buffer.from(qrcodeImage.replace(/^data:image\/png;base64,/, ""), "base64");
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });
});
