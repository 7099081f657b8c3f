// The shell's server-drawn icons (static-icon.tsx) are lucide's: each one's shapes must equal the
// installed lucide-react's icon data, so a lucide upgrade that redraws an icon is noticed here.
import { describe, expect, it } from "vitest";
import { staticIcons } from "./static-icon";

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

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
