// The raster icons in public/ as scripts/generate-icons.mjs drew them from public/icon.svg: the
// sizes and formats the clients that ask for them read.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const publicDir = path.resolve(import.meta.dirname, "../public");
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width, height and colour type from a PNG's IHDR chunk (2: RGB, 6: RGB with alpha). */
function pngHeader(png: Buffer) {
  expect(png.subarray(0, 8).equals(pngSignature)).toBe(true);
  expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), colourType: png.readUInt8(25) };
}

describe("the app's raster icons", () => {
  it("apple-touch-icon.png is 180×180 and opaque (iOS turns transparent corners black)", () => {
    expect(pngHeader(readFileSync(path.join(publicDir, "apple-touch-icon.png")))).toEqual({ width: 180, height: 180, colourType: 2 });
  });

  it("favicon.ico holds 16, 32 and 48 px PNG images, each where its directory entry says", () => {
    const ico = readFileSync(path.join(publicDir, "favicon.ico"));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const images = Array.from({ length: count }, (_, index) => {
      const entry = 6 + index * 16;
      const size = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const header = pngHeader(ico.subarray(offset, offset + size));
      expect([ico.readUInt8(entry), ico.readUInt8(entry + 1)]).toEqual([header.width, header.height]);
      return header;
    });
    expect(images.map((image) => [image.width, image.height])).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ]);
  });
});
