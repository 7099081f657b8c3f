// A payer's submission of a payment link's page (issue #48): anyone may post it, so it checks the
// origin (as proxy.ts does for server actions), counts against the address's submission budget,
// reads a small JSON body, and creates one charge through the link (lib/payment-links/). It answers
// where to go next (the charge's payer page) or a problem in the payer's language.
import { clientAddress } from "@/lib/auth/client-address";
import { findPaymentLinkBySlug } from "@/lib/db/queries/payment-links";
import { publicRoute } from "@/lib/http/public-route";
import { readJsonBody } from "@/lib/http/route-request";
import { problemResponseIn } from "@/lib/http/problem";
import { getChosenLocale } from "@/lib/i18n/locale";
import { msg } from "@/lib/i18n/message";
import { dictionaries } from "@/lib/i18n/messages";
import { chargeThroughLink, type LinkChargeOutcome } from "@/lib/payment-links/charge-through-link";
import { slugPattern } from "@/lib/payment-links/manage-payment-links";
import { paymentLinkSubmissionSchema } from "@/lib/schemas/payment-link";
import { countRequest } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { refuseForeignOriginRequest } from "@/lib/security/request-origin";
import { getRuntime } from "@/lib/server/runtime";
import { walletForStore } from "@/lib/stores/wallet-for-store";

export const dynamic = "force-dynamic";

const noIndex = { "x-robots-tag": "noindex" };
/** A double tap's second request waits this long at most for the first to finish creating the charge. */
const inProgressWaitMs = 6_000;

// Through the public wrapper (request id, error boundary); the origin and the per-address budget are
// checked here, origin first, so a foreign page's post never spends a payer's budget.
export const POST = publicRoute<{ slug: string }>({ name: "payment_link.charge", refusalHeaders: noIndex }, async (request, { params }) => {
  const t = dictionaries[await getChosenLocale("pt-BR")];
  const { slug } = params;
  const { db, config } = await getRuntime();
  const foreign = await refuseForeignOriginRequest(request, "payment_link.charge");
  if (foreign) return foreign;
  const limited = await countRequest(db, [
    { rule: rateLimitRules.paymentLinkSubmitPerAddress, key: clientAddress(request.headers, config.trustedProxyHops) },
  ]);
  if (limited)
    return problemResponseIn(t, 429, msg("errors.rateLimit.address", { seconds: limited.retryAfterSeconds }), {
      headers: { ...noIndex, "retry-after": String(limited.retryAfterSeconds) },
    });
  const link = slugPattern.test(slug) ? await findPaymentLinkBySlug(db, slug) : undefined;
  if (!link) return problemResponseIn(t, 404, msg("errors.paymentLinks.unknown"), { headers: noIndex });
  const body = await readJsonBody(request, paymentLinkSubmissionSchema, 4096);
  if (!body.ok)
    return problemResponseIn(t, body.refusal.status, body.refusal.message, { fieldErrors: body.refusal.fieldErrors, headers: noIndex });

  // The link's store's wallet makes the charge (issue #49), and the charge is that store's.
  const wallet = await walletForStore(db, link.storeId, config);
  const charge = () => chargeThroughLink({ db, config, wallet }, link, body.data);
  let outcome: LinkChargeOutcome = await charge();
  const waitUntil = Date.now() + inProgressWaitMs;
  while (!outcome.ok && outcome.reason === "in_progress" && Date.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    outcome = await charge();
  }
  if (outcome.ok)
    return Response.json(
      { next: `/pay/${outcome.payerDisplayToken}` },
      { status: 201, headers: { ...noIndex, "cache-control": "no-store" } },
    );
  switch (outcome.reason) {
    case "invalid":
      return problemResponseIn(t, 422, msg("errors.api.invalidBody"), { fieldErrors: outcome.fieldErrors, headers: noIndex });
    case "inactive":
      // The merchant's own words when they wrote some (shown as they are), else the standard text.
      return problemResponseIn(t, 409, link.inactiveMessage ?? msg("errors.paymentLinks.inactive"), { headers: noIndex });
    case "ended":
      return problemResponseIn(t, 409, msg("errors.paymentLinks.ended"), { headers: noIndex });
    case "limit_reached":
      return problemResponseIn(t, 409, msg("errors.paymentLinks.limitReached"), { headers: noIndex });
    case "busy":
    case "in_progress":
      return problemResponseIn(t, 503, msg("errors.paymentLinks.busy"), { headers: { ...noIndex, "retry-after": "5" } });
    default:
      return problemResponseIn(t, 502, msg("errors.paymentLinks.failed"), { headers: noIndex });
  }
});
