// Every audit action the dashboard records, with the shape of its details (issue #46). The one list
// `recordAuditEvent` (lib/audit.ts) accepts: an action missing here, or details of another shape,
// is a compile error at the call site. Each field says what it holds, and the personal ones are
// masked when the event is written, by the one masking module (lib/vocabulary/personal-data-masks.ts):
//
// - `freeText`: text someone typed or a wallet wrote (a reason, a message): e-mails, CPFs and phones
//   in it masked;
// - `searchTerm`: what someone searched for: masked whole, a query string is never stored (its
//   filter names and this term are);
// - `subject`: a person's identifier (a data subject's request): its mask, never in full;
// - `code(...)`: a coded value (a reason, a stage, a method): each one has a label in both languages
//   (lib/audit/audit-labels.ts makes a missing one a compile error).
//
// Operators' own e-mails (the `email` of an operator change or a sign-in) are the audit trail's
// "who", kept as they are, like the actor's e-mail column.
import * as z from "@/lib/schemas/zod";
import { maskDocument, maskEmail, maskPersonalDataInText, maskPhone, maskSearchTerm } from "@/lib/vocabulary/personal-data-masks";

const text = z.string();
const id = z.string();
const count = z.number();
const cents = z.number();
const flag = z.boolean();
/** An instant as ISO text ("2026-11-25T14:03:00.000Z"). */
const instant = z.string();
const freeText = z.pipe(z.string(), z.transform(maskPersonalDataInText));
const searchTerm = z.pipe(
  z.nullable(z.string()),
  z.transform((term) => (term ? maskSearchTerm(term) : null)),
);
/** A URL someone gave: its host only (the path of a callback URL holds its token). */
const urlHost = z.pipe(
  z.nullable(z.string()),
  z.transform((url) => (url ? hostOf(url) : null)),
);

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "?";
  }
}
const code = <const Values extends readonly [string, ...string[]]>(...values: Values) => z.enum(values);
/** JSON kept as it is: settings before and after a change (no personal data in them). */
const settings = z.record(z.string(), z.unknown());
const ids = z.array(z.string());

/** A data subject's identifier, stored as its kind and its mask. */
export const subjectKinds = ["document", "email", "phone"] as const;
export function maskedSubject(subject: { kind: (typeof subjectKinds)[number]; value: string }): {
  subjectKind: typeof subject.kind;
  subject: string;
} {
  const masked =
    subject.kind === "document"
      ? maskDocument(subject.value)
      : subject.kind === "email"
        ? maskEmail(subject.value)
        : maskPhone(subject.value);
  return { subjectKind: subject.kind, subject: masked };
}
/** Re-masks on write whatever a caller passes (a mask of a mask is the mask). */
const subjectFields = {
  subjectKind: code(...subjectKinds),
  subject: z.pipe(z.string(), z.transform(maskPersonalDataInText)),
};

export const secondFactorReasons = [
  "code_reused",
  "invalid_two_factor_cookie",
  "too_many_attempts_request_new_code",
  "two_factor_locked_for_address",
  "two_factor_locked",
  "invalid_backup_code",
  "invalid_code",
] as const;

// The refusals every wrapper may record for any action it guards (lib/actions/operator-action.ts,
// lib/http/operator-route.ts, lib/security/request-origin.ts, lib/security/outbound-refusal.ts).
const wrapperRefusals = [
  z.strictObject({ reason: code("role"), role: text }),
  z.strictObject({ reason: code("step_up_required") }),
  // Issue #49: a store the operator's role does not apply to (or that does not exist), by its id
  // (lib/actions/store-choice.ts, and a cash-out request of another store).
  z.strictObject({ reason: code("store"), storeId: z.optional(id) }),
  z.strictObject({ reason: code("origin"), detail: freeText }),
  z.strictObject({
    reason: code("outbound_url"),
    code: text,
    host: z.nullable(text),
    address: z.optional(z.nullable(text)),
    explanation: z.optional(text),
  }),
] as const;

const none = z.strictObject({});

/** Why a store's connection was not saved (lib/stores/manage-stores.ts); the outbound guard's refusal is the wrappers'. */
const storeConnectionRefusals = [
  "unreachable",
  "token_refused",
  "unexpected_answer",
  "unknown",
  "credentials_key_missing",
  "unknown_store",
] as const;

/** An action's details: one of its own shapes, or a wrapper's refusal. */
function details<const Own extends readonly z.core.$ZodType[]>(...own: Own) {
  return z.union([...own, ...wrapperRefusals]);
}

const wrapperOnly = details(none);
const operatorChange = details(z.strictObject({ email: text }));
const apiCall = details(
  z.strictObject({
    apiKey: text,
    prefix: text,
    method: text,
    path: text,
    status: count,
    address: text,
    code: z.optional(text),
  }),
);
const cashOutSummary = {
  amountCents: cents,
  pixKeyType: text,
  externalReference: z.optional(z.nullable(freeText)),
  requestId: z.optional(id),
  line: z.optional(count),
  batch: z.optional(flag),
  requestedByEmail: z.optional(text),
  walletTransactionId: z.optional(id),
  creationState: z.optional(text),
  message: z.optional(freeText),
  walletErrorKind: z.optional(z.nullable(text)),
  httpStatus: z.optional(z.nullable(count)),
  outcomeUnknown: z.optional(flag),
  replayed: z.optional(flag),
  reason: z.optional(code("daily_limit")),
};

/** A payment link's settings as audited (lib/payment-links/manage-payment-links.ts): amounts, limits, the return URL's host only. */
const paymentLinkSettings = {
  amountCents: z.nullable(cents),
  minAmountCents: z.nullable(cents),
  maxAmountCents: z.nullable(cents),
  maxPaidCharges: z.nullable(count),
  endsAt: z.nullable(instant),
  chargeExpiryMinutes: count,
  returnUrlHost: z.nullable(text),
};

export const auditActions = {
  "alerts.updateChannels": details(
    z.strictObject({
      emailEnabled: flag,
      recipients: count,
      webhookEnabled: flag,
      webhookHost: z.nullable(text),
      newSigningSecret: flag,
    }),
  ),
  "alerts.updateRules": details(z.strictObject({ rules: z.array(settings) })),
  "api.cash_outs.create": apiCall,
  "api.cash_outs.read": apiCall,
  "api.charges.create": apiCall,
  "api.charges.read": apiCall,
  "api.events.list": apiCall,
  "api.payment_links.create": apiCall,
  "api.payment_links.list": apiCall,
  "api.payment_links.read": apiCall,
  "api.payment_links.update": apiCall,
  "api.transactions.list": apiCall,
  "api_key.create": details(
    z.strictObject({
      name: text,
      prefix: text,
      scopes: z.array(text),
      expiresAt: z.nullable(instant),
      storeId: z.optional(z.nullable(id)),
    }),
  ),
  "api_key.revoke": details(z.strictObject({ name: text, prefix: text, reason: z.optional(code("already_revoked")) })),
  "approval_policy.update": details(z.strictObject({ before: settings, after: settings })),
  "auth.password_change": details(none, z.strictObject({ reason: code("wrong_current_password") })),
  "auth.sign_in": details(
    z.strictObject({ email: text, address: text, reason: code("too_many_attempts", "too_many_attempts_from_address") }),
    z.strictObject({ email: text, address: text, stage: code("password_ok_code_required", "complete") }),
    z.strictObject({
      stage: code("second_factor"),
      method: code("totp", "backup"),
      address: text,
      reason: z.optional(code(...secondFactorReasons)),
    }),
  ),
  "auth.sign_out": wrapperOnly,
  "auth.sign_out_everywhere": wrapperOnly,
  "auth.step_up": details(
    z.strictObject({
      method: code("password", "totp", "backup"),
      reason: code("too_many_attempts", "invalid_password", ...secondFactorReasons),
    }),
    z.strictObject({ method: code("password", "totp", "backup"), address: text }),
  ),
  "auth.step_up_options": wrapperOnly,
  "auth.totp": details(z.strictObject({ reason: code("code_reused"), address: text, step: count, periodSeconds: count })),
  "auth.two_factor.enrol": details(none, z.strictObject({ reason: code(...secondFactorReasons) })),
  "auth.two_factor.enrol_start": details(z.strictObject({ reason: code("wrong_password") }), z.strictObject({ reenrol: flag })),
  "books.close_day": details(
    z.strictObject({ day: text, netCents: cents, adjustments: count }),
    z.strictObject({ day: text, reason: code("already_closed") }),
  ),
  "books.opening_balance": details(z.strictObject({ balanceCents: cents }), z.strictObject({ reason: code("already_set") })),
  "books.daily_summary_settings": details(z.strictObject({ enabled: flag, sendAt: text, recipients: count })),
  // Which fields changed, never their values: the address is free text (docs/decisions/closing-the-books.md).
  "merchant.identity": details(
    z.strictObject({ legalNameChanged: flag, cnpjChanged: flag, addressChanged: flag, logoChanged: flag }),
    z.strictObject({ reason: code("logo_refused") }),
  ),
  "cash_in.create": details(
    z.strictObject({ walletTransactionId: id, amountCents: cents, externalReference: z.nullable(freeText) }),
    // A failed or unconfirmed creation (lib/transactions/creation-outcome.ts: classifyCreationFailure's audit fields).
    z.strictObject({
      amountCents: cents,
      walletErrorKind: z.nullable(text),
      httpStatus: z.optional(z.nullable(count)),
      outcomeUnknown: flag,
      creationState: z.optional(code("rejected", "outcome_unknown", "created")),
      message: freeText,
    }),
  ),
  "cash_in.quick_charge": wrapperOnly,
  "cash_out.create": details(
    z.strictObject(cashOutSummary),
    z.strictObject({ reason: code("daily_limit"), amountCents: cents, message: freeText }),
  ),
  "cash_out.send": details(z.strictObject(cashOutSummary)),
  "cash_out_request.approve": details(
    z.strictObject({ kind: z.nullable(code("single", "batch")), totalCents: z.nullable(cents), message: z.optional(freeText) }),
  ),
  "cash_out_request.cancel": details(none, z.strictObject({ reason: freeText }), z.strictObject({ message: freeText })),
  "cash_out_request.create": details(
    z.strictObject({
      kind: code("single", "batch"),
      totalCents: cents,
      itemCount: count,
      fileName: z.optional(freeText),
      message: z.optional(freeText),
      replayed: z.optional(flag),
    }),
  ),
  "cash_out_request.expire": details(z.strictObject({ totalCents: cents, requestedByEmail: text })),
  "cash_out_request.reject": details(none, z.strictObject({ reason: freeText }), z.strictObject({ message: freeText })),
  "cash_out_request.events": wrapperOnly,
  "cash_out_request.receipts": wrapperOnly,
  "cash_out_request.results": wrapperOnly,
  "cash_out_request.state": wrapperOnly,
  "cash_out_requests.events": wrapperOnly,
  "cash_out_requests.state": wrapperOnly,
  "counter.create": details(z.strictObject({ name: freeText, storeId: z.optional(id) })),
  "display.pair": details(z.strictObject({ counterId: id })),
  "display.pairing_code": details(z.strictObject({ expiresAt: instant })),
  "display.revoke": details(z.strictObject({ counterId: id })),
  "events.cancelReplay": details(z.strictObject({ replayId: id, canceled: z.union([flag, count]) })),
  "events.createEndpoint": details(z.strictObject({ host: text, eventTypes: z.array(text) })),
  "events.deleteEndpoint": wrapperOnly,
  "events.endpointDisabled": details(z.strictObject({ reason: code("failing"), afterHours: count })),
  "events.planReplay": wrapperOnly,
  "events.replay": details(
    z.strictObject({ replayId: id, kind: code("failures", "range"), queued: count, from: z.optional(instant), to: z.optional(instant) }),
  ),
  "events.replayProgress": wrapperOnly,
  "events.resend": details(z.strictObject({ deliveryId: id })),
  "events.rotateSecret": details(z.strictObject({ overlapHours: count })),
  "events.sendTest": details(z.strictObject({ eventId: id })),
  "events.setEnabled": details(z.strictObject({ enabled: flag })),
  "notifications.markRead": wrapperOnly,
  // Saved views are personal preferences (like the language): only the wrapper's refusals are recorded.
  "saved_view.create": wrapperOnly,
  "saved_view.delete": wrapperOnly,
  "saved_view.list": wrapperOnly,
  "saved_view.rename": wrapperOnly,
  "notifications.unread": wrapperOnly,
  "events.delivery_log": wrapperOnly,
  "operator.change_role": details(z.strictObject({ email: text, from: text, to: text })),
  "operator.create": details(z.strictObject({ email: text, role: text, reason: z.optional(freeText) })),
  "operator.disable": details(z.strictObject({ email: text, reason: z.optional(code("last_admin")) })),
  "operator.enable": operatorChange,
  "operator.reset_password": operatorChange,
  "operator.reset_two_factor": operatorChange,
  "payout_batch.check": wrapperOnly,
  "payout_batch.create": details(
    z.strictObject({
      kind: code("single", "batch"),
      totalCents: cents,
      itemCount: count,
      fileName: z.optional(freeText),
      message: z.optional(freeText),
      replayed: z.optional(flag),
    }),
  ),
  "personal_data.access_export": details(z.strictObject({ ...subjectFields, format: code("json", "csv"), transactions: count })),
  "personal_data.erase": details(
    z.strictObject({
      ...subjectFields,
      reason: freeText,
      reference: z.nullable(freeText),
      erased: count,
      kept: ids,
      payoutRows: count,
      callbackBodies: count,
      quarantined: count,
      auditEvents: count,
      savedViewSearches: z.optional(count),
      keptReason: z.nullable(code("financial_record")),
    }),
  ),
  "personal_data.export_full": details(
    z.strictObject({ export: code("transactions", "payout_results"), role: text, filters: z.array(text), search: searchTerm }),
  ),
  "payment_link.create": details(z.strictObject({ slug: text, ...paymentLinkSettings })),
  "payment_link.update": details(z.strictObject(paymentLinkSettings)),
  "payment_link.activate": wrapperOnly,
  "payment_link.deactivate": wrapperOnly,
  "payment_link.set_active": wrapperOnly,
  "payment_link.poster": wrapperOnly,
  "payment_link.charge": details(
    z.strictObject({ paymentLinkId: id, amountCents: cents }),
    z.strictObject({
      paymentLinkId: id,
      reason: code(
        "inactive",
        "ended",
        "limit_reached",
        "busy",
        "failed",
        "invalid",
        "rejected",
        "outcome_unknown",
        "record_failed",
        "not_admitted",
        "in_progress",
      ),
    }),
  ),
  "personal_data.find": wrapperOnly,
  "personal_data.reveal": details(z.strictObject({ kind: code("CASH_IN", "CASH_OUT"), fields: z.array(z.nullable(text)) })),
  "receipts.download": wrapperOnly,
  "rate_limit.exceeded": details(
    z.strictObject({ rule: text, key: freeText, limit: count, windowSeconds: count, windowStart: instant, count }),
  ),
  "sandbox.change_status": details(
    z.strictObject({
      walletTransactionId: z.nullable(id),
      change: text,
      walletStatus: z.optional(z.nullable(text)),
      walletErrorKind: z.optional(text),
      message: z.optional(freeText),
    }),
  ),
  "sandbox.resend_callback": details(
    z.strictObject({
      walletTransactionId: id,
      newCallbackUrl: urlHost,
      callbackLogId: z.optional(id),
      walletErrorKind: z.optional(text),
      message: z.optional(freeText),
    }),
  ),
  "sandbox.simulate_payment": details(
    z.strictObject({
      walletTransactionId: id,
      walletErrorKind: z.optional(text),
      message: z.optional(freeText),
      walletStatus: z.optional(z.nullable(text)),
    }),
  ),
  // Issue #49. Never the token (nor its last 4) and never the holder's document: its kind only, and
  // the wallet's host (a base URL's path may hold an account id).
  // Issue #49: which stores an operator's role applies to, as store ids (nothing personal).
  "operator.change_stores": details(
    z.strictObject({ scope: code("all", "some"), storeIds: ids, previousScope: code("all", "some"), previousStoreIds: ids }),
    z.strictObject({ reason: code("unknown_store") }),
  ),
  "store_choice.change": wrapperOnly,
  "stores.create": details(
    z.strictObject({ name: freeText, documentKind: code("CPF", "CNPJ"), connection: code("settings_wallet", "own"), host: urlHost }),
    z.strictObject({ reason: code(...storeConnectionRefusals), host: urlHost }),
  ),
  // Which details changed, never their values (the holder's document is personal data).
  "stores.details": details(
    z.strictObject({ nameChanged: flag, documentChanged: flag, payerFacingNameChanged: flag, timeZoneChanged: flag }),
    z.strictObject({ reason: code("unknown_store") }),
  ),
  "stores.connection": details(
    z.strictObject({ host: urlHost }),
    z.strictObject({ reason: code(...storeConnectionRefusals), host: urlHost }),
  ),
  "security_settings.update": details(z.strictObject({ before: settings, after: settings, twoFactorNotRequiredFor: z.array(text) })),
  "setup.first_admin": wrapperOnly,
  "statements.accounting": wrapperOnly,
  "statements.download": wrapperOnly,
  "transaction.settled_by_callback": details(
    z.strictObject({ walletTransactionId: id, status: text, previousCreationState: text, callbackLogId: z.nullable(id) }),
  ),
  "transactions.callbacks": wrapperOnly,
  "overview.health": wrapperOnly,
  "transactions.events": wrapperOnly,
  "transactions.export": wrapperOnly,
  "transactions.find": wrapperOnly,
  "transactions.status": wrapperOnly,
  "transactions.statuses": wrapperOnly,
  "transactions.statuses.events": wrapperOnly,
} as const satisfies Record<string, z.core.$ZodType>;

export type AuditAction = keyof typeof auditActions;

/** What an event may be about (its target), each with a label. */
export const auditTargetTypes = [
  "api_key",
  "approval_policy",
  "cash_out_request",
  "counter",
  "display_device",
  "event_endpoint",
  "operator",
  "payment_link",
  "store",
  "transaction",
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];
/** What a call site passes for an action's details. */
export type AuditDetailsInput<A extends AuditAction> = z.input<(typeof auditActions)[A]>;
/** What is stored (personal fields masked). */
export type AuditDetails<A extends AuditAction> = z.output<(typeof auditActions)[A]>;

export const auditActionNames = Object.keys(auditActions) as AuditAction[];

export function isAuditAction(name: string): name is AuditAction {
  return Object.hasOwn(auditActions, name);
}
