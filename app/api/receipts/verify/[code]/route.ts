// The public receipt check for machines (an accounting system, a supplier's script): the same
// essentials as the page /verify/[code], as JSON. Anyone can call it: the code's HMAC is the
// credential (lib/receipts/verification-code.ts), and each address has a budget
// (lib/security/rate-limit-rules.ts). A forged, altered or unknown code answers 404.
import { clientAddress } from "@/lib/auth/client-address";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { verifyReceipt } from "@/lib/receipts/verify-receipt";
import { countRequest } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { rateLimitedResponse } from "@/lib/security/rate-limited-response";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const { db, config } = await getRuntime();
  const refusal = await countRequest(db, [
    { rule: rateLimitRules.receiptVerifyPerAddress, key: clientAddress(request.headers, config.trustedProxyHops) },
  ]);
  if (refusal) return rateLimitedResponse(refusal, "errors.rateLimit.address", { "x-robots-tag": "noindex" });
  const essentials = await verifyReceipt(db, config.authSecret, code);
  if (!essentials) return problemResponse(404, msg("errors.receipts.notGenuine"), { headers: { "x-robots-tag": "noindex" } });
  return Response.json(
    { genuine: true, merchant: config.merchantName, ...essentials, paidAt: essentials.paidAt.toISOString() },
    { headers: { "cache-control": "no-store", "x-robots-tag": "noindex" } },
  );
}
