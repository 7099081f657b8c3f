// The messages each client component is sent. A client component's props travel in the page's
// payload, so a component given the whole dictionary (1,129 messages, about 70 KB) made every page
// with a form carry all of it: the sign-in page was 84 KB of HTML for two fields. Each client
// component is listed here with the messages it shows; the server passes `clientMessages(t,
// "signInForm")`, and the component's props type (`ClientMessages<"signInForm">`) lets it read those
// only. A message missing from a list fails type-checking instead of showing a blank, and the whole
// dictionary is refused where a component expects its list (the type carries a brand that only
// clientMessages gives).
//
// An action's failure arrives with its text in the operator's language (lib/actions/shown-failure.ts):
// a component shows it without any `errors.*` message. A form that validates in the browser
// (zodResolver) is sent the messages its schema can produce (`schemaErrors`, generated into
// lib/i18n/schema-error-keys.ts; lib/i18n/schema-error-keys.test.ts checks each form has its schema's).
import { dictionaries, type MessageKey, type Messages } from "@/lib/i18n/messages";
import { schemaMessageKeys } from "@/lib/i18n/schema-error-keys";

declare const listed: unique symbol;

/** The messages named by `Key`, as clientMessages returns them. */
export type MessagesFor<Key extends MessageKey> = Pick<Messages, Key> & { readonly [listed]: true };

const allKeys = Object.keys(dictionaries.en) as MessageKey[];

/** Every message whose key starts with `prefix`, for keys built at run time (`status.${status}`). */
function startingWith<Prefix extends string>(prefix: Prefix): Array<Extract<MessageKey, `${Prefix}${string}`>> {
  return allKeys.filter((key): key is Extract<MessageKey, `${Prefix}${string}`> => key.startsWith(prefix));
}

// A startingWith call is spread into a new list wherever a type is expected of it: given its result
// directly, TypeScript checked it against that type for a minute (72 of tsc's 93 s of checking went
// to this file; spread, about a second).
/** The `errors.*` messages the schema module can produce in the browser (lib/i18n/schema-error-keys.ts). */
const schemaErrors = <Module extends keyof typeof schemaMessageKeys>(module: Module) => [...schemaMessageKeys[module]];
const statuses = startingWith("status.");
const roles = startingWith("role.");

/** The store choice of a money form (components/stores/store-choice-field.tsx). */
const storeChoiceField = ["stores.chooseStore", "stores.chooseStoreHint"] as const;

/** A live list's page links (components/ui/keyset-pagination.tsx). */
const keysetPageLinks = ["table.pages", "table.first", "table.previous", "table.next"] as const;

/** The step-up dialog (components/auth/step-up-dialog.tsx), in every form whose action asks for it; it shows the action's errors. */
const stepUpDialog = [
  "stepUp.title",
  "stepUp.intro",
  "stepUp.codeLabel",
  "stepUp.backupLabel",
  "stepUp.passwordLabel",
  "stepUp.useBackup",
  "stepUp.useApp",
  "stepUp.submit",
  "stepUp.cancel",
] as const;

const pixKeyFields = ["cashOut.form.key", "cashOut.form.keyHintNoType", "cashOut.form.keyNoType", "cashOut.form.keyType"] as const;

const metadataRowsField = [
  "cashOut.form.addMetadata",
  "cashOut.form.metadata",
  "cashOut.form.metadataKey",
  "cashOut.form.metadataValue",
  "cashOut.form.removeMetadata",
] as const;

const cashOutReview = [
  "stores.chooseStore",
  "cashOut.review.amount",
  "cashOut.review.amountInWords",
  "cashOut.review.back",
  "cashOut.review.confirm",
  "cashOut.review.externalReference",
  "cashOut.review.intro",
  "cashOut.review.key",
  "cashOut.review.keyType",
  "cashOut.review.metadata",
  "cashOut.review.newCashOut",
  "cashOut.review.none",
  "cashOut.review.sending",
  "cashOut.review.spent",
  "cashOut.review.statusUpdates",
  "cashOut.review.statusUpdatesValue",
  "cashOut.review.title",
  "journeys.review.fee",
  "journeys.review.feeUnknown",
  "journeys.review.total",
  "journeys.review.totalValue",
] as const;

const liveStatus = [...statuses] as const;

const cashInActions = [
  "cashIn.result.copyFailed",
  "cashIn.result.copyPayerLink",
  "cashIn.result.openPayerDisplay",
  "cashIn.result.payerLinkCopied",
  "cashIn.result.simulatePayment",
  "journeys.simulate.alreadyFinal",
  "journeys.simulate.paid",
  "journeys.simulate.failed",
  "journeys.simulate.notAtWallet",
  ...statuses,
] as const;

const sandboxStatusControls = [...startingWith("journeys.controls."), ...statuses] as const;

/** A new charge's result (components/cash-in/cash-in-result.tsx): on its page, and in the cash-in form once created. */
const cashInResult = [
  "cashIn.result.amount",
  "cashIn.result.copied",
  "cashIn.result.copy",
  "cashIn.result.copyFailed",
  "cashIn.result.copyPaste",
  "cashIn.result.expired",
  "cashIn.result.expiresAt",
  "cashIn.result.newCharge",
  "cashIn.result.outcomeUnknown",
  "cashIn.result.payer",
  "cashIn.result.qrAlt",
  "cashIn.result.status",
  "cashIn.result.timeLeft",
  "cashIn.result.title",
  "cashIn.result.untracked",
  "journeys.charge.description",
  "journeys.charge.document",
  "journeys.charge.externalReference",
  "journeys.charge.none",
  "journeys.charge.openDetail",
  "journeys.charge.phone",
  ...startingWith("journeys.charge.closed."),
  ...startingWith("journeys.charge.finalAt."),
  ...liveStatus,
  ...cashInActions,
  ...sandboxStatusControls,
] as const;

/** Each client component that shows messages, and the messages it is sent. */
const clientMessageKeys = {
  /** Settings → Events (components/events/): the endpoint form, controls, replay and resend. */
  eventsUi: [
    ...startingWith("events."),
    "ui.copied",
    "ui.copyFailed",
    "table.sortColumn",
    "table.order",
    ...keysetPageLinks,
    ...stepUpDialog,
  ],
  alertChannelsForm: [
    "alertSettings.channel.email",
    "alertSettings.channel.webhook",
    "alertSettings.channels.emailEnabled",
    "alertSettings.channels.emailTo",
    "alertSettings.channels.newSecret",
    "alertSettings.channels.noSecret",
    "alertSettings.channels.rotate",
    "alertSettings.channels.save",
    "alertSettings.channels.saved",
    "alertSettings.channels.secret",
    "alertSettings.channels.smtpConfigured",
    "alertSettings.channels.smtpMissing",
    "alertSettings.channels.webhookEnabled",
    "alertSettings.channels.webhookUrl",
    ...stepUpDialog,
  ],
  alertRulesForm: [
    "alertSettings.rules.enabled",
    "alertSettings.rules.limitsNotConfigured",
    "alertSettings.rules.minutes",
    "alertSettings.rules.noThreshold",
    "alertSettings.rules.percent",
    "alertSettings.rules.save",
    "alertSettings.rules.saved",
    ...startingWith("alertSettings.rule."),
    ...stepUpDialog,
  ],
  approvalPolicyForm: [
    "cashOut.review.unreachable",
    "policy.lifetime",
    "policy.limitHint",
    "policy.merchantLimit",
    "policy.operatorLimit",
    "policy.storeLimit",
    "policy.storeLimits",
    "policy.storeLimitsHint",
    "policy.storeThreshold",
    "policy.save",
    "policy.saved",
    "policy.saving",
    "policy.threshold",
    "policy.thresholdHint",
    ...stepUpDialog,
  ],
  payoutUpload: [
    ...storeChoiceField,
    "bulk.check",
    "bulk.checking",
    "bulk.file",
    "bulk.noFile",
    "bulk.problem.field",
    "bulk.problem.line",
    "bulk.problem.message",
    "bulk.problemsTitle",
    "bulk.review.byType",
    "bulk.review.count",
    "bulk.review.duplicateLines",
    "bulk.review.duplicates",
    "bulk.review.noDuplicates",
    "bulk.review.submit",
    "bulk.review.submitting",
    "bulk.review.title",
    "bulk.review.total",
    "cashOut.review.unreachable",
  ],
  requestDecision: [
    "approvals.cancelConfirm.body",
    "approvals.cancelConfirm.confirm",
    "approvals.cancelConfirm.keep",
    "approvals.cancelConfirm.title",
    "approvals.decide.approve",
    "approvals.decide.approving",
    "approvals.decide.cancel",
    "approvals.decide.reason",
    "approvals.decide.reject",
    "approvals.decide.stepUpNote",
    "approvals.decide.title",
    "approvals.detail.ownRequest",
    "cashOut.review.unreachable",
    ...stepUpDialog,
  ],
  /** The daily summary's settings on the Statements page (components/statements/daily-summary-form.tsx). */
  dailySummaryForm: [
    "dailySummary.enabled",
    "dailySummary.heading",
    "dailySummary.intro",
    "dailySummary.recipients",
    "dailySummary.save",
    "dailySummary.saved",
    "dailySummary.sendAt",
    // Said when the action cannot be reached (no answer to carry its own text).
    "errors.action.failed",
  ],
  /** A request's page, the parts that follow its live state (components/approvals/live-request.tsx). */
  liveRequest: [
    ...startingWith("approvals.state."),
    ...startingWith("approvals.rows.result."),
    "approvals.detail.decidedBy",
    "approvals.detail.reason",
    "approvals.detail.sentCashOut",
    "approvals.progress.label",
    "approvals.progress.text",
    "approvals.results.download",
    "receipt.batchZip",
  ],
  /** The Overview's delivery health, live (components/overview/delivery-health.tsx). */
  deliveryHealth: [...startingWith("health.")],
  /** A failed cash-out's notice, live (components/cash-out/live-cash-out-failure.tsx). */
  cashOutFailure: ["journeys.cashOut.failedTitle", "journeys.cashOut.reason", "journeys.cashOut.noReason"],
  /** A transaction's callback timeline, live (components/callbacks/live-callback-timeline.tsx). */
  callbackTimeline: [...startingWith("timeline."), ...startingWith("outcome."), ...statuses],
  /** The Approvals list's two tables, live (components/approvals/live-request-list.tsx). */
  liveRequestList: [
    ...startingWith("approvals.state."),
    ...startingWith("approvals.col."),
    "approvals.awaiting",
    "approvals.recent",
    ...startingWith("approvals.sort."),
    "approvals.empty",
    "approvals.emptyDecided",
    "approvals.emptyHint",
    "approvals.awaitingCaption",
    "approvals.sortApply",
    "table.sortColumn",
    "table.order",
    ...keysetPageLinks,
    "approvals.single",
    "approvals.batch",
    "approvals.open",
  ],
  changePasswordForm: [
    "account.changePassword",
    "account.confirmPassword",
    "account.currentPassword",
    "account.newPassword",
    "account.password",
    "account.passwordChanged",
    ...stepUpDialog,
    ...schemaErrors("lib/schemas/account-security"),
  ],
  securitySettingsForm: [
    "securitySettings.absolute",
    "securitySettings.idle",
    "securitySettings.requiredRoles",
    "securitySettings.requiredRolesHint",
    "securitySettings.save",
    "securitySettings.saved",
    "securitySettings.title",
    ...roles,
    ...stepUpDialog,
  ],
  setupForm: [
    "setup.confirmPassword",
    "setup.email",
    "setup.name",
    "setup.password",
    "setup.submit",
    ...schemaErrors("lib/schemas/operator"),
  ],
  signInForm: [
    "signIn.code.backupLabel",
    "signIn.code.intro",
    "signIn.code.label",
    "signIn.code.startOver",
    "signIn.code.submit",
    "signIn.code.title",
    "signIn.code.useApp",
    "signIn.code.useBackup",
    "signIn.email",
    "signIn.password",
    "signIn.submit",
    "signIn.submitting",
  ],
  twoFactorEnrolment: [
    "enrol.backupIntro",
    "enrol.backupTitle",
    "enrol.copyBackupCodes",
    "ui.copied",
    "ui.copyFailed",
    "enrol.codeLabel",
    "enrol.confirm",
    "enrol.done",
    "enrol.manualKey",
    "enrol.password",
    "enrol.qrAlt",
    "enrol.restart",
    "enrol.restartWarning",
    "enrol.scan",
    "enrol.start",
    "enrol.title",
    ...stepUpDialog,
  ],
  resendCallbackForm: [
    "journeys.resend.doneNewUrl",
    "journeys.resend.doneOwnUrl",
    "journeys.resend.logId",
    "journeys.resend.logNotYet",
    "journeys.resend.logUnknown",
    "journeys.resend.openLog",
    "resend.newUrl",
    "resend.newUrlHint",
    "resend.submit",
    "resend.title",
    "resend.walletId",
    "resend.walletIdHint",
    ...schemaErrors("lib/schemas/resend-callback"),
  ],
  cashInActions,
  cashInResult,
  cashInForm: [
    ...storeChoiceField,
    "cashIn.form.addMetadata",
    "cashIn.form.advanced",
    "cashIn.form.amount",
    "cashIn.form.amountHint",
    "cashIn.form.callbackUrl",
    "cashIn.form.callbackWarning",
    "cashIn.form.customExpiry",
    "cashIn.form.description",
    "cashIn.form.expiry",
    "cashIn.form.expiryCustom",
    "cashIn.form.externalReference",
    "cashIn.form.metadata",
    "cashIn.form.metadataKey",
    "cashIn.form.metadataValue",
    "cashIn.form.nightLimitHint",
    "cashIn.form.payer",
    "cashIn.form.payerDocument",
    "cashIn.form.payerEmail",
    "cashIn.form.payerName",
    "cashIn.form.payerPhone",
    "cashIn.form.payerPhoneHint",
    "cashIn.form.removeMetadata",
    "cashIn.form.showOnCounter",
    "cashIn.form.showOnCounterNone",
    "cashIn.form.submit",
    "cashIn.form.submitting",
    "cashIn.title",
    "form.characterCount",
    "form.pluralLocale",
    ...startingWith("cashIn.form.minutes."),
    ...startingWith("cashIn.form.hours."),
    ...cashInResult,
    ...schemaErrors("lib/schemas/cash-in"),
  ],
  cashOutForm: [
    ...storeChoiceField,
    "cashOut.form.amount",
    "cashOut.form.amountHint",
    "cashOut.form.callbackNote",
    "cashOut.form.errorSummary",
    "cashOut.form.externalReference",
    "cashOut.form.label",
    "cashOut.form.review",
    "cashOut.review.unreachable",
    ...pixKeyFields,
    ...metadataRowsField,
    ...cashOutReview,
    ...stepUpDialog,
    ...schemaErrors("lib/schemas/cash-out"),
  ],
  /** The Statements page's opening balance (components/statements/opening-balance-form.tsx). */
  openingBalanceForm: [
    "statements.openingBalance.heading",
    "statements.openingBalance.intro",
    "statements.openingBalance.amount",
    "statements.openingBalance.save",
    "statements.openingBalance.saved",
    ...schemaErrors("lib/schemas/opening-balance"),
  ],
  /** The merchant identity settings (components/merchant-identity/merchant-identity-form.tsx). */
  merchantIdentityForm: [
    "merchant.legalName",
    "merchant.cnpj",
    "merchant.cnpjHint",
    "merchant.address",
    "merchant.logo",
    "merchant.logoHint",
    "merchant.logoCurrent",
    "merchant.logoChosen",
    "merchant.removeLogo",
    "merchant.save",
    "merchant.saving",
    "merchant.saved",
    ...schemaErrors("lib/schemas/merchant-identity"),
    // The logo is checked in the browser before it is read (size and type).
    "errors.merchant.logoTooLarge",
    "errors.merchant.logoType",
  ],
  /** The stores page's two forms (components/stores/create-store-form.tsx, store-connection-form.tsx). */
  storeForms: [
    "stores.name",
    "stores.payerFacingName",
    "stores.holderDocument",
    "stores.holderDocumentHint",
    "stores.timeZone",
    "stores.baseUrl",
    "stores.baseUrlHint",
    "stores.token",
    "stores.tokenHint",
    "stores.create",
    "stores.creating",
    "stores.created",
    "stores.saveConnection",
    "stores.savingConnection",
    "stores.connectionSaved",
    "stores.saveDetails",
    "stores.savingDetails",
    "stores.detailsSaved",
    ...stepUpDialog,
    ...schemaErrors("lib/schemas/stores"),
  ],
  /** The Statements page's "Close this day" (components/statements/close-day-button.tsx). */
  closeDayButton: [
    "statements.closeDay",
    "statements.closeDayHint",
    "statements.closeDayNotOver",
    "statements.closing",
    "statements.closed",
  ],
  counterForm: [
    ...storeChoiceField,
    "counters.added",
    "counters.defaultPayer",
    "counters.defaultPayerHint",
    "counters.name",
    "counters.payerDocument",
    "counters.payerEmail",
    "counters.payerName",
    "counters.submit",
    ...schemaErrors("lib/schemas/counter"),
  ],
  paymentLinkForm: [
    ...storeChoiceField,
    "paymentLinks.form.name",
    "paymentLinks.form.nameHint",
    "paymentLinks.form.description",
    "paymentLinks.form.amountMode",
    "paymentLinks.form.amountFixed",
    "paymentLinks.form.amountPayer",
    "paymentLinks.form.amount",
    "paymentLinks.form.minAmount",
    "paymentLinks.form.maxAmount",
    "paymentLinks.form.maxPaidCharges",
    "paymentLinks.form.endsOn",
    "paymentLinks.form.expiry",
    "paymentLinks.form.expiryMinutes",
    "paymentLinks.form.returnUrl",
    "paymentLinks.form.inactiveMessage",
    "paymentLinks.form.create",
    "paymentLinks.form.save",
    "paymentLinks.form.saving",
    "paymentLinks.form.created",
    "paymentLinks.form.saved",
    ...schemaErrors("lib/schemas/payment-link"),
  ],
  paymentLinkActiveButton: [
    "paymentLinks.detail.activate",
    "paymentLinks.detail.deactivate",
    "paymentLinks.detail.activated",
    "paymentLinks.detail.deactivated",
    ...stepUpDialog,
  ],
  pairingCodeButton: ["counters.pair", "counters.pairCode", "counters.pairInstructions", ...stepUpDialog],
  quickChargeForm: [
    "cashIn.form.amount",
    "cashIn.form.amountHint",
    "quickCharge.counter",
    "quickCharge.submit",
    "quickCharge.submitting",
    "quickCharge.title",
    ...schemaErrors("lib/schemas/quick-charge"),
  ],
  addOperatorForm: [
    "operators.created",
    "operators.email",
    "operators.name",
    "operators.password",
    "operators.role",
    "operators.submit",
    ...roles,
    ...stepUpDialog,
    ...schemaErrors("lib/schemas/operator"),
  ],
  operatorAccountActions: [
    "operators.disable",
    "operators.disableConfirm.body",
    "operators.disableConfirm.confirm",
    "operators.disableConfirm.title",
    "operators.disabledDone",
    "operators.enable",
    "operators.enabledDone",
    "operators.resetPassword",
    "operators.resetPasswordDone",
    "operators.resetTwoFactor",
    "operators.resetTwoFactorDone",
    "operators.temporaryPassword",
    "ui.cancel",
    ...stepUpDialog,
  ],
  apiKeysManager: [
    "apiKeys.name",
    "apiKeys.scopes",
    "apiKeys.store",
    "apiKeys.storeAll",
    "apiKeys.storeHint",
    "apiKeys.expiresOn",
    "apiKeys.submit",
    "apiKeys.created",
    "apiKeys.secretOnce",
    "apiKeys.copySecret",
    "ui.copied",
    "ui.copyFailed",
    "apiKeys.prefix",
    "apiKeys.revoke",
    "apiKeys.revokedDone",
    ...startingWith("apiKeys.scope."),
    ...stepUpDialog,
  ],
  roleSelect: ["operators.changeRole", "operators.roleSaved", "operators.saveRole", ...roles, ...stepUpDialog],
  storeGrantsControl: [
    "operators.storesAll",
    "operators.storesSome",
    "operators.storesLegend",
    "operators.saveStores",
    "operators.storesSaved",
    ...stepUpDialog,
  ],
  sandboxStatusControls,
  liveStatus,
  stepUpDialog,
  pixKeyFields,
  metadataRowsField,
  cashOutReview,
  personalDataReveal: ["personalData.show", "personalData.shown"],
  personRequestsPanel: [
    "personalData.search.label",
    "personalData.search.submit",
    "personalData.found",
    "personalData.none",
    "personalData.exportJson",
    "personalData.exportCsv",
    "personalData.erase.title",
    "personalData.erase.reason",
    "personalData.erase.reference",
    "personalData.erase.submit",
    "personalData.erase.done",
    "personalData.erase.refused",
    // A record's kind and state (lib/vocabulary/code-labels.ts: transactionKindLabels, transactionStateLabels).
    ...startingWith("ledger.kind."),
    ...statuses,
    ...startingWith("journeys.creation."),
    ...stepUpDialog,
  ],
  dateRangePicker: [...startingWith("dateRange.")],
  ledgerViews: [...startingWith("views."), ...startingWith("columns.")],
  columnsMenu: [...startingWith("columns.")],
  commandPalette: [...startingWith("palette."), ...startingWith("ledger.kind."), ...statuses, "ui.close"],
} as const satisfies Record<string, readonly MessageKey[]>;

export type ClientComponentName = keyof typeof clientMessageKeys;

/** What the named client component is sent of the dictionary. */
export type ClientMessages<Name extends ClientComponentName> = MessagesFor<(typeof clientMessageKeys)[Name][number]>;

/**
 * Picks made so far, by dictionary and names. The same object every time: React sends an object
 * its payload already holds as a reference, so a component repeated on a page (a role selector on
 * each operator's row) carries its messages once.
 */
const picks = new WeakMap<Messages, Map<string, object>>();

/**
 * The messages the named client components show, and nothing else, in the reader's language. A
 * page with several client components names them all and passes the one object to each: the error
 * messages they share then travel once.
 */
export function clientMessages<Names extends ClientComponentName[]>(t: Messages, ...names: Names): ClientMessages<Names[number]> {
  const cached = picks.get(t) ?? new Map<string, object>();
  picks.set(t, cached);
  const id = names.join(" ");
  let picked = cached.get(id);
  if (!picked) {
    picked = pickMessages(
      t,
      names.flatMap((name): readonly MessageKey[] => clientMessageKeys[name]),
    );
    cached.set(id, picked);
  }
  return picked as ClientMessages<Names[number]>;
}

/** The named messages only, for a client component's props. */
export function pickMessages<Key extends MessageKey>(t: Messages, keys: readonly Key[]): MessagesFor<Key> {
  const picked: Partial<Record<Key, string>> = {};
  for (const key of keys) picked[key] = t[key];
  return picked as MessagesFor<Key>;
}
