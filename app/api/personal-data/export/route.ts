// A person's access request (LGPD art. 18, II): everything held about one CPF/CNPJ, e-mail or phone,
// in full, as JSON or CSV. Admin only (lib/http/operator-route.ts), audited with the identifier
// masked. POST, so the identifier never sits in a URL (access logs, browser history).
import * as z from "@/lib/schemas/zod";
import { recordAuditEvent } from "@/lib/audit";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { personalDataHeader } from "@/lib/personal-data/export-choice";
import { maskedSubject } from "@/lib/audit/audit-actions";
import { findPersonRecords, personRecordsCsv, subjectSchema } from "@/lib/personal-data/person-requests";

export const dynamic = "force-dynamic";

const exportSchema = z.object({ subject: subjectSchema, format: z._default(z.enum(["json", "csv"]), "json") });

export const POST = operatorRoute(
  { name: "personal_data.access_export", capability: "handlePersonalDataRequests" },
  async (request, { db, operator }) => {
    const form = await request.formData().catch(() => null);
    const parsed = exportSchema.safeParse({ subject: form?.get("subject") ?? undefined, format: form?.get("format") ?? undefined });
    if (!parsed.success) return problemResponse(400, msg("errors.personalData.query"));
    const { subject, format } = parsed.data;
    const records = await findPersonRecords(db, subject);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "personal_data.access_export",
      outcome: "success",
      details: { ...maskedSubject(subject), format, transactions: records.transactions.length },
    });
    const headers = {
      [personalDataHeader]: "full",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "content-disposition": `attachment; filename="personal-data-request.${format}"`,
    };
    if (format === "csv")
      return new Response(personRecordsCsv(records), { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
    return new Response(JSON.stringify(records, null, 2), { headers: { ...headers, "content-type": "application/json; charset=utf-8" } });
  },
);
