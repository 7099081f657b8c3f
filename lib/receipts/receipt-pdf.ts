// A receipt as a one-page PDF (pdfkit, docs/decisions/closing-the-books.md): title, label/value
// lines, the verification code and its QR. Written in DejaVu Sans (lib/pdf/fonts.ts), embedded as a
// subset of the glyphs used: every character of a name or label prints (#46).
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { pdfFonts, registerPdfFonts } from "@/lib/pdf/fonts";
import type { Receipt } from "./receipt";

/** Collects a pdfkit document into one buffer once it ends. */
export function pdfToBuffer(document: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
    document.end();
  });
}

export async function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const qr = await QRCode.toBuffer(receipt.verificationUrl, { type: "png", margin: 1, width: 220, errorCorrectionLevel: "M" });
  const document = registerPdfFonts(
    new PDFDocument({
      size: "A5",
      margin: 36,
      lang: receipt.locale,
      info: { Title: receipt.title, Subject: receipt.transactionId },
    }),
  );
  const width = document.page.width - 72;
  if (receipt.logo) {
    // The merchant's logo (a PNG the dashboard drew itself) above the title, within 160 × 54 pt.
    const box = { width: 160, height: 54 };
    const scale = Math.min(box.width / receipt.logo.width, box.height / receipt.logo.height);
    document.image(Buffer.from(receipt.logo.pngBase64, "base64"), 36, document.y, { fit: [box.width, box.height] });
    document.y += receipt.logo.height * scale + 10;
  }
  document.font(pdfFonts.bold).fontSize(16).fillColor("#0f172a").text(receipt.title, { width });
  document.moveDown(0.8);
  for (const line of receipt.lines) {
    document.font(pdfFonts.regular).fontSize(8).fillColor("#475569").text(line.label, { width });
    document.font(pdfFonts.bold).fontSize(11).fillColor("#0f172a").text(line.value, { width });
    document.moveDown(0.4);
  }
  document.moveDown(0.4);
  const qrTop = document.y;
  document.image(qr, 36, qrTop, { width: 96 });
  const textLeft = 36 + 96 + 12;
  const textWidth = width - 96 - 12;
  document.font(pdfFonts.regular).fontSize(8).fillColor("#475569").text(receipt.verificationLabel, textLeft, qrTop, { width: textWidth });
  // Never wrapped: a code broken at its "-" would be copied wrong.
  document.font(pdfFonts.mono).fontSize(8.5).fillColor("#0f172a").text(receipt.verificationCode, { lineBreak: false });
  document.moveDown(1);
  document.font(pdfFonts.regular).fontSize(8).fillColor("#475569").text(receipt.verifyHint, textLeft, document.y, { width: textWidth });
  // The link under the QR at full width, in one piece (it is longer than the space beside the QR).
  document
    .font(pdfFonts.regular)
    .fontSize(7)
    .fillColor("#1d4ed8")
    .text(receipt.verificationUrl, 36, qrTop + 96 + 8, { lineBreak: false, link: receipt.verificationUrl });
  return pdfToBuffer(document);
}
