// The merchant's identity as pages, receipts and statements receive it (issue #51): read from the
// database by lib/db/queries/merchant-identity.ts, null while an admin has not set it (then every
// document prints as before). The logo is the normalised PNG (lib/merchant-identity/logo.ts).

export type MerchantLogo = { pngBase64: string; width: number; height: number };

export type MerchantIdentity = {
  legalName: string;
  /** Unformatted, upper case ("12ABC34501DE35"); formatted where it is shown. */
  cnpj: string;
  /** Free text, "" when not given. */
  address: string;
  logo: MerchantLogo | null;
};

/** The fields an admin can change, as the audit trail names them (never their values). */
export const merchantIdentityFields = ["legalName", "cnpj", "address", "logo"] as const;
export type MerchantIdentityField = (typeof merchantIdentityFields)[number];

/** The logo as a data URL for an <img> (pages render it inline: no extra request, no external host). */
export function merchantLogoDataUrl(logo: MerchantLogo): string {
  return `data:image/png;base64,${logo.pngBase64}`;
}
