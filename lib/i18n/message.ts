// Messages that cross a boundary (a schema issue, an action's error, a WalletError, a stored
// failure reason) travel as one compact string naming an errors.* key of lib/i18n/
// (ErrorMessageKey), with its parameters in query-string form: "errors.metadata.keyTooLong?max=40".
// Being a plain string it fits everywhere a message already went (zod issues, `{ error }`, database
// columns, logs); the place that shows it to a person translates it with `translateMessage(t, message)`.
// A parameter may itself be an encoded message (the wallet's "what happened" + "consequence").
import type { ErrorMessageKey } from "@/lib/i18n/error-messages";

export type MessageParams = Record<string, string | number>;

/**
 * What translating reads: the whole dictionary on the server; in the browser, the messages a form's
 * own schema can produce (lib/i18n/client-messages.ts). A key it lacks is shown as it is.
 */
export type ErrorMessages = Readonly<Partial<Record<ErrorMessageKey, string>>>;

/** Encodes a message key and its parameters: `msg("errors.amount.tooLarge")`, `msg("errors.x", { max: 40 })`. */
export function msg(key: ErrorMessageKey, params?: MessageParams): string {
  if (!params) return key;
  const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();
  return query ? `${key}?${query}` : key;
}

/** The key and parameters of an encoded message; undefined when the text is not one (e.g. a legacy English string). */
export function decodeMessage(message: string): { key: string; params: Record<string, string> } | undefined {
  const match = /^(errors\.[A-Za-z0-9_.]+)(?:\?(.*))?$/s.exec(message);
  if (!match) return undefined;
  return { key: match[1]!, params: Object.fromEntries(new URLSearchParams(match[2] ?? "")) };
}

/**
 * The message in the reader's language. Text that is not an encoded key (stored before messages
 * became keys, or the wallet's own words) is shown as it is rather than hidden.
 */
export function translateMessage(t: ErrorMessages, message: string): string;
export function translateMessage(t: ErrorMessages, message: string | undefined): string | undefined;
export function translateMessage(t: ErrorMessages, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const decoded = decodeMessage(message);
  const template = decoded ? (t as Readonly<Record<string, string>>)[decoded.key] : undefined;
  if (!decoded || template === undefined) return message;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = decoded.params[name];
    return value === undefined ? whole : translateMessage(t, value);
  });
}
