// One module for money text and one for São Paulo time (issue #46): a second cents-to-text
// converter or a second time-zone computation (a hard-coded UTC−3, its own Intl time zone) would
// bring back two rules that drift apart. This test reads the source tree and fails when one appears
// outside its home. Outside the scan: tests, lib/i18n (words people read, which may name the zone)
// and lib/sandbox-wallet (the provider seen from outside, which never imports dashboard code).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const moneyHome = "lib/format/index.ts";
const timeHome = "lib/vocabulary/sao-paulo-dates.ts";

function sources(): Array<{ file: string; code: string }> {
  return ["app", "components", "lib", "proxy.ts", "instrumentation.ts"].flatMap((entry) => {
    const files = entry.endsWith(".ts")
      ? [entry]
      : readdirSync(path.join(root, entry), { recursive: true, encoding: "utf8" }).map((file) => path.join(entry, file));
    return files
      .filter((file) => /\.(tsx?|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => !file.startsWith("lib/i18n/") && !file.startsWith("lib/sandbox-wallet/"))
      .map((file) => ({
        file,
        // Comments may explain; only code counts.
        code: readFileSync(path.join(root, file), "utf8").replace(/\/\*[\s\S]*?\*\/|(^|[^:"'`])\/\/.*$/gm, "$1"),
      }));
  });
}

/** Money as text: a currency formatter, or cents divided by 100 by hand. */
const moneyConversion = /Intl\.NumberFormat\([^)]*currency|\w*[cC]ents\)?\s*\/\s*100\b|\.toFixed\(2\)/;
/** São Paulo time computed by hand: the zone's name, an Intl time zone other than UTC, a fixed offset. */
const timeZoneComputation =
  /America\/Sao_Paulo|timeZone:(?!\s*"UTC")|getTimezoneOffset|[-−]03:00|UTC\s*[-−]\s*3\b|\b3\s*\*\s*(3_?600_?000|60\s*\*\s*60|60)\b/;

describe("one module per concern", () => {
  const files = sources();

  it("scans the source tree (a sanity check that the patterns see what they look for)", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.find((entry) => entry.file === moneyHome)?.code).toMatch(moneyConversion);
    expect(files.find((entry) => entry.file === timeHome)?.code).toMatch(timeZoneComputation);
    expect(moneyConversion.test('new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" })')).toBe(true);
    expect(moneyConversion.test("String(amountCents / 100)")).toBe(true);
    expect(timeZoneComputation.test(["new Date(`", "since", ":00-03:00`)"].join(""))).toBe(true);
    expect(timeZoneComputation.test("instant.getTime() - 3 * 3_600_000")).toBe(true);
    expect(timeZoneComputation.test('{ timeZone: "America/Sao_Paulo" }')).toBe(true);
  });

  it(`turns cents into text only in ${moneyHome}`, () => {
    const offenders = files.filter((entry) => entry.file !== moneyHome && moneyConversion.test(entry.code)).map((entry) => entry.file);
    expect(offenders).toEqual([]);
  });

  it(`computes São Paulo time only in ${timeHome}`, () => {
    const offenders = files.filter((entry) => entry.file !== timeHome && timeZoneComputation.test(entry.code)).map((entry) => entry.file);
    expect(offenders).toEqual([]);
  });
});
