// Plural forms by the reader's language ("1 hour" / "2 hours", "1 hora" / "2 horas"): the
// dictionary holds one message per CLDR category, `<base>.one` and `<base>.other`, and
// Intl.PluralRules picks one for the number.
import { fill } from "@/lib/i18n/fill";

type PluralBase = "cashIn.form.minutes" | "cashIn.form.hours";
type Dictionary = Readonly<Record<`${PluralBase}.${"one" | "other"}` | "form.pluralLocale", string>>;

export function plural(t: Dictionary, base: PluralBase, n: number): string {
  const category = new Intl.PluralRules(t["form.pluralLocale"]).select(n) === "one" ? "one" : "other";
  return fill(t[`${base}.${category}`], { n });
}
