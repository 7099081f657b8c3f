// The merchant's identity (one row, id 1): read by every receipt, statement, the payer page and the
// verification page; written by the admin's audited action (lib/actions/save-merchant-identity-action.ts).
import { eq } from "drizzle-orm";
import type { MerchantIdentity, MerchantIdentityField, MerchantLogo } from "@/lib/vocabulary/merchant-identity";
import type { Database } from "../client";
import { merchantIdentity } from "../schema";

export type StoredMerchantIdentity = MerchantIdentity & { updatedAt: Date; updatedByEmail: string };

export async function findMerchantIdentity(db: Database): Promise<StoredMerchantIdentity | null> {
  const [row] = await db.select().from(merchantIdentity).where(eq(merchantIdentity.id, 1));
  if (!row) return null;
  const logo =
    row.logoPngBase64 !== null && row.logoWidth !== null && row.logoHeight !== null
      ? { pngBase64: row.logoPngBase64, width: row.logoWidth, height: row.logoHeight }
      : null;
  return {
    legalName: row.legalName,
    cnpj: row.cnpj,
    address: row.address,
    logo,
    updatedAt: row.updatedAt,
    updatedByEmail: row.updatedByEmail,
  };
}

/** What a save does to the logo: keep the stored one, remove it, or store a new (normalised) one. */
export type LogoChange = { kind: "keep" } | { kind: "remove" } | { kind: "replace"; logo: MerchantLogo };

/**
 * Saves the identity and answers which fields changed (for the audit trail, which names fields and
 * never copies the free-text address). Runs in one transaction, the row locked, so two admins saving
 * at once each see what the other changed.
 */
export async function saveMerchantIdentity(
  db: Database,
  values: { legalName: string; cnpj: string; address: string; logo: LogoChange },
  byEmail: string,
): Promise<MerchantIdentityField[]> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(merchantIdentity).where(eq(merchantIdentity.id, 1)).for("update");
    const logoColumns =
      values.logo.kind === "keep"
        ? before
          ? { logoPngBase64: before.logoPngBase64, logoWidth: before.logoWidth, logoHeight: before.logoHeight }
          : { logoPngBase64: null, logoWidth: null, logoHeight: null }
        : values.logo.kind === "remove"
          ? { logoPngBase64: null, logoWidth: null, logoHeight: null }
          : { logoPngBase64: values.logo.logo.pngBase64, logoWidth: values.logo.logo.width, logoHeight: values.logo.logo.height };
    const row = { legalName: values.legalName, cnpj: values.cnpj, address: values.address, ...logoColumns, updatedByEmail: byEmail };
    await tx
      .insert(merchantIdentity)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: merchantIdentity.id, set: { ...row, updatedAt: new Date() } });
    const changed: MerchantIdentityField[] = [];
    if (before?.legalName !== values.legalName) changed.push("legalName");
    if (before?.cnpj !== values.cnpj) changed.push("cnpj");
    if ((before?.address ?? "") !== values.address) changed.push("address");
    if ((before?.logoPngBase64 ?? null) !== logoColumns.logoPngBase64) changed.push("logo");
    return changed;
  });
}
