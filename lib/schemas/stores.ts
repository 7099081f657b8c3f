// A store as the admin's forms send it (issue #49), parsed by the actions and, in the browser, by
// the forms' resolvers: its name, the account holder's CPF or CNPJ (check digits,
// lib/schemas/brazilian-documents.ts), the name shown to payers, its time zone (Brazil's), and its
// wallet connection — a base URL and a token, both or neither (neither: the settings' wallet).
import { msg } from "@/lib/i18n/message";
import { validateDocument } from "@/lib/schemas/brazilian-documents";
import * as z from "@/lib/schemas/zod";
import { storeTimeZones } from "@/lib/vocabulary/sao-paulo-dates";

export const storeLimits = { name: 80, payerFacingName: 80, baseUrl: 500, token: 500 } as const;

const trimmed = (max: number, error: string) =>
  z.pipe(
    z.string(),
    z.transform((text: string, context) => {
      const value = text.trim().replace(/\s+/g, " ");
      return value === "" || value.length > max ? z.refuse(context, error, text) : value;
    }),
  );

const holderDocument = z.pipe(
  z.string(),
  z.transform((text: string, context) => {
    const result = validateDocument(text);
    return result.ok ? result.value : z.refuse(context, result.error, text);
  }),
);

/** An absolute http(s) URL without user name or password, without a trailing slash; "" when none. */
const baseUrl = z.pipe(
  z.string().check(z.maxLength(storeLimits.baseUrl, msg("errors.stores.baseUrl"))),
  z.transform((text: string, context) => {
    const value = text.trim();
    if (value === "") return "";
    try {
      const url = new URL(value);
      if ((url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password && !url.search && !url.hash)
        return value.replace(/\/+$/, "");
    } catch {
      // Refused below.
    }
    return z.refuse(context, msg("errors.stores.baseUrl"), text);
  }),
);

const token = z.pipe(
  z.string().check(z.maxLength(storeLimits.token, msg("errors.stores.token"))),
  z.transform((text: string, context) => {
    const value = text.trim();
    return value === "" || (value.length >= 8 && /^[\x21-\x7e]+$/.test(value))
      ? value
      : z.refuse(context, msg("errors.stores.token"), text);
  }),
);

/** A store's details: the same on the form that adds a store and the one that edits them. */
const storeDetails = {
  name: trimmed(storeLimits.name, msg("errors.stores.name")),
  holderDocument,
  payerFacingName: trimmed(storeLimits.payerFacingName, msg("errors.stores.payerFacingName")),
  timeZoneName: z.enum(storeTimeZones, { error: msg("errors.stores.timeZone") }),
};

export const createStoreSchema = z.object({ ...storeDetails, baseUrl, token }).check(
  // Both or neither: a base URL without its token (or the other way round) is answered on the missing field.
  z.refine((input) => input.baseUrl === "" || input.token !== "", { path: ["token"], error: msg("errors.stores.tokenMissing") }),
  z.refine((input) => input.token === "" || input.baseUrl !== "", { path: ["baseUrl"], error: msg("errors.stores.baseUrlMissing") }),
);
export type CreateStoreInput = z.input<typeof createStoreSchema>;

/** A new connection for an existing store: both fields required (its token is never shown again, so it is typed anew). */
export const storeConnectionSchema = z.object({ storeId: z.uuid(), baseUrl, token }).check(
  z.refine((input) => input.baseUrl !== "", { path: ["baseUrl"], error: msg("errors.stores.baseUrlMissing") }),
  z.refine((input) => input.token !== "", { path: ["token"], error: msg("errors.stores.tokenMissing") }),
);
export type StoreConnectionInput = z.input<typeof storeConnectionSchema>;

/** An existing store's details, edited (its wallet is changed on its own form). */
export const storeDetailsSchema = z.object({ storeId: z.uuid(), ...storeDetails });
export type StoreDetailsInput = z.input<typeof storeDetailsSchema>;
