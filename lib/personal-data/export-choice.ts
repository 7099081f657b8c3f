// Which export an operator gets: masked by default for every role; in full only when asked for
// (`?personalData=full`) by a role PERSONAL_DATA_FULL_EXPORT_ROLES names, and then audited. The
// answer says which in its `Personal-Data` header and, when full, in the file name.
import type { Operator } from "@/lib/auth/operator";
import { recordAuditEvent } from "@/lib/audit";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { mayExportUnmasked } from "@/lib/personal-data/exposure";

export type ExportView = "masked" | "full";
export const personalDataHeader = "personal-data";

/** The export's view, or a 403 answer (audited) when full was asked for by a role that may not. */
export async function chooseExportView(
  request: Request,
  {
    db,
    config,
    operator,
    exportName,
  }: { db: Database; config: AppConfig; operator: Operator; exportName: "transactions" | "payout_results" },
): Promise<{ view: ExportView } | { refusal: Response }> {
  const params = new URL(request.url).searchParams;
  const askedFull = params.get("personalData") === "full";
  if (!askedFull) return { view: "masked" };
  const allowed = mayExportUnmasked(operator.role, config);
  await recordAuditEvent(db, {
    actor: { id: operator.id, email: operator.email },
    action: "personal_data.export_full",
    outcome: allowed ? "success" : "refused",
    // The filters by name and the search term masked, never the query string (it may hold a CPF).
    details: {
      export: exportName,
      role: operator.role,
      filters: [...new Set(params.keys())]
        .filter((name) => name !== "personalData")
        .map((name) => name.slice(0, 40))
        .slice(0, 20),
      search: params.get("q"),
    },
  });
  if (!allowed) return { refusal: await problemResponse(403, msg("errors.personalData.exportRefused")) };
  return { view: "full" };
}

/** The headers that say whether the file holds personal data in full, and its name to match. */
export function exportHeaders(view: ExportView, fileName: string): Record<string, string> {
  const named = view === "full" ? fileName.replace(/\.csv$/, "-personal-data.csv") : fileName;
  return { [personalDataHeader]: view, "content-disposition": `attachment; filename="${named}"` };
}
