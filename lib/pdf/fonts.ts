// The fonts every PDF is written in (#46): DejaVu Sans, embedded (subset) from the
// dejavu-fonts-ttf package. pdfkit's standard Helvetica knows only WinAnsi, so a character outside
// it (the minus sign U+2212 of "Líquido (recebido − enviado − tarifas)", a merchant's or payer's
// name in another alphabet) came out as garbage; DejaVu covers Latin, Greek, Cyrillic and the
// common symbols. The files are read by path at run time (next.config.mjs traces them into the
// standalone build); pdfkit embeds only the glyphs a document uses, so a receipt stays small.
import path from "node:path";

const folder = () => path.join(/* turbopackIgnore: true */ process.cwd(), "node_modules/dejavu-fonts-ttf/ttf");

/** The font names a document uses, registered by `registerPdfFonts`. */
export const pdfFonts = { regular: "DejaVuSans", bold: "DejaVuSans-Bold", mono: "DejaVuSansMono-Bold" } as const;

/** The path of one of the DejaVu files (also given to resvg when it draws a merchant's SVG logo). */
export function dejaVuFontFile(name: "DejaVuSans" | "DejaVuSans-Bold"): string {
  return path.join(folder(), `${name}.ttf`);
}

/** Registers the fonts on a pdfkit document (call once, right after creating it). */
export function registerPdfFonts(document: PDFKit.PDFDocument): PDFKit.PDFDocument {
  for (const name of Object.values(pdfFonts)) document.registerFont(name, path.join(folder(), `${name}.ttf`));
  return document.font(pdfFonts.regular);
}
