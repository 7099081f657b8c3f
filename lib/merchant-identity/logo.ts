// The merchant's logo as uploaded (PNG or SVG, at most 200 KB) turned into the one PNG the dashboard
// keeps and prints (issue #51). Both kinds are drawn again by resvg into a PNG that fits 480 × 160
// px, so what is stored is pixels the dashboard wrote itself: an SVG's script can never run (none
// survives rasterising, and one is refused anyway), and a PNG's extra chunks (text, metadata) are
// dropped. A PNG is recognised by its magic bytes and its header's dimensions are checked before it
// is decoded (a small file can declare an enormous image). An SVG may reference nothing outside
// itself: no link but "#fragment", no entity declarations, no script, no foreignObject, no @import;
// resvg is given no system fonts (DejaVu only) and no external image is ever resolved.
import { Resvg } from "@resvg/resvg-js";
import { msg } from "@/lib/i18n/message";
import { dejaVuFontFile } from "@/lib/pdf/fonts";
import type { MerchantLogo } from "@/lib/vocabulary/merchant-identity";

export const logoMaxBytes = 200 * 1024;
/** The box the stored PNG fits in (3:1, the shape of a letterhead's logo). */
export const logoBox = { width: 480, height: 160 } as const;
/** A PNG's declared dimensions, checked before decoding. */
export const pngDimensionBounds = { min: 16, max: 2048 } as const;

export const logoErrors = {
  type: msg("errors.merchant.logoType"),
  tooLarge: msg("errors.merchant.logoTooLarge"),
  dimensions: msg("errors.merchant.logoDimensions"),
  external: msg("errors.merchant.logoExternal"),
  script: msg("errors.merchant.logoScript"),
  unreadable: msg("errors.merchant.logoUnreadable"),
} as const;

export type LogoResult = { ok: true; logo: MerchantLogo } | { ok: false; error: string };

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
export function pngDimensions(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(pngSignature)) return null;
  if (bytes.readUInt32BE(8) !== 13 || bytes.subarray(12, 16).toString("latin1") !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** What makes an SVG reach outside itself or carry code; the first match refuses it. */
const svgRefusals: Array<{ pattern: RegExp; error: string }> = [
  { pattern: /<script[\s/>]/i, error: logoErrors.script },
  { pattern: /\son[a-z]+\s*=/i, error: logoErrors.script },
  { pattern: /javascript:/i, error: logoErrors.script },
  { pattern: /<foreignObject[\s/>]/i, error: logoErrors.script },
  { pattern: /<!ENTITY/i, error: logoErrors.external },
  { pattern: /@import/i, error: logoErrors.external },
  // Any href (href, xlink:href) whose value is not a fragment of this document.
  { pattern: /href\s*=\s*["']\s*(?!#)/i, error: logoErrors.external },
  // Any url(...) in a style or attribute that is not url(#fragment).
  { pattern: /url\(\s*["']?\s*(?!#)/i, error: logoErrors.external },
];

const fontFiles = () => [dejaVuFontFile("DejaVuSans"), dejaVuFontFile("DejaVuSans-Bold")];

/** Draws an SVG (the upload, or a PNG wrapped in one) into a PNG that fits the logo box. */
function rasterise(svg: string): LogoResult {
  const font = { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" };
  let measured: Resvg;
  try {
    measured = new Resvg(svg, { font, logLevel: "off" });
  } catch {
    return { ok: false, error: logoErrors.unreadable };
  }
  if (measured.imagesToResolve().length > 0) return { ok: false, error: logoErrors.external };
  if (!(measured.width > 0 && measured.height > 0)) return { ok: false, error: logoErrors.unreadable };
  const zoom = Math.min(logoBox.width / measured.width, logoBox.height / measured.height);
  const rendered = new Resvg(svg, { font, logLevel: "off", fitTo: { mode: "zoom", value: zoom } }).render();
  // Nothing drawn (an empty SVG, a PNG resvg could not decode): every pixel transparent.
  const pixels = rendered.pixels;
  let drawn = false;
  for (let alpha = 3; alpha < pixels.length; alpha += 4) {
    if (pixels[alpha] !== 0) {
      drawn = true;
      break;
    }
  }
  if (!drawn) return { ok: false, error: logoErrors.unreadable };
  return { ok: true, logo: { pngBase64: rendered.asPng().toString("base64"), width: rendered.width, height: rendered.height } };
}

/** Checks an uploaded logo and returns the PNG to store, or the message key saying what is wrong. */
export function normaliseLogo(bytes: Buffer): LogoResult {
  if (bytes.length === 0) return { ok: false, error: logoErrors.type };
  if (bytes.length > logoMaxBytes) return { ok: false, error: logoErrors.tooLarge };
  const png = pngDimensions(bytes);
  if (png) {
    const { min, max } = pngDimensionBounds;
    if (png.width < min || png.height < min || png.width > max || png.height > max) return { ok: false, error: logoErrors.dimensions };
    return rasterise(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${png.width}" height="${png.height}"><image width="${png.width}" height="${png.height}" href="data:image/png;base64,${bytes.toString("base64")}"/></svg>`,
    );
  }
  const text = bytes.toString("utf8");
  if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>[]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) {
    return { ok: false, error: logoErrors.type };
  }
  for (const refusal of svgRefusals) if (refusal.pattern.test(text)) return { ok: false, error: refusal.error };
  return rasterise(text);
}

/** A logo as the form sends it: a data URL ("data:image/png;base64,…" or "data:image/svg+xml;base64,…"). */
export function logoBytesFromDataUrl(dataUrl: string): Buffer | null {
  const match = /^data:image\/(?:png|svg\+xml);base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl);
  return match ? Buffer.from(match[1]!, "base64") : null;
}
