// The dictionaries: every feature's file in lib/i18n/ (English and Brazilian Portuguese), merged.
// New strings go in their feature's file; a new feature file is added to the imports and to both
// merges below (and to ErrorMessageKey in error-messages.ts when it has errors.* keys).
import { accountSecurityMessages } from "./account-security-messages";
import { apiMessages } from "./api-messages";
import { approvalMessages } from "./approval-messages";
import { auditLogMessages } from "./audit-log-messages";
import { booksMessages } from "./books-messages";
import { callbackBindingMessages } from "./callback-binding-messages";
import { callbackMessages } from "./callback-messages";
import { cashInMessages } from "./cash-in-messages";
import { cashOutMessages } from "./cash-out-messages";
import { commonMessages } from "./common-messages";
import { counterMessages } from "./counter-messages";
import { errorMessages } from "./error-messages";
import { eventMessages } from "./event-messages";
import { formFieldMessages } from "./form-field-messages";
import { ledgerMessages } from "./ledger-messages";
import { merchantIdentityMessages } from "./merchant-identity-messages";
import { storeMessages } from "./store-messages";
import { storeScopeMessages } from "./store-scope-messages";
import { overviewAlertsMessages } from "./overview-alerts-messages";
import { payerPageMessages } from "./payer-page-messages";
import { customerMessages } from "./customer-messages";
import { paymentLinkMessages } from "./payment-link-messages";
import { personalDataMessages } from "./personal-data-messages";
import { rateLimitMessages } from "./rate-limit-messages";
import { sandboxMessages } from "./sandbox-messages";
import { securitySettingsMessages } from "./security-settings-messages";
import { shellMessages } from "./shell-messages";
import { tableMessages } from "./table-messages";
import { tableKeysMessages } from "./table-keys-messages";

export const locales = ["en", "pt-BR"] as const;
export type Locale = (typeof locales)[number];

const en = {
  ...accountSecurityMessages.en,
  ...apiMessages.en,
  ...approvalMessages.en,
  ...auditLogMessages.en,
  ...booksMessages.en,
  ...callbackBindingMessages.en,
  ...callbackMessages.en,
  ...cashInMessages.en,
  ...cashOutMessages.en,
  ...commonMessages.en,
  ...counterMessages.en,
  ...customerMessages.en,
  ...errorMessages.en,
  ...eventMessages.en,
  ...formFieldMessages.en,
  ...ledgerMessages.en,
  ...merchantIdentityMessages.en,
  ...storeMessages.en,
  ...storeScopeMessages.en,
  ...overviewAlertsMessages.en,
  ...payerPageMessages.en,
  ...paymentLinkMessages.en,
  ...personalDataMessages.en,
  ...rateLimitMessages.en,
  ...sandboxMessages.en,
  ...securitySettingsMessages.en,
  ...shellMessages.en,
  ...tableMessages.en,
  ...tableKeysMessages.en,
};
export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

const ptBR: Messages = {
  ...accountSecurityMessages["pt-BR"],
  ...apiMessages["pt-BR"],
  ...approvalMessages["pt-BR"],
  ...auditLogMessages["pt-BR"],
  ...booksMessages["pt-BR"],
  ...callbackBindingMessages["pt-BR"],
  ...callbackMessages["pt-BR"],
  ...cashInMessages["pt-BR"],
  ...cashOutMessages["pt-BR"],
  ...commonMessages["pt-BR"],
  ...counterMessages["pt-BR"],
  ...customerMessages["pt-BR"],
  ...errorMessages["pt-BR"],
  ...eventMessages["pt-BR"],
  ...formFieldMessages["pt-BR"],
  ...ledgerMessages["pt-BR"],
  ...merchantIdentityMessages["pt-BR"],
  ...storeMessages["pt-BR"],
  ...storeScopeMessages["pt-BR"],
  ...overviewAlertsMessages["pt-BR"],
  ...payerPageMessages["pt-BR"],
  ...paymentLinkMessages["pt-BR"],
  ...personalDataMessages["pt-BR"],
  ...rateLimitMessages["pt-BR"],
  ...sandboxMessages["pt-BR"],
  ...securitySettingsMessages["pt-BR"],
  ...shellMessages["pt-BR"],
  ...tableMessages["pt-BR"],
  ...tableKeysMessages["pt-BR"],
};

export const dictionaries: Record<Locale, Messages> = { en, "pt-BR": ptBR };

/** The audit actions with a readable name, whichever feature's file names them (the audit log's filter lists these). */
export const auditActionsWithNames = Object.keys(en)
  .filter((key) => key.startsWith("audit.action."))
  .map((key) => key.slice("audit.action.".length));

/** Fills {placeholders} in a message. */
export { fill } from "./fill";
