// The label of every code a person reads (#46): one dictionary per kind of code, keyed by the
// code's own union type, naming the message that says it. `satisfies Record<Code, MessageKey>`
// makes a code without a label a compile error, and the dictionaries' type (lib/i18n/messages.ts:
// pt-BR is a Record over the English keys) makes a label without its translation one too. Pages,
// components, the statements (PDF, XLSX), receipts and CSV exports show a code only as
// `t[<dictionary>[code]]`; lib/i18n/untranslated-text.ts finds a raw code that slipped through.
// Audit actions and their detail keys have their own (lib/i18n/audit-log-messages.ts).
import type { MessageKey } from "@/lib/i18n/messages";
import type { AlertChannelKind, AlertDeliveryStatus, AlertRuleKey } from "./alert-kinds";
import type { CashOutRequestState } from "./cash-out-request-states";
import type { DeliveryOutcome } from "./delivery-outcomes";
import type { EventDeliveryStatus, EventType, testEventType } from "./event-types";
import type { OperatorRole } from "./operator-roles";
import type { StatementState } from "./statement";
import { approvalStateVocabulary, callbackOutcomeVocabulary, transactionStatusVocabulary } from "./status-labels";
import type { CreationState, LedgerStatusFilter, TransactionKind, WalletStatus } from "./transaction-statuses";

/** A transaction's kind ("Cobrança", "Envio PIX"). */
export const transactionKindLabels = {
  CASH_IN: "ledger.kind.CASH_IN",
  CASH_OUT: "ledger.kind.CASH_OUT",
} as const satisfies Record<TransactionKind, MessageKey>;

/** A transaction's wallet status, and UNKNOWN for a creation the wallet never confirmed. */
export const transactionStatusLabels = {
  PENDING: transactionStatusVocabulary.PENDING.key,
  SUCCEED: transactionStatusVocabulary.SUCCEED.key,
  CANCELED: transactionStatusVocabulary.CANCELED.key,
  FAILED: transactionStatusVocabulary.FAILED.key,
  UNKNOWN: transactionStatusVocabulary.UNKNOWN.key,
} as const satisfies Record<LedgerStatusFilter, MessageKey>;

/** Where the local record stands with the wallet (before it has a wallet status). */
export const creationStateLabels = {
  creating: "journeys.creation.creating",
  created: "journeys.creation.created",
  rejected: "journeys.creation.rejected",
  outcome_unknown: "journeys.creation.outcome_unknown",
} as const satisfies Record<CreationState, MessageKey>;

/** A transaction's wallet status, or where its creation stands when the wallet gave none yet. */
export const transactionStateLabels = {
  ...creationStateLabels,
  PENDING: transactionStatusLabels.PENDING,
  SUCCEED: transactionStatusLabels.SUCCEED,
  CANCELED: transactionStatusLabels.CANCELED,
  FAILED: transactionStatusLabels.FAILED,
} as const satisfies Record<WalletStatus | CreationState, MessageKey>;

/** How a statement groups a transaction. */
export const statementStateLabels = {
  SETTLED: "statement.state.SETTLED",
  PENDING: "statement.state.PENDING",
  UNKNOWN: "statement.state.UNKNOWN",
  REJECTED: "statement.state.REJECTED",
  FAILED: "statement.state.FAILED",
  CANCELED: "statement.state.CANCELED",
} as const satisfies Record<StatementState, MessageKey>;

/** A transaction's kind as a statement line names it. */
export const statementKindLabels = {
  CASH_IN: "statement.kind.CASH_IN",
  CASH_OUT: "statement.kind.CASH_OUT",
} as const satisfies Record<TransactionKind, MessageKey>;

/** A cash-out request's approval state. */
export const cashOutRequestStateLabels = {
  awaiting_approval: approvalStateVocabulary.awaiting_approval.key,
  approved: approvalStateVocabulary.approved.key,
  rejected: approvalStateVocabulary.rejected.key,
  cancelled: approvalStateVocabulary.cancelled.key,
  expired: approvalStateVocabulary.expired.key,
} as const satisfies Record<CashOutRequestState, MessageKey>;

/** What a received callback did to the ledger. */
export const deliveryOutcomeLabels = {
  applied: callbackOutcomeVocabulary.applied.key,
  duplicate: callbackOutcomeVocabulary.duplicate.key,
  out_of_order: callbackOutcomeVocabulary.out_of_order.key,
  unmatched: callbackOutcomeVocabulary.unmatched.key,
  settled: callbackOutcomeVocabulary.settled.key,
  rejected: callbackOutcomeVocabulary.rejected.key,
} as const satisfies Record<DeliveryOutcome, MessageKey>;

/** An alert rule, as its settings and the notifications name it. */
export const alertRuleLabels = {
  cash_out_unknown: "alertSettings.rule.cash_out_unknown",
  callbacks_silent: "alertSettings.rule.callbacks_silent",
  delivery_rejected: "alertSettings.rule.delivery_rejected",
  cash_out_failed: "alertSettings.rule.cash_out_failed",
  daily_limit_near: "alertSettings.rule.daily_limit_near",
  event_endpoint_disabled: "alertSettings.rule.event_endpoint_disabled",
} as const satisfies Record<AlertRuleKey, MessageKey>;

/** An alert channel. */
export const alertChannelLabels = {
  email: "alertSettings.channel.email",
  webhook: "alertSettings.channel.webhook",
} as const satisfies Record<AlertChannelKind, MessageKey>;

/** An alert's delivery on one channel. */
export const alertDeliveryStatusLabels = {
  pending: "alertSettings.delivery.pending",
  sending: "alertSettings.delivery.sending",
  sent: "alertSettings.delivery.sent",
  failed: "alertSettings.delivery.failed",
} as const satisfies Record<AlertDeliveryStatus, MessageKey>;

/** An event sent to the merchant's systems (its code, charge.paid, is the merchant's contract and is shown beside it as code). */
export const eventTypeLabels = {
  "charge.created": "events.type.charge.created",
  "charge.paid": "events.type.charge.paid",
  "charge.expired": "events.type.charge.expired",
  "charge.canceled": "events.type.charge.canceled",
  "charge.failed": "events.type.charge.failed",
  "cash_out.requested": "events.type.cash_out.requested",
  "cash_out.approved": "events.type.cash_out.approved",
  "cash_out.rejected": "events.type.cash_out.rejected",
  "cash_out.sent": "events.type.cash_out.sent",
  "cash_out.paid": "events.type.cash_out.paid",
  "cash_out.failed": "events.type.cash_out.failed",
  "bulk_batch.completed": "events.type.bulk_batch.completed",
  "alert.fired": "events.type.alert.fired",
  "payment_link.created": "events.type.payment_link.created",
  "payment_link.updated": "events.type.payment_link.updated",
  "payment_link.deactivated": "events.type.payment_link.deactivated",
  "endpoint.test": "events.type.endpoint.test",
} as const satisfies Record<EventType | typeof testEventType, MessageKey>;

/** An event delivery's state. */
export const eventDeliveryStatusLabels = {
  pending: "events.delivery.pending",
  sending: "events.delivery.sending",
  delivered: "events.delivery.delivered",
  failed: "events.delivery.failed",
  canceled: "events.delivery.canceled",
} as const satisfies Record<EventDeliveryStatus, MessageKey>;

/** An operator's role. */
export const operatorRoleLabels = {
  admin: "role.admin",
  finance: "role.finance",
  qa: "role.qa",
  viewer: "role.viewer",
} as const satisfies Record<OperatorRole, MessageKey>;

/** The status of one of the wallet's own callback logs (spec 2.4): only SUCCESS is documented; another is shown as it came, as code. */
export const walletCallbackLogStatusLabels = {
  SUCCESS: "callbackLog.delivery.SUCCESS",
} as const satisfies Record<"SUCCESS", MessageKey>;

/** Whether the wallet's callback log status is one the dictionary names. */
export function isLabelledWalletCallbackLogStatus(status: string): status is keyof typeof walletCallbackLogStatusLabels {
  return Object.hasOwn(walletCallbackLogStatusLabels, status);
}

/** Every code dictionary, for the test that reads each label in both languages. */
export const codeLabelDictionaries = {
  transactionKindLabels,
  transactionStatusLabels,
  creationStateLabels,
  transactionStateLabels,
  statementStateLabels,
  statementKindLabels,
  cashOutRequestStateLabels,
  deliveryOutcomeLabels,
  alertRuleLabels,
  alertChannelLabels,
  alertDeliveryStatusLabels,
  eventTypeLabels,
  eventDeliveryStatusLabels,
  operatorRoleLabels,
  walletCallbackLogStatusLabels,
} as const;

/** Whether a stored event type (a text column) is one the dictionary names. */
export function isLabelledEventType(type: string): type is keyof typeof eventTypeLabels {
  return Object.hasOwn(eventTypeLabels, type);
}
