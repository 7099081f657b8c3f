// The receipts of a payout batch's paid rows as one ZIP (`?lang=pt-BR|en`, default the operator's
// language). Operators who can read, past two-factor (lib/http/operator-route.ts), like a single
// receipt. 404 for an unknown batch.
import * as z from "@/lib/schemas/zod";
import { findCashOutRequest } from "@/lib/db/queries/cash-out-requests";
import { findMerchantIdentity } from "@/lib/db/queries/merchant-identity";
import { listBatchReceiptRows } from "@/lib/db/queries/receipts";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { getMessages } from "@/lib/i18n/locale";
import { msg } from "@/lib/i18n/message";
import { locales } from "@/lib/i18n/messages";
import { receiptsZip } from "@/lib/receipts/receipts-zip";

export const dynamic = "force-dynamic";

export const GET = operatorRoute<{ id: string }>(
  { name: "cash_out_request.receipts", capability: "read" },
  async (request, { db, config, operator, params }) => {
    const { id } = params;
    const batch = z.uuid().safeParse(id).success ? await findCashOutRequest(db, operator.stores, id) : undefined;
    if (!batch) return problemResponse(404, msg("errors.approvals.unknownRequest"));
    const lang = z.enum(locales).safeParse(new URL(request.url).searchParams.get("lang"));
    const locale = lang.success ? lang.data : (await getMessages()).locale;
    const rows = await listBatchReceiptRows(db, id);
    const settings = {
      merchantName: config.merchantName,
      appUrl: config.appUrl,
      authSecret: config.authSecret,
      taxUnit: config.wallet.taxUnit,
      identity: await findMerchantIdentity(db),
    };
    return new Response(receiptsZip(rows, settings, locale), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${locale === "pt-BR" ? "comprovantes" : "receipts"}-${id.slice(0, 8)}.zip"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
