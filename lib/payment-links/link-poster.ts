// A payment link's poster (issue #48): one A4 page to print and stick by the till, in the payer's
// language: who is paid, the link's name and description, its amount (or "valor a escolher" with
// the range), a large QR code of the public address and the address itself. Drawn with pdfkit in
// the fonts every PDF uses (lib/pdf/fonts.ts) and collected by the receipts' pdfToBuffer, so it
// prints any name the merchant typed.
import "server-only";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { PaymentLinkRecord } from "@/lib/db/schema/payment-links";
import { formatBRL } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import { dictionaries, type Locale } from "@/lib/i18n/messages";
import { pdfFonts, registerPdfFonts } from "@/lib/pdf/fonts";
import { pdfToBuffer } from "@/lib/receipts/receipt-pdf";
import { paymentLinkPublicUrl } from "./link-view";

export type PaymentLinkPoster = {
  locale: Locale;
  title: string;
  payTo: string;
  name: string;
  description: string | null;
  amount: string;
  amountRange: string | null;
  scanHint: string;
  openHint: string;
  url: string;
  slug: string;
};

type PosterLink = Pick<PaymentLinkRecord, "slug" | "name" | "description" | "amountCents" | "minAmountCents" | "maxAmountCents">;

export function buildPaymentLinkPoster(
  link: PosterLink,
  settings: { merchantName: string; appUrl: string },
  locale: Locale,
): PaymentLinkPoster {
  const t = dictionaries[locale];
  const payerChooses = link.amountCents === null;
  return {
    locale,
    title: fill(t["paymentLinks.poster.title"], { name: link.name }),
    payTo: fill(t["paymentLinks.public.to"], { merchant: settings.merchantName }),
    name: link.name,
    description: link.description && link.description !== link.name ? link.description : null,
    amount: payerChooses ? t["paymentLinks.poster.payerChooses"] : formatBRL(link.amountCents ?? 0),
    amountRange: payerChooses
      ? fill(t["paymentLinks.public.amountRange"], { min: formatBRL(link.minAmountCents ?? 0), max: formatBRL(link.maxAmountCents ?? 0) })
      : null,
    scanHint: t["paymentLinks.poster.scan"],
    openHint: t["paymentLinks.poster.orOpen"],
    url: paymentLinkPublicUrl(settings.appUrl, link.slug),
    slug: link.slug,
  };
}

export function paymentLinkPosterFileName(poster: PaymentLinkPoster): string {
  return `payment-link-${poster.slug}-${poster.locale}.pdf`;
}

const margin = 56;
const ink = "#0f172a";
const muted = "#475569";

export async function renderPaymentLinkPosterPdf(poster: PaymentLinkPoster): Promise<Buffer> {
  // Printed large: a dense bitmap and the higher error correction survive a smudged or creased sheet.
  const qr = await QRCode.toBuffer(poster.url, { type: "png", margin: 1, width: 1200, errorCorrectionLevel: "Q" });
  const document = registerPdfFonts(
    new PDFDocument({ size: "A4", margin, lang: poster.locale, info: { Title: poster.title, Subject: poster.url } }),
  );
  const width = document.page.width - 2 * margin;
  const centred = { width, align: "center" as const };
  document.font(pdfFonts.regular).fontSize(20).fillColor(muted).text(poster.payTo, margin, margin, centred);
  document.moveDown(0.3);
  document.font(pdfFonts.bold).fontSize(34).fillColor(ink).text(poster.name, centred);
  if (poster.description) {
    document.moveDown(0.2);
    document.font(pdfFonts.regular).fontSize(16).fillColor(ink).text(poster.description, centred);
  }
  document.moveDown(0.5);
  document.font(pdfFonts.bold).fontSize(36).fillColor(ink).text(poster.amount, centred);
  if (poster.amountRange) document.font(pdfFonts.regular).fontSize(16).fillColor(muted).text(poster.amountRange, centred);
  document.moveDown(0.8);
  // As large as the page leaves room for under the texts above (a long name wraps), with the hints below.
  const qrTop = document.y;
  const qrSize = Math.max(160, Math.min(340, document.page.height - margin - qrTop - 110));
  document.image(qr, (document.page.width - qrSize) / 2, qrTop, { width: qrSize, height: qrSize });
  document
    .font(pdfFonts.regular)
    .fontSize(14)
    .fillColor(ink)
    .text(poster.scanHint, margin, qrTop + qrSize + 16, centred);
  document.moveDown(0.8);
  document.font(pdfFonts.regular).fontSize(11).fillColor(muted).text(poster.openHint, centred);
  // The address in one line, never broken (a broken address is typed wrong): smaller when long.
  document.font(pdfFonts.mono);
  const urlSize = Math.min(18, (18 * 0.95 * width) / document.fontSize(18).widthOfString(poster.url));
  document
    .fontSize(urlSize)
    .fillColor("#1d4ed8")
    .text(poster.url, { ...centred, lineBreak: false, link: poster.url });
  return pdfToBuffer(document);
}
