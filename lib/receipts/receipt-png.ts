// A receipt as a PNG for messaging apps: the same lines as the PDF laid out in SVG and rasterised
// by resvg (docs/decisions/closing-the-books.md). resvg draws text with the fonts it is given: the
// first of a few common sans-serif files found on the machine (the Docker image installs DejaVu),
// read once; without any it falls back to the system's font list.
import { existsSync } from "node:fs";
import { Resvg } from "@resvg/resvg-js";
import QRCode from "qrcode";
import type { Receipt } from "./receipt";

const fontCandidates = [
  ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"],
  ["/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"],
];
let fontFiles: string[] | undefined;
function fonts(): string[] {
  fontFiles ??= fontCandidates.find((files) => files.every((file) => existsSync(file))) ?? [];
  return fontFiles;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const width = 640;

/** A long value (an address) in lines of at most `columns` characters, broken at spaces where it can be. */
function wrap(text: string, columns: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > columns) {
    const space = rest.lastIndexOf(" ", columns);
    const cut = space > 0 ? space : columns;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}

export async function renderReceiptPng(receipt: Receipt): Promise<Buffer> {
  const qr = await QRCode.toDataURL(receipt.verificationUrl, { margin: 1, width: 240, errorCorrectionLevel: "M" });
  const parts: string[] = [];
  let y = 56;
  if (receipt.logo) {
    // The merchant's logo (a PNG the dashboard drew itself) above the title, within 240 × 80 px.
    const scale = Math.min(240 / receipt.logo.width, 80 / receipt.logo.height);
    const [logoWidth, logoHeight] = [Math.round(receipt.logo.width * scale), Math.round(receipt.logo.height * scale)];
    parts.push(`<image x="32" y="28" width="${logoWidth}" height="${logoHeight}" href="data:image/png;base64,${receipt.logo.pngBase64}"/>`);
    y += logoHeight + 16;
  }
  parts.push(`<text x="32" y="${y}" font-size="26" font-weight="bold" fill="#0f172a">${escapeXml(receipt.title)}</text>`);
  y += 24;
  for (const line of receipt.lines) {
    y += 26;
    parts.push(`<text x="32" y="${y}" font-size="14" fill="#475569">${escapeXml(line.label)}</text>`);
    for (const part of wrap(line.value, 52)) {
      y += 24;
      parts.push(`<text x="32" y="${y}" font-size="19" font-weight="bold" fill="#0f172a">${escapeXml(part)}</text>`);
    }
  }
  y += 28;
  parts.push(`<image x="32" y="${y}" width="150" height="150" href="${qr}"/>`);
  parts.push(`<text x="200" y="${y + 20}" font-size="14" fill="#475569">${escapeXml(receipt.verificationLabel)}</text>`);
  parts.push(
    `<text x="200" y="${y + 44}" font-size="13" font-family="monospace" fill="#0f172a">${escapeXml(receipt.verificationCode)}</text>`,
  );
  parts.push(`<text x="200" y="${y + 80}" font-size="13" fill="#475569">${escapeXml(receipt.verifyHint)}</text>`);
  // Under the QR at full width: the link is longer than the space beside it.
  parts.push(`<text x="32" y="${y + 176}" font-size="11" fill="#1d4ed8">${escapeXml(receipt.verificationUrl)}</text>`);
  const height = y + 176 + 28;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Liberation Sans, sans-serif"><rect width="100%" height="100%" fill="#ffffff"/>${parts.join("")}</svg>`;
  const files = fonts();
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    font: files.length ? { fontFiles: files, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" } : { loadSystemFonts: true },
  });
  return Buffer.from(resvg.render().asPng());
}
