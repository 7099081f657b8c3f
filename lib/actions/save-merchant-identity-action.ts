"use server";
// Saves the merchant's identity (issue #51): legal name, CNPJ, address and logo, printed on receipts
// and statements and shown to payers. Admins only; audited by which fields changed, never their
// values (the address is free text). A new logo is checked and redrawn as PNG here
// (lib/merchant-identity/logo.ts); a refused one answers on its field and is audited.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { msg } from "@/lib/i18n/message";
import { type LogoChange, saveMerchantIdentity } from "@/lib/db/queries/merchant-identity";
import { logoBytesFromDataUrl, logoErrors, normaliseLogo } from "@/lib/merchant-identity/logo";
import { merchantIdentitySchema } from "@/lib/schemas/merchant-identity";

export const saveMerchantIdentityAction = operatorAction(
  { name: "merchant.identity", capability: "manageOperators", wholeMerchant: true, input: merchantIdentitySchema },
  async (input, { db, operator }) => {
    const actor = { id: operator.id, email: operator.email };
    let logo: LogoChange = input.removeLogo ? { kind: "remove" } : { kind: "keep" };
    if (!input.removeLogo && input.logo !== "") {
      const bytes = logoBytesFromDataUrl(input.logo);
      const result = bytes ? normaliseLogo(bytes) : { ok: false as const, error: logoErrors.type };
      if (!result.ok) {
        await recordAuditEvent(db, { actor, action: "merchant.identity", outcome: "refused", details: { reason: "logo_refused" } });
        // As the wrapper answers a field its schema refuses: the general message, the reason on the field.
        return { ok: false, code: "INVALID_INPUT", error: msg("errors.action.invalidInput"), fieldErrors: { logo: [result.error] } };
      }
      logo = { kind: "replace", logo: result.logo };
    }
    const changed = await saveMerchantIdentity(
      db,
      { legalName: input.legalName, cnpj: input.cnpj, address: input.address, logo },
      operator.email,
    );
    await recordAuditEvent(db, {
      actor,
      action: "merchant.identity",
      outcome: "success",
      details: {
        legalNameChanged: changed.includes("legalName"),
        cnpjChanged: changed.includes("cnpj"),
        addressChanged: changed.includes("address"),
        logoChanged: changed.includes("logo"),
      },
    });
    revalidatePath("/settings/merchant");
    return { ok: true, data: null };
  },
);
