// A Pix QR code as SVG markup, drawn on the server from the copy-and-paste code (the BR Code the QR
// encodes) by the qrcode library: the payer page and the counter display put it inline in the
// page's HTML, so the QR paints with the first bytes, needs no script, no image request and no
// decoding, and stays sharp at any size (issue #54). Black on white whatever the theme: a QR code
// must keep its contrast for the bank's app to read it.
import "server-only";
import QRCode from "qrcode";

/** `size`: the intrinsic width and height written on the <svg> (CSS may scale it; the square holds). */
export function pixQrSvg(code: string, size = 320): Promise<string> {
  return QRCode.toString(code, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    width: size,
    color: { dark: "#000000", light: "#ffffff" },
  });
}
