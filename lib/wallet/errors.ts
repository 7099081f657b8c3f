// Every way a wallet call can fail, as one typed error with a message an operator can act on.
// It carries no token, URL, request body or raw upstream text: those stay in the (redacted) log.

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
  /** Safe to show on a page: what happened and what to do next. */
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
  createCashIn: "cash-in",
  createCashOut: "cash-out",
  getCallbackLog: "callback-log request",
  resendCallback: "callback re-send",
  payCashInInSandbox: "simulated payment",
  changeStatusInSandbox: "sandbox status change",
  readInSandbox: "sandbox read",
};

/**
 * The sentence that ends every message: what the failure means for the operation. Reads change
 * nothing, so for them it only says whether retrying is worth it.
 */
export function consequenceOf(operation: WalletOperation, outcomeUnknown: boolean, transient: boolean): string {
  if (!isMutating(operation)) return transient ? "Try again in a moment." : "";
  if (outcomeUnknown) {
    if (operation === "createCashIn")
      return "The outcome is unknown: the wallet may have created the cash-in, but no QR code was received here, so no one can pay it.";
    if (operation === "createCashOut")
      return "The outcome is unknown: the cash-out may have been sent. Check its status with the wallet before trying again; do not resend it blindly.";
    if (operation === "payCashInInSandbox")
      return "The outcome is unknown: the sandbox may have paid the cash-in. Wait for its callback before trying again.";
    if (operation === "changeStatusInSandbox")
      return "The outcome is unknown: the sandbox may have changed the status. Wait for its callback before trying again.";
    return "The outcome is unknown: the callback may have been re-sent. Check the callback logs before trying again.";
  }
  if (operation === "createCashIn") return "No cash-in was created.";
  if (operation === "createCashOut") return "No money was sent: the cash-out was not created.";
  if (operation === "payCashInInSandbox") return "Nothing was paid.";
  if (operation === "changeStatusInSandbox") return "The status did not change.";
  return "No callback was re-sent.";
}

/** Joins the description of what happened with its consequence. */
export function composeMessage(whatHappened: string, consequence: string): string {
  return consequence ? `${whatHappened} ${consequence}` : whatHappened;
}

export function subjectOf(operation: WalletOperation): string {
  return subjects[operation];
}

/** "10 s", "2.5 s": the timeout as operators read it. */
export function formatSeconds(milliseconds: number): string {
  const tenths = Math.round(milliseconds / 100);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} s`;
}
