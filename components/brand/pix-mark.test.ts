// The Pix mark as the server renders it: the symbol is an image named "Pix", drawn inline with a
// fixed size (nothing to fetch, nothing to shift), and the visible word is not read a second time.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PixMark, pixSymbolPath } from "@/components/brand/pix-mark";

describe("PixMark", () => {
  it("renders the symbol inline, named Pix, at a fixed size, with the word hidden from screen readers", () => {
    const html = renderToStaticMarkup(createElement(PixMark, { size: 32 }));
    expect(html).toContain('<svg role="img" aria-label="Pix" width="32" height="32" viewBox="0 0 24 24"');
    expect(html).toContain(`d="${pixSymbolPath}"`);
    expect(html).toMatch(/<span aria-hidden="true"[^>]*>Pix<\/span>/);
    expect(html).not.toMatch(/<(img|image|use)\b|href=|url\(/);
  });
});
