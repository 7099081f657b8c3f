// Action results carry encoded message keys (lib/i18n/message.ts); tests that check what an
// operator reads translate them with the English dictionary first.
import { translateMessage } from "@/lib/i18n/message";
import { dictionaries } from "@/lib/i18n/messages";

/** A deep copy of the value with every string that is an encoded message read in English. */
export function inEnglish<T>(value: T): T {
  if (typeof value === "string") return translateMessage(dictionaries.en, value) as T;
  if (Array.isArray(value)) return value.map(inEnglish) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, inEnglish(entry)])) as T;
  return value;
}
