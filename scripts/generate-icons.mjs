// Draws the raster icons from public/icon.svg (the one source of the app's icon) in Chromium, and
// writes them to public/ — run it again after changing the SVG:
//   node scripts/generate-icons.mjs
// - apple-touch-icon.png (180×180): iOS and iPadOS use it for a home-screen icon (they do not read
//   an SVG icon); full-bleed and opaque, since the system rounds the corners itself.
// - favicon.ico (16, 32 and 48 px, PNG inside): for what asks /favicon.ico directly (older
//   browsers, bookmark and feed tools) instead of reading the page's <link rel="icon">.
// The results are committed; the build does not run this.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const publicDir = path.resolve(import.meta.dirname, "../public");
const svg = readFileSync(path.join(publicDir, "icon.svg"), "utf8");
// The home-screen icon without the SVG's rounded corners (transparent corners turn black on iOS).
const fullBleedSvg = svg.replace(/<rect([^>]*?)\s+rx="[^"]*"/, "<rect$1");

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  /** The SVG drawn at size × size, as a PNG (transparent where the SVG draws nothing). */
  async function drawPng(source, size) {
    await page.setViewportSize({ width: size, height: size });
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(source).toString("base64")}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${dataUrl}" width="${size}" height="${size}">`,
    );
    await page.locator("img").evaluate((image) => image.decode());
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  }

  writeFileSync(path.join(publicDir, "apple-touch-icon.png"), await drawPng(fullBleedSvg, 180));

  const sizes = [16, 32, 48];
  const images = [];
  for (const size of sizes) images.push(await drawPng(svg, size));
  writeFileSync(path.join(publicDir, "favicon.ico"), icoOf(sizes.map((size, index) => ({ size, png: images[index] }))));
} finally {
  await browser.close();
}

/** An ICO file holding PNG images (the format's PNG variant, read by every browser since 2007). */
function icoOf(entries) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(entries.length, 4);
  const directory = Buffer.alloc(16 * entries.length);
  let offset = header.length + directory.length;
  entries.forEach(({ size, png }, index) => {
    const at = index * 16;
    directory.writeUInt8(size >= 256 ? 0 : size, at); // width (0 means 256)
    directory.writeUInt8(size >= 256 ? 0 : size, at + 1); // height
    directory.writeUInt8(0, at + 2); // no palette
    directory.writeUInt8(0, at + 3); // reserved
    directory.writeUInt16LE(1, at + 4); // colour planes
    directory.writeUInt16LE(32, at + 6); // bits per pixel
    directory.writeUInt32LE(png.length, at + 8);
    directory.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, directory, ...entries.map(({ png }) => png)]);
}
