// Every audit action, detail, coded value and target type has a label in both languages: checked by
// the compiler against the registry (lib/audit/audit-actions.ts) and the dictionaries
// (lib/i18n/audit-log-messages.ts, and a feature's own file for its actions). A new action, a new
// detail or a new code without its label fails `tsc` here, naming the missing keys, so the audit
// log never shows a raw code (issue #46). The Portuguese dictionary's type makes a missing
// translation a compile error in turn.
import type { AuditAction, AuditDetails, AuditTargetType } from "@/lib/audit/audit-actions";
import type { MessageKey } from "@/lib/i18n/messages";

type Details = AuditDetails<AuditAction>;
/** A details shape's own keys (not the `string` of a shape with none). */
type KeysOf<Shape> = Shape extends unknown ? { [K in keyof Shape & string]: string extends K ? never : K }[keyof Shape & string] : never;
/** "audit.value.<key>.<code>" for every field whose value is a code (a union of literals). */
type CodeKeysOf<Shape> = Shape extends unknown
  ? {
      [K in keyof Shape & string]: string extends K
        ? never
        : NonNullable<Shape[K]> extends infer Value
          ? Value extends string
            ? string extends Value
              ? never
              : `audit.value.${K}.${Value}`
            : never
          : never;
    }[keyof Shape & string]
  : never;

export type AuditDetailKey = KeysOf<Details>;
export type AuditActionLabelKey = `audit.action.${AuditAction}`;
export type AuditDetailLabelKey = `audit.detail.${AuditDetailKey}`;
export type AuditValueLabelKey = CodeKeysOf<Details>;
export type AuditTargetLabelKey = `audit.target.${AuditTargetType}`;

type Missing = Exclude<AuditActionLabelKey | AuditDetailLabelKey | AuditValueLabelKey | AuditTargetLabelKey, MessageKey>;

/** Compiles only when nothing is missing; otherwise the error names the missing message keys. */
export const everyAuditLabelExists: [Missing] extends [never] ? true : { missing: Missing } = true;
