// The shell's CSS-drawn icons (static-icon.tsx) are lucide's: each one's shapes must equal the
// installed lucide-react's icon data, so a lucide upgrade that redraws an icon is noticed here; and
// the stylesheet that draws them is the one the icon data describes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { staticIcons, staticIconsCss } from "./static-icon";

// "QrCode" → qr-code, "Columns3" → columns-3 (lucide's file names).
const kebab = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([a-z])([0-9])/g, "$1-$2")
    .toLowerCase();

describe("static icons", () => {
  for (const [name, node] of Object.entries(staticIcons)) {
    it(`${name} matches lucide-react's ${kebab(name)}`, async () => {
      const { __iconData } = (await import(`../../node_modules/lucide-react/dist/esm/icons/${kebab(name)}.mjs`)) as {
        __iconData: { node: Array<[string, Record<string, string>]> };
      };
      expect(node).toEqual(__iconData.node.map(([tag, { key: _key, ...attributes }]) => [tag, attributes]));
    });
  }
});

describe("static-icons.css", () => {
  it("is the stylesheet static-icon.tsx describes (run `npm run generate:static-icons` after changing an icon)", () => {
    expect(readFileSync(path.join(import.meta.dirname, "static-icons.css"), "utf8")).toBe(staticIconsCss());
  });

  it("has a rule for every icon, and each shape survives the URL encoding", () => {
    const css = staticIconsCss();
    for (const [name, node] of Object.entries(staticIcons)) {
      const rule = css.match(new RegExp(`\\.static-icon-${name} \\{\\s*--static-icon: url\\("data:image/svg\\+xml,([^"]+)"\\);`));
      expect(rule, name).not.toBeNull();
      const svg = decodeURIComponent(rule![1]!);
      expect(svg.match(/<(path|rect|circle|line|polyline|ellipse) /g)).toHaveLength(node.length);
    }
  });
});
