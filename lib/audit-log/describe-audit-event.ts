// An audit event as people read it: the action's name instead of its code ("Signed in", not
// auth.sign_in), and its details as labelled values (amounts in R$, roles by name) instead of JSON.
import { formatBRL, formatDateTime } from "@/lib/format";
import type { MessageKey, Messages } from "@/lib/i18n/messages";

export function auditActionLabel(action: string, t: Messages): string {
  const key = `audit.action.${action}` as MessageKey;
  return key in t ? t[key] : action;
}

export function auditOutcomeLabel(outcome: string, t: Messages): string {
  const key = `auditLog.outcome.${outcome}` as MessageKey;
  return key in t ? t[key] : outcome;
}

/** "requestedByEmail" → "Requested by email": a readable fallback for a detail without a label. */
function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Roles are labelled under `role.*` wherever they appear (a role, a list of roles). */
const roleFields = new Set(["role", "from", "to", "twoFactorNotRequiredFor"]);

function codeLabel(name: string, value: string, t: Messages): string | undefined {
  const key = `audit.value.${name}.${value}` as MessageKey;
  if (key in t) return t[key];
  if (roleFields.has(name)) {
    const roleKey = `role.${value}` as MessageKey;
    if (roleKey in t) return t[roleKey];
  }
  return undefined;
}

/** An ISO instant as the details store them ("2026-11-25T14:03:00.000Z"). */
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A value as people read it; `data` when it is shown as stored (a name, an e-mail, a reason someone
 * typed, JSON): the page marks it translate="no", it is in no language of ours. */
function describeValue(name: string, value: unknown, t: Messages, locale: string): { value: string; data?: true } {
  if (value === null || value === undefined || value === "") return { value: "—" };
  // Dates through the one formatter, in the reader's language, not as stored.
  if (typeof value === "string" && isoInstant.test(value)) return { value: formatDateTime(locale, value, { seconds: true }) };
  if (typeof value === "boolean") return { value: value ? t["auditLog.yes"] : t["auditLog.no"] };
  if (typeof value === "number" && /cents$/i.test(name) && Number.isSafeInteger(value)) return { value: formatBRL(value) };
  // A code (a reason, a stage, a method, a kind…) by its label (lib/audit/audit-labels.ts makes
  // sure each code of the registry has one); a role by its name.
  const code = typeof value === "string" ? codeLabel(name, value, t) : undefined;
  if (code !== undefined) return { value: code };
  if (typeof value === "string" || typeof value === "number") return { value: String(value), data: true };
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null)) {
    const labels = value.map((item) => (typeof item === "string" ? codeLabel(name, item, t) : undefined));
    if (value.length > 0 && labels.every((label) => label !== undefined)) return { value: labels.join(", ") };
    return { value: value.join(", "), data: true };
  }
  return { value: JSON.stringify(value), data: true };
}

/** `labelIsKey`: no label in this language, so the stored key itself is shown (as code), not a
 * guess in English on a Portuguese page. */
export type AuditDetail = { label: string; value: string; labelIsKey?: true; data?: true };

export function describeAuditDetails(
  event: { details: Record<string, unknown>; targetType: string | null; targetId: string | null },
  t: Messages,
  locale: string,
): AuditDetail[] {
  const details: AuditDetail[] = Object.entries(event.details).map(([name, value]) => {
    const key = `audit.detail.${name}` as MessageKey;
    const label: Pick<AuditDetail, "label" | "labelIsKey"> =
      key in t ? { label: t[key] } : locale === "en" ? { label: humanise(name) } : { label: name, labelIsKey: true };
    return { ...label, ...describeValue(name, value, t, locale) };
  });
  if (event.targetId) {
    const typeKey = `audit.target.${event.targetType}` as MessageKey;
    const type = typeKey in t ? t[typeKey] : locale === "en" ? humanise(event.targetType ?? "") : (event.targetType ?? "");
    details.push({ label: t["auditLog.target"], value: `${type} ${event.targetId}`.trim() });
  }
  return details;
}
