import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { logoBox, logoBytesFromDataUrl, logoErrors, normaliseLogo, pngDimensions } from "./logo";

const svg = (body: string, size = 'width="300" height="100"') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${size}>${body}</svg>`);
const square = '<rect width="300" height="100" fill="#1d4ed8"/>';
const pngOf = (width: number, height: number) =>
  new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="red"/></svg>`,
  )
    .render()
    .asPng();

describe("normaliseLogo", () => {
  it("redraws an SVG as a PNG that fits the 480 × 160 box, keeping its shape", () => {
    const result = normaliseLogo(svg(square));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([result.logo.width, result.logo.height]).toEqual([480, 160]);
    expect(pngDimensions(Buffer.from(result.logo.pngBase64, "base64"))).toEqual({ width: 480, height: 160 });
  });

  it("redraws a PNG (checked by its magic bytes) into the box", () => {
    const result = normaliseLogo(pngOf(64, 64));
    expect(result.ok && [result.logo.width, result.logo.height]).toEqual([logoBox.height, logoBox.height]);
  });

  it("refuses a PNG whose header declares dimensions out of bounds before decoding it", () => {
    const huge = Buffer.from(pngOf(64, 64));
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    expect(normaliseLogo(huge)).toEqual({ ok: false, error: logoErrors.dimensions });
    expect(normaliseLogo(pngOf(8, 8))).toEqual({ ok: false, error: logoErrors.dimensions });
  });

  it("refuses a PNG whose data cannot be decoded", () => {
    const broken = Buffer.from(pngOf(64, 64));
    broken.fill(7, 40);
    expect(normaliseLogo(broken)).toEqual({ ok: false, error: logoErrors.unreadable });
  });

  it("refuses what is neither PNG nor SVG, and files over 200 KB", () => {
    expect(normaliseLogo(Buffer.from("GIF89a……"))).toEqual({ ok: false, error: logoErrors.type });
    expect(normaliseLogo(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ ok: false, error: logoErrors.type });
    expect(normaliseLogo(svg(`${square}<!--${"x".repeat(210 * 1024)}-->`))).toEqual({ ok: false, error: logoErrors.tooLarge });
  });

  it("refuses an SVG with a script or an event handler", () => {
    expect(normaliseLogo(svg(`${square}<script>alert(1)</script>`))).toEqual({ ok: false, error: logoErrors.script });
    expect(normaliseLogo(svg(`<rect width="9" height="9" onload="alert(1)"/>`))).toEqual({ ok: false, error: logoErrors.script });
    expect(normaliseLogo(svg(`<foreignObject width="9" height="9"><p>x</p></foreignObject>`))).toEqual({
      ok: false,
      error: logoErrors.script,
    });
  });

  it("refuses an SVG that references anything outside itself", () => {
    for (const body of [
      `<image href="https://example.com/a.png" width="9" height="9"/>`,
      `<image xlink:href="/etc/hostname" width="9" height="9"/>`,
      `<use href="other.svg#a"/>`,
      `<rect width="9" height="9" style="fill:url(https://example.com/x)"/>`,
      `<style>@import "https://example.com/a.css";</style>`,
    ]) {
      expect(normaliseLogo(svg(body)), body).toEqual({ ok: false, error: logoErrors.external });
    }
    const entity = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><text>&x;</text></svg>`,
    );
    expect(normaliseLogo(entity).ok).toBe(false);
  });

  it("accepts internal references (a gradient by #id) and refuses an SVG that draws nothing", () => {
    const gradient = `<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient></defs><rect width="300" height="100" fill="url(#g)"/>`;
    expect(normaliseLogo(svg(gradient)).ok).toBe(true);
    expect(normaliseLogo(svg(""))).toEqual({ ok: false, error: logoErrors.unreadable });
    expect(normaliseLogo(Buffer.from('<svg width="9" <<'))).toEqual({ ok: false, error: logoErrors.unreadable });
  });
});

describe("logoBytesFromDataUrl", () => {
  it("reads PNG and SVG data URLs only", () => {
    expect(logoBytesFromDataUrl("data:image/png;base64,iVBORw0KGgo=")?.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(logoBytesFromDataUrl("data:image/svg+xml;base64,PHN2Zz4=")?.toString()).toBe("<svg>");
    expect(logoBytesFromDataUrl("data:text/html;base64,PHN2Zz4=")).toBeNull();
    expect(logoBytesFromDataUrl("https://example.com/logo.png")).toBeNull();
  });
});
