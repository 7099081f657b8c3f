// Who sees payers' and recipients' personal data, and how (the role matrix of docs/personal-data.md
// written as code): lists, the Overview, notifications, live answers and the counter display only
// ever masked; a detail page masked until finance or admin press "show" (audited); an export masked
// unless the role is one PERSONAL_DATA_FULL_EXPORT_ROLES names and the full one is asked for.
import type { AppConfig } from "@/lib/config";
import { formatDocument, formatPhone, formatPixKey } from "@/lib/format";
import { roleCan } from "@/lib/auth/roles";
import { maskPersonalFields, type PersonalFields } from "@/lib/vocabulary/personal-data-masks";

/** How a surface shows personal data: "masked" always, or "masked until shown" (audited). */
export type Exposure = "masked" | "reveal-on-request";

/** The matrix: each surface, each role. Tests walk it (lib/personal-data/exposure.integration.test.ts). */
export function exposureOf(surface: "list" | "overview" | "live" | "display" | "notification" | "detail", role: string): Exposure {
  if (surface === "detail" && roleCan(role, "revealPersonalData")) return "reveal-on-request";
  return "masked";
}

export function mayExportUnmasked(role: string, config: Pick<AppConfig, "personalData">): boolean {
  return (config.personalData.unmaskedExportRoles as readonly string[]).includes(role);
}

/** The fields of a transaction a detail page shows about the payer (cash-in) or the recipient's key (cash-out). */
type PersonalRow = PersonalFields & { kind: "CASH_IN" | "CASH_OUT"; payerName?: string | null };

/** A detail page's personal line, "Name · e-mail · document · phone" or the key, masked or in full. */
export function personalLineOf(row: PersonalRow, view: "masked" | "full"): string {
  if (view === "masked") {
    const masked = maskPersonalFields(row);
    return row.kind === "CASH_IN"
      ? [masked.payerName, masked.payerEmail, masked.payerDocument, masked.payerPhone].filter(Boolean).join(" · ")
      : (masked.pixKey ?? "");
  }
  return row.kind === "CASH_IN"
    ? [
        row.payerName,
        row.payerEmail,
        row.payerDocument ? formatDocument(row.payerDocument) : null,
        row.payerPhone ? formatPhone(row.payerPhone) : null,
      ]
        .filter(Boolean)
        .join(" · ")
    : row.pixKey
      ? formatPixKey(row.pixKeyType ?? "", row.pixKey)
      : "";
}
