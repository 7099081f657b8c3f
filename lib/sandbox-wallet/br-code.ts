// The cash-in payment code: a static PIX BR Code (EMV, `br.gov.bcb.pix` merchant account with the
// sandbox's key, amount, txid, CRC16) built with pix-utils, and its QR code as a PNG data URI.
import QRCode from "qrcode";
import { createStaticPix, hasError } from "pix-utils";

export type BrCodeMerchant = { merchantName: string; merchantCity: string; pixKey: string };
export type CashInPaymentCode = { codeCopyPaste: string; qrcodeImage: string };

/** The BR Code txid for a transaction: its UUID without dashes, cut to the 25 characters allowed. */
export function txidForTransaction(transactionId: string): string {
  return transactionId.replace(/-/g, "").slice(0, 25).toUpperCase();
}

export function createBrCode(merchant: BrCodeMerchant, valueCents: number, txid: string): string {
  const pix = createStaticPix({
    merchantName: merchant.merchantName,
    merchantCity: merchant.merchantCity,
    pixKey: merchant.pixKey,
    txid,
    // pix-utils takes the amount in currency units and writes it with two decimals; an integer
    // number of cents divided by 100 always rounds back to the same cents.
    transactionAmount: valueCents / 100,
  });
  if (hasError(pix)) throw new Error(`Could not build the BR Code: ${pix.message}`);
  return pix.toBRCode();
}

export async function createCashInPaymentCode(
  merchant: BrCodeMerchant,
  valueCents: number,
  transactionId: string,
): Promise<CashInPaymentCode> {
  const codeCopyPaste = createBrCode(merchant, valueCents, txidForTransaction(transactionId));
  const qrcodeImage = await QRCode.toDataURL(codeCopyPaste, { type: "image/png", errorCorrectionLevel: "M", margin: 2, width: 320 });
  return { codeCopyPaste, qrcodeImage };
}
