// A paid transaction's receipt as a PDF or PNG (`?format=pdf|png`, `&lang=pt-BR|en`, default the
// operator's language), for operators who can read, past two-factor (lib/http/operator-route.ts).
// 404 for an unknown id, 409 while the transaction is not paid.
import * as z from "@/lib/schemas/zod";
import { findMerchantIdentity } from "@/lib/db/queries/merchant-identity";
import { findReceiptRow } from "@/lib/db/queries/receipts";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { getMessages } from "@/lib/i18n/locale";
import { msg } from "@/lib/i18n/message";
import { locales } from "@/lib/i18n/messages";
import { buildReceipt, receiptFileName } from "@/lib/receipts/receipt";
import { renderReceiptPdf } from "@/lib/receipts/receipt-pdf";
import { renderReceiptPng } from "@/lib/receipts/receipt-png";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";

export const dynamic = "force-dynamic";

const querySchema = z.object({ format: z._default(z.enum(["pdf", "png"]), "pdf"), lang: z.optional(z.enum(locales)) });

export const GET = operatorRoute<{ id: string }>(
  { name: "receipts.download", capability: "read" },
  async (request, { db, config, operator, params }) => {
    const id = transactionIdSchema.safeParse(params.id);
    const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!id.success || !query.success) return problemResponse(404, msg("errors.receipts.notFound"));
    const row = await findReceiptRow(db, operator.storeGrants, id.data);
    if (!row) return problemResponse(404, msg("errors.receipts.notFound"));
    const locale = query.data.lang ?? (await getMessages()).locale;
    const receipt = buildReceipt(
      row,
      {
        merchantName: config.merchantName,
        appUrl: config.appUrl,
        authSecret: config.authSecret,
        taxUnit: config.wallet.taxUnit,
        identity: await findMerchantIdentity(db),
      },
      locale,
    );
    if (!receipt) return problemResponse(409, msg("errors.receipts.notPaid"));
    const format = query.data.format;
    const body = format === "pdf" ? await renderReceiptPdf(receipt) : await renderReceiptPng(receipt);
    return new Response(new Uint8Array(body), {
      headers: {
        "content-type": format === "pdf" ? "application/pdf" : "image/png",
        "content-disposition": `attachment; filename="${receiptFileName(receipt, format)}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
