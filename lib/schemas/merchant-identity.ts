// The merchant's identity as the admin's form sends it (issue #51), parsed by the action and, in the
// browser, by the form's resolver: legal name, CNPJ (numeric or the alphanumeric CNPJ of 2026,
// checked by its check digits through lib/schemas/brazilian-documents.ts), address, and the logo as
// a data URL (its content is checked on the server only: lib/merchant-identity/logo.ts).
import { msg } from "@/lib/i18n/message";
import { validateDocument } from "@/lib/schemas/brazilian-documents";
import * as z from "@/lib/schemas/zod";

export const merchantIdentityLimits = { legalName: 120, address: 300 } as const;
/** A 200 KB file as base64 in a data URL, with room for its "data:image/svg+xml;base64," prefix. */
const logoDataUrlMaxLength = Math.ceil((200 * 1024) / 3) * 4 + 40;

const trimmed = (max: number, error: string, required: boolean) =>
  z.pipe(
    z.string(),
    z.transform((text: string, context) => {
      const value = text.trim().replace(/\s+/g, " ");
      return (required && value === "") || value.length > max ? z.refuse(context, error, text) : value;
    }),
  );

export const merchantCnpjSchema = z.pipe(
  z.string(),
  z.transform((text: string, context) => {
    const result = validateDocument(text);
    if (!result.ok) return z.refuse(context, result.error, text);
    return result.kind === "CNPJ" ? result.value : z.refuse(context, msg("errors.merchant.cnpjNotCpf"), text);
  }),
);

export const merchantIdentitySchema = z.object({
  legalName: trimmed(merchantIdentityLimits.legalName, msg("errors.merchant.legalName"), true),
  cnpj: merchantCnpjSchema,
  address: trimmed(merchantIdentityLimits.address, msg("errors.merchant.address"), false),
  /** "" keeps the stored logo; a data URL replaces it. */
  logo: z.string().check(z.maxLength(logoDataUrlMaxLength, msg("errors.merchant.logoTooLarge"))),
  removeLogo: z.boolean(),
});

export type MerchantIdentityInput = z.input<typeof merchantIdentitySchema>;
