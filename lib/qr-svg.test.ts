import { describe, expect, it } from "vitest";
import { pixQrSvg } from "@/lib/qr-svg";

describe("pixQrSvg", () => {
  it("draws the code as a square SVG of fixed size, black on white, with nothing to fetch", async () => {
    const svg = await pixQrSvg("00020101021226830014br.gov.bcb.pix2561example.com/qr/v2/abc5204000053039865802BR6304ABCD", 288);
    expect(svg).toMatch(/^<svg [^>]*width="288" height="288" viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
    expect(svg).not.toMatch(/href=|<image|url\(/);
  });

  it("draws different codes differently", async () => {
    expect(await pixQrSvg("code one")).not.toBe(await pixQrSvg("code two"));
  });
});
