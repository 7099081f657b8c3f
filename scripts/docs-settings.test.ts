// The settings tables in README.md and docs/operations.md name exactly the variables lib/config.ts
// parses (plus PORT, read by `npm run serve`, and the sandbox's own SANDBOX_WALLET_* family), so a
// setting added, renamed or removed in the code cannot leave the documentation behind.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The keys of `rawSettingsSchema` in lib/config.ts, read from its source (importing it needs server-only). */
function configuredSettings(): string[] {
  const source = read("lib/config.ts");
  const schema = source.slice(
    source.indexOf("const rawSettingsSchema = z.object({"),
    source.indexOf("\n});", source.indexOf("rawSettingsSchema")),
  );
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!).sort();
}

/** The variables named in the first column of the Markdown table whose header starts with "| Setting". */
function documentedSettings(markdown: string): string[] {
  const table = markdown.slice(markdown.indexOf("| Setting"));
  const rows = table.slice(0, table.search(/\n(?!\|)/));
  return [...rows.matchAll(/^\| `([A-Z][A-Z0-9_*]*)`/gm)].map((match) => match[1]!).sort();
}

const extras = ["PORT", "SANDBOX_WALLET_*"];

describe("documented settings", () => {
  it("lib/config.ts has settings to compare with", () => {
    expect(configuredSettings()).toContain("APP_URL");
    expect(configuredSettings().length).toBeGreaterThan(20);
  });

  for (const file of ["README.md", "docs/operations.md"])
    it(`${file}'s settings table names every setting lib/config.ts reads, and no other`, () => {
      expect(documentedSettings(read(file))).toEqual([...configuredSettings(), ...extras].sort());
    });
});
