// Turns an HTTP answer from the wallet (status and body text) into the resource it carries, or
// into a WalletError saying what went wrong and whether the operation may have happened anyway.
import type { z } from "zod";
import {
  composeMessage,
  consequenceOf,
  isMutating,
  subjectOf,
  WalletError,
  type WalletErrorKind,
  type WalletOperation,
} from "@/lib/wallet/errors";
import { redactSecrets, truncate } from "@/lib/wallet/redact";
import { walletEnvelopeSchema } from "@/lib/wallet/schemas";

export type ResponseInput<T> = {
  operation: WalletOperation;
  status: number;
  contentType: string | null;
  bodyText: string;
  /** The schema of `data` on success; null when the endpoint returns no resource (resend simulation). */
  dataSchema: z.ZodType<T> | null;
  secrets: readonly string[];
};

export type Interpretation<T> = { ok: true; data: T } | { ok: false; error: WalletError };

const baseUrlHint = "check WALLET_API_BASE_URL (the wallet's address, without /api/v1)";

function failure(
  kind: WalletErrorKind,
  input: ResponseInput<unknown>,
  whatHappened: string,
  outcomeUnknown: boolean,
  walletMessage?: string,
): { ok: false; error: WalletError } {
  const transient = kind === "server_error" || kind === "timeout" || kind === "unreachable";
  return {
    ok: false,
    error: new WalletError({
      kind,
      operation: input.operation,
      userMessage: composeMessage(whatHappened, consequenceOf(input.operation, outcomeUnknown, transient)),
      outcomeUnknown,
      httpStatus: input.status,
      ...(walletMessage ? { walletMessage } : {}),
    }),
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function firstIssuePath(error: z.ZodError): string {
  const path = error.issues[0]?.path ?? [];
  return ["data", ...path.map(String)].join(".");
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed from the wallet's text
const controlCharacters = /[\u0000-\u001f\u007f]+/g;

export function interpretResponse<T>(input: ResponseInput<T>): Interpretation<T> {
  const { operation, status } = input;
  const subject = subjectOf(operation);
  const succeededAtHttp = status >= 200 && status < 300;
  // A 2xx or 5xx may mean the wallet did the work before its answer went wrong.
  const mayHaveHappened = isMutating(operation) && (succeededAtHttp || status >= 500);

  if (status === 401) return failure("unauthorized", input, "The wallet rejected the token (HTTP 401): check WALLET_API_TOKEN.", false);
  if (status === 403)
    return failure(
      "unauthorized",
      input,
      "The wallet refused access with this token (HTTP 403): check WALLET_API_TOKEN and its permissions.",
      false,
    );
  if (status >= 300 && status < 400) {
    // 303 "See Other" is how some servers answer a POST they did carry out.
    return failure(
      "invalid_response",
      input,
      `The wallet address answered with a redirect (HTTP ${status}): ${baseUrlHint}, for example http instead of https.`,
      isMutating(operation) && status === 303,
    );
  }

  const json = parseJson(input.bodyText);
  const envelope = json.ok ? walletEnvelopeSchema.safeParse(json.value) : undefined;
  if (!envelope?.success) {
    if (operation === "resendCallback" && succeededAtHttp) return { ok: true, data: null as T }; // spec 4.4: HTTP 200 means done
    const isHtml = /html/i.test(input.contentType ?? "") || /^\s*<(!doctype|html|head|body)/i.test(input.bodyText);
    const what = isHtml ? "a web page" : json.ok ? "JSON in an unknown shape" : input.bodyText.trim() === "" ? "empty" : "not JSON";
    if (status >= 500)
      return failure("server_error", input, `The wallet had an internal error (HTTP ${status}); its answer was ${what}.`, mayHaveHappened);
    if (status === 404)
      return failure(
        "invalid_response",
        input,
        `The wallet address answered HTTP 404 and its answer was ${what}, so it is probably not the wallet API: ${baseUrlHint}.`,
        false,
      );
    return failure(
      "invalid_response",
      input,
      `The wallet's answer (HTTP ${status}) was ${what}, so it could not be read.`,
      mayHaveHappened,
    );
  }

  const { success, messageError, data } = envelope.data;
  const walletMessage = messageError
    ? truncate(redactSecrets(messageError, input.secrets).replace(controlCharacters, " ").trim(), 200)
    : undefined;
  const quoted = walletMessage ? `: “${walletMessage}”` : "";

  if (status >= 500)
    return failure("server_error", input, `The wallet had an internal error (HTTP ${status})${quoted}.`, mayHaveHappened, walletMessage);
  if (status === 404) {
    const what =
      operation === "getCallbackLog"
        ? "The wallet has no callback log with this id"
        : operation === "resendCallback"
          ? "The wallet has no transaction with this id"
          : `The wallet answered “not found” to the ${subject}`;
    return failure("not_found", input, `${what}${quoted}.`, false, walletMessage);
  }
  if (!success) {
    const reason = walletMessage ? quoted : ` (HTTP ${status}) without saying why`;
    return failure("rejected", input, `The wallet refused the ${subject}${reason}.`, false, walletMessage);
  }
  if (!succeededAtHttp)
    return failure(
      "invalid_response",
      input,
      `The wallet answered HTTP ${status} but reported success; the answer cannot be trusted.`,
      mayHaveHappened,
    );

  if (input.dataSchema === null) return { ok: true, data: null as T };
  const resource = input.dataSchema.safeParse(data);
  if (!resource.success) {
    return failure(
      "invalid_response",
      input,
      `The wallet accepted the ${subject}, but its answer lacks fields or has unexpected values (first problem at ${firstIssuePath(resource.error)}).`,
      mayHaveHappened,
    );
  }
  return { ok: true, data: resource.data };
}
