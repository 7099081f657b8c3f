// Turns a failed fetch (our timeout, a refused connection, an unknown host, a dropped socket) into
// a WalletError. Only failures before the connection opened prove that nothing reached the wallet.
import { msg } from "@/lib/i18n/message";
import { composeMessage, consequenceOf, formatSeconds, isMutating, WalletError, type WalletOperation } from "@/lib/wallet/errors";

/** Network error codes raised before any byte of the request could be sent. */
const beforeSendingCodes = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_HAS_EXPIRED",
]);

/** fetch wraps the socket error as `cause`, sometimes inside an AggregateError (IPv4 and IPv6 attempts). */
export function networkErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && typeof current === "object" && depth < 4; depth += 1) {
    const { code, errors, cause } = current as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof code === "string") return code;
    if (Array.isArray(errors) && errors.length > 0) current = errors[0];
    else current = cause;
  }
  return undefined;
}

type FailureContext = { operation: WalletOperation; timedOut: boolean; timeoutMs: number; host: string };

export function walletErrorFromNetworkFailure(error: unknown, context: FailureContext): WalletError {
  const { operation, host } = context;
  if (context.timedOut) {
    // We cannot tell whether the request was already sent when the clock ran out.
    const outcomeUnknown = isMutating(operation);
    return new WalletError({
      kind: "timeout",
      operation,
      outcomeUnknown,
      userMessage: composeMessage(
        msg("errors.wallet.timeout", { seconds: formatSeconds(context.timeoutMs) }),
        consequenceOf(operation, outcomeUnknown, true),
      ),
    });
  }
  const code = networkErrorCode(error);
  const neverSent = code !== undefined && (beforeSendingCodes.has(code) || code.startsWith("ERR_TLS_") || code.startsWith("CERT_"));
  const outcomeUnknown = !neverSent && isMutating(operation);
  let whatHappened: string;
  if (code === "ECONNREFUSED") whatHappened = msg("errors.wallet.connectionRefused", { host });
  else if (code === "ENOTFOUND" || code === "EAI_AGAIN") whatHappened = msg("errors.wallet.hostNotFound", { host });
  else if (neverSent && (code.includes("CERT") || code.startsWith("ERR_TLS_"))) whatHappened = msg("errors.wallet.certificate", { host });
  else if (neverSent) whatHappened = msg("errors.wallet.unreachable", { host });
  else whatHappened = msg("errors.wallet.connectionBroke", { host });
  return new WalletError({
    kind: "unreachable",
    operation,
    outcomeUnknown,
    userMessage: composeMessage(whatHappened, consequenceOf(operation, outcomeUnknown, true)),
    ...(code ? { causeCode: code } : {}),
  });
}
