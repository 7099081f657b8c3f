// The dictionaries are the feature files merged (lib/i18n/messages.ts): every feature file is
// merged, and no key is in two of them (the later spread would win silently, and a text would
// change without anyone editing it). The same keys in both languages is checked by the types and
// by error-messages.test.ts.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dictionaries } from "@/lib/i18n/messages";

type FeatureDictionaries = { en: Record<string, string>; "pt-BR": Record<string, string> };

/** Every `*-messages.ts` feature file of lib/i18n and the dictionaries it exports. */
async function featureFiles(): Promise<Array<{ file: string; messages: FeatureDictionaries }>> {
  const files = readdirSync(__dirname).filter((name) => name.endsWith("-messages.ts") && name !== "client-messages.ts");
  return Promise.all(
    files.map(async (file) => {
      const module: Record<string, unknown> = await import(`./${file}`);
      const exported = Object.values(module).filter(
        (value): value is FeatureDictionaries => typeof value === "object" && value !== null && "en" in value && "pt-BR" in value,
      );
      expect(exported, `${file} exports one { en, "pt-BR" } dictionary`).toHaveLength(1);
      return { file, messages: exported[0]! };
    }),
  );
}

describe("feature message files", () => {
  it("hold each key once, and the merged dictionaries are exactly their keys", async () => {
    const owners = new Map<string, string[]>();
    for (const { file, messages } of await featureFiles()) {
      expect(Object.keys(messages["pt-BR"]).sort(), `${file}: the same keys in both languages`).toEqual(Object.keys(messages.en).sort());
      for (const key of Object.keys(messages.en)) owners.set(key, [...(owners.get(key) ?? []), file]);
    }
    const inSeveral = [...owners].filter(([, files]) => files.length > 1).map(([key, files]) => `${key}: ${files.join(", ")}`);
    expect(inSeveral).toEqual([]);
    for (const locale of ["en", "pt-BR"] as const) expect(Object.keys(dictionaries[locale]).sort()).toEqual([...owners.keys()].sort());
  });
});
