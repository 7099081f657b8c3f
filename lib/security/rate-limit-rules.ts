// Every limit on an endpoint anyone can call, in one place: how many counted events a bucket (an
// address, an account, or everyone) may have in one fixed window. The limiter itself is
// lib/security/rate-limit.ts. Some rules count every request; those named "failures" or "refused"
// count only refused attempts, so a genuine caller's successes never use them up.
// Windows are fixed (aligned to the epoch), so a burst straddling a window's end can reach twice a
// limit; failure limits are checked before the attempt and counted after it, so attempts already
// in flight when a limit is reached still finish. Both are bounded and were chosen over a second
// query per request.

export type RateLimitRule = {
  /** Stored in the bucket key and in the audit row: keep it stable. */
  name: string;
  /** At most this many counted events per window; the next is refused until the window ends. */
  limit: number;
  windowMs: number;
};

const minute = 60_000;

export const rateLimitRules = {
  /**
   * Pairing a counter display, per address. A shop pairs a few tablets, perhaps behind one NAT, each
   * with a typo or two: 20 tries in 10 minutes covers that; a guesser from one address gets 2 a minute.
   */
  displayPairPerAddress: { name: "display_pair.address", limit: 20, windowMs: 10 * minute },
  /**
   * Pairing a counter display, per network (an IPv4 /24, an IPv6 /64: lib/security/address-prefix.ts),
   * so a caller with a block of addresses gets three addresses' worth, not one per address. There is
   * no limit for everyone together: a stranger flooding wrong codes would pause every till's pairing.
   * Guessing is hopeless without one because the code space is large (30^12 ≈ 5.3e17): even 2,000
   * tries a second for 10 minutes (1.2e6, past what the server answers) against 20 live codes is a
   * 4.5e-11 chance per window (about 2e-6 a year); the arithmetic is in docs/decisions/displays.md.
   */
  displayPairPerNetwork: { name: "display_pair.network", limit: 60, windowMs: 10 * minute },
  /**
   * Wrong second-factor codes at sign-in, per address: the same budget as wrong passwords per
   * address (lib/auth/sign-in-limiter.ts, 10 in 15 minutes), so an office of operators typing
   * codes is never refused for the others' typos alone.
   */
  signInCodeFailuresPerAddress: { name: "sign_in_code.address", limit: 10, windowMs: 15 * minute },
  /**
   * Creating the first admin, per address: it happens once, perhaps after a few validation
   * errors; afterwards the action refuses anyway, but each try still costs a query.
   */
  setupPerAddress: { name: "setup.address", limit: 10, windowMs: 15 * minute },
  /**
   * The payer pages and their status and event streams together, per address. One payer: a page
   * load, a stream (reconnecting every few seconds when the network drops) and, while the stream
   * is down, a status poll every second: at worst about 80 requests a minute. Phones share
   * addresses behind carrier NAT, so 600 a minute leaves room for several payers at that worst
   * case and dozens normally, while bounding one address to 10 requests a second.
   */
  payerPerAddress: { name: "payer.address", limit: 600, windowMs: minute },
  /**
   * Callback deliveries refused for an unknown or forged token, per address. The wallet's genuine
   * deliveries carry valid tokens and are never counted or limited; 30 refusals a minute leaves
   * room for a wallet still retrying deliveries signed before a secret rotation.
   */
  callbackRefusedPerAddress: { name: "callback_refused.address", limit: 30, windowMs: minute },
  /**
   * Sign-ins refused by the password limiter (lib/auth/sign-in-limiter.ts), per address: not a
   * limit on the caller (the sign-in limiter already refuses them) but on the audit log. The first
   * refusal in a window is audited in full; the limiter then writes its one "exceeded" row, and an
   * address that keeps trying while locked out adds nothing more.
   */
  signInRefusalsAuditedPerAddress: { name: "sign_in_refused.address", limit: 1, windowMs: 15 * minute },
  /**
   * Calls to the merchant API (/api/v1), per API key. An ERP creating a charge per order and a
   * store polling a few charges' status stay far below 300 a minute (5 a second); a runaway loop
   * is stopped within a minute without starving the dashboard's own database. Answers carry the
   * RateLimit header fields, so a client can slow down before it is refused.
   */
  apiPerKey: { name: "api.key", limit: 300, windowMs: minute },
  /**
   * Calls to the merchant API refused for a missing, unknown, revoked or expired key, per address:
   * a client misconfigured once retries a few times; a guesser (keys have 256 random bits, so
   * guessing is hopeless anyway) is stopped after 30 a minute, and the audit log gets one row.
   */
  apiUnauthorizedPerAddress: { name: "api_unauthorized.address", limit: 30, windowMs: minute },
  /**
   * The public receipt verification (page and JSON), per address. A supplier checks a receipt or a
   * few, an accounting office perhaps a batch: 120 in 10 minutes covers that behind one NAT. Codes
   * carry a 128-bit HMAC, so this does not stop guessing (hopeless anyway) but bounds the database
   * reads one address can cause.
   */
  /**
   * Submissions of a payment link's form (each may create a wallet charge), per address. A payer
   * submits once, perhaps again after a typo; a family or an office behind one NAT paying the same
   * link stays far below 20 in 10 minutes. Each link also caps its charges still pending
   * (lib/payment-links/charge-through-link.ts), which bounds what many addresses can create.
   */
  paymentLinkSubmitPerAddress: { name: "payment_link_submit.address", limit: 20, windowMs: 10 * minute },
  receiptVerifyPerAddress: { name: "receipt_verify.address", limit: 120, windowMs: 10 * minute },
} as const satisfies Record<string, RateLimitRule>;
