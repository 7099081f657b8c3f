// The public receipt check for machines (an accounting system, a supplier's script): the same
// essentials as the page /verify/[code], as JSON. Anyone can call it: the code's HMAC is the
// credential (lib/receipts/verification-code.ts), and each address has a budget
// (lib/security/rate-limit-rules.ts). A forged, altered or unknown code answers 404.
import { problemResponse } from "@/lib/http/problem";
import { publicRoute } from "@/lib/http/public-route";
import { msg } from "@/lib/i18n/message";
import { verifyReceipt } from "@/lib/receipts/verify-receipt";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

const noindex = { "x-robots-tag": "noindex" };

export const GET = publicRoute<{ code: string }>(
  { name: "receipts.verify", perAddress: rateLimitRules.receiptVerifyPerAddress, refusalHeaders: noindex },
  async (_request, { params: { code } }) => {
    const { db, config } = await getRuntime();
    const essentials = await verifyReceipt(db, config.authSecret, code);
    if (!essentials) return problemResponse(404, msg("errors.receipts.notGenuine"), { headers: { "x-robots-tag": "noindex" } });
    return Response.json(
      { genuine: true, merchant: config.merchantName, ...essentials, paidAt: essentials.paidAt.toISOString() },
      { headers: { "cache-control": "no-store", "x-robots-tag": "noindex" } },
    );
  },
);
