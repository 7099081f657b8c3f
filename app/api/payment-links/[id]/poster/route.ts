// A payment link's poster to print, as a PDF (`?lang=pt-BR|en`, default the operator's language),
// for every operator who may read the link (its page shows the same QR code), past two-factor
// (lib/http/operator-route.ts). 404 for an unknown or malformed id.
import { storeScopeAllows } from "@/lib/vocabulary/store-scope";
import { findPaymentLink } from "@/lib/db/queries/payment-links";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { getMessages } from "@/lib/i18n/locale";
import { msg } from "@/lib/i18n/message";
import { locales } from "@/lib/i18n/messages";
import { buildPaymentLinkPoster, paymentLinkPosterFileName, renderPaymentLinkPosterPdf } from "@/lib/payment-links/link-poster";
import * as z from "@/lib/schemas/zod";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ id: z.uuid() });
const querySchema = z.object({ lang: z.optional(z.enum(locales)) });

export const GET = operatorRoute<{ id: string }>(
  { name: "payment_link.poster", capability: "read" },
  async (request, { db, config, params, operator }) => {
    const id = paramsSchema.safeParse(params);
    const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!id.success || !query.success) return problemResponse(404, msg("errors.paymentLinks.unknown"));
    const link = await findPaymentLink(db, id.data.id.toLowerCase());
    // Another store's link is as unknown to an operator of some stores.
    if (!link || !storeScopeAllows(operator.storeGrants, link.storeId)) return problemResponse(404, msg("errors.paymentLinks.unknown"));
    const locale = query.data.lang ?? (await getMessages()).locale;
    const poster = buildPaymentLinkPoster(link, { merchantName: config.merchantName, appUrl: config.appUrl }, locale);
    const body = await renderPaymentLinkPosterPdf(poster);
    return new Response(new Uint8Array(body), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${paymentLinkPosterFileName(poster)}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
