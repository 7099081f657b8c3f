"use server";
// A person's erasure request (LGPD art. 18, VI): anonymises everything held about one CPF/CNPJ,
// e-mail or phone but the completed payments the law requires keeping (lib/personal-data/
// person-requests.ts). Admin only, with a fresh second factor, the reason and the request's
// reference audited (the identifier itself only masked, so the audit log does not keep it).
import * as z from "@/lib/schemas/zod";
import { type ActionResult, operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { maskedSubject } from "@/lib/audit/audit-actions";
import { type ErasureOutcome, erasePerson, subjectSchema } from "@/lib/personal-data/person-requests";
import { msg } from "@/lib/i18n/message";

const erasureSchema = z.object({
  subject: subjectSchema,
  reason: z.string().check(z.trim(), z.minLength(3, { error: msg("errors.personalData.reason") }), z.maxLength(500)),
  reference: z.string().check(z.trim(), z.minLength(1, { error: msg("errors.personalData.reference") }), z.maxLength(100)),
});

export const erasePersonalDataAction = operatorAction(
  { name: "personal_data.erase", capability: "handlePersonalDataRequests", stepUp: true, input: erasureSchema },
  async ({ subject, reason, reference }, { db, config, operator }): Promise<ActionResult<ErasureOutcome & { retentionDays: number }>> => {
    const outcome = await erasePerson(db, subject, { retentionDays: config.personalData.retentionDays });
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "personal_data.erase",
      // Refused in part (or whole) where the law requires keeping the record: said, and audited.
      outcome: outcome.kept.length > 0 ? "refused" : "success",
      details: {
        ...maskedSubject(subject),
        reason,
        reference,
        ...outcome,
        keptReason: outcome.kept.length > 0 ? "financial_record" : null,
      },
    });
    return { ok: true, data: { ...outcome, retentionDays: config.personalData.retentionDays } };
  },
);
