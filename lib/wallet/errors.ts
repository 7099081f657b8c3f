// Every way a wallet call can fail, as one typed error with a message an operator can act on.
// It carries no token, URL, request body or raw upstream text: those stay in the (redacted) log.
// The message is an encoded key (lib/i18n/message.ts), translated where it is shown; in English:
// `translateMessage(dictionaries.en, error.userMessage)`.
import { msg } from "@/lib/i18n/message";

export type WalletErrorKind = "timeout" | "unreachable" | "unauthorized" | "rejected" | "not_found" | "server_error" | "invalid_response";

/** The spec's four endpoints, and the sandbox's own test controls (under {base}/control). */
export type WalletOperation =
  | "createCashIn"
  | "createCashOut"
  | "getCallbackLog"
  | "resendCallback"
  | "payCashInInSandbox"
  /** Expire a cash-in, settle or fail a cash-out now (sandbox). */
  | "changeStatusInSandbox"
  /** Read a transaction or its callback logs (sandbox). */
  | "readInSandbox";

type WalletErrorDetails = {
  kind: WalletErrorKind;
  operation: WalletOperation;
  userMessage: string;
  outcomeUnknown: boolean;
  httpStatus?: number;
  walletMessage?: string;
  causeCode?: string;
};

export class WalletError extends Error {
  readonly kind: WalletErrorKind;
  readonly operation: WalletOperation;
  /** Safe to show on a page once translated: what happened and what to do next (an encoded message key). */
  readonly userMessage: string;
  /**
   * True when the wallet may have carried out the operation even though this call failed (the
   * request may have been sent and processed before the timeout, dropped connection or 5xx). A
   * cash-out with this flag must be recorded as "outcome unknown" and never re-sent blindly.
   */
  readonly outcomeUnknown: boolean;
  readonly httpStatus?: number;
  /** The wallet's own `messageError`, shortened and with URLs and the token removed. */
  readonly walletMessage?: string;
  /** A low-level network code such as ECONNREFUSED, for the log and for tests. */
  readonly causeCode?: string;

  constructor(details: WalletErrorDetails) {
    super(details.userMessage);
    this.name = "WalletError";
    this.kind = details.kind;
    this.operation = details.operation;
    this.userMessage = details.userMessage;
    this.outcomeUnknown = details.outcomeUnknown;
    if (details.httpStatus !== undefined) this.httpStatus = details.httpStatus;
    if (details.walletMessage !== undefined) this.walletMessage = details.walletMessage;
    if (details.causeCode !== undefined) this.causeCode = details.causeCode;
  }
}

export function isWalletError(error: unknown): error is WalletError {
  return error instanceof WalletError;
}

/** Operations that change something at the wallet, so a failure may leave its outcome unknown. */
export function isMutating(operation: WalletOperation): boolean {
  return operation !== "getCallbackLog" && operation !== "readInSandbox";
}

const subjects: Record<WalletOperation, string> = {
  createCashIn: msg("errors.wallet.subject.createCashIn"),
  createCashOut: msg("errors.wallet.subject.createCashOut"),
  getCallbackLog: msg("errors.wallet.subject.getCallbackLog"),
  resendCallback: msg("errors.wallet.subject.resendCallback"),
  payCashInInSandbox: msg("errors.wallet.subject.payCashInInSandbox"),
  changeStatusInSandbox: msg("errors.wallet.subject.changeStatusInSandbox"),
  readInSandbox: msg("errors.wallet.subject.readInSandbox"),
};

/**
 * The sentence that ends every message: what the failure means for the operation. Reads change
 * nothing, so for them it only says whether retrying is worth it. An encoded message key, or "".
 */
export function consequenceOf(operation: WalletOperation, outcomeUnknown: boolean, transient: boolean): string {
  if (!isMutating(operation)) return transient ? msg("errors.wallet.consequence.tryAgain") : "";
  if (outcomeUnknown) {
    if (operation === "createCashIn") return msg("errors.wallet.consequence.cashInUnknown");
    if (operation === "createCashOut") return msg("errors.wallet.consequence.cashOutUnknown");
    if (operation === "payCashInInSandbox") return msg("errors.wallet.consequence.paymentUnknown");
    if (operation === "changeStatusInSandbox") return msg("errors.wallet.consequence.statusChangeUnknown");
    return msg("errors.wallet.consequence.resendUnknown");
  }
  if (operation === "createCashIn") return msg("errors.wallet.consequence.noCashIn");
  if (operation === "createCashOut") return msg("errors.wallet.consequence.noCashOut");
  if (operation === "payCashInInSandbox") return msg("errors.wallet.consequence.nothingPaid");
  if (operation === "changeStatusInSandbox") return msg("errors.wallet.consequence.statusUnchanged");
  return msg("errors.wallet.consequence.noResend");
}

/** Joins the description of what happened (an encoded message) with its consequence (another). */
export function composeMessage(whatHappened: string, consequence: string): string {
  return consequence ? msg("errors.wallet.withConsequence", { what: whatHappened, consequence }) : whatHappened;
}

/** The operation's name as an encoded message, for use as a parameter ("the {subject}"). */
export function subjectOf(operation: WalletOperation): string {
  return subjects[operation];
}

/** "10 s", "2.5 s": the timeout as operators read it. */
export function formatSeconds(milliseconds: number): string {
  const tenths = Math.round(milliseconds / 100);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} s`;
}
