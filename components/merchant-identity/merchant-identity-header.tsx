// The merchant's logo, legal name and CNPJ on the public pages (the payer page, the receipt
// verification page) once an admin has set them (issue #51); nothing when not set. A server
// component: the logo is the PNG the dashboard drew, inline as a data URL (no request, no outside host).
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { formatCnpjForPrint } from "@/lib/schemas/brazilian-documents";
import { type MerchantIdentity, merchantLogoDataUrl } from "@/lib/vocabulary/merchant-identity";

export function MerchantIdentityHeader({ identity, t }: { identity: MerchantIdentity | null; t: Pick<Messages, "merchant.cnpjLine"> }) {
  if (!identity) return null;
  return (
    <div className="mb-4 flex flex-col items-center gap-1 text-center" data-testid="merchant-identity">
      {identity.logo ? (
        // Decorative: the legal name beside it says whose it is.
        <img
          src={merchantLogoDataUrl(identity.logo)}
          alt=""
          width={identity.logo.width}
          height={identity.logo.height}
          className="h-auto max-h-16 w-auto max-w-60"
        />
      ) : null}
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{identity.legalName}</span>
        {" · "}
        {fill(t["merchant.cnpjLine"], { cnpj: formatCnpjForPrint(identity.cnpj) })}
      </p>
    </div>
  );
}
