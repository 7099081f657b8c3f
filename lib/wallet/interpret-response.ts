// Turns an HTTP answer from the wallet (status and body text) into the resource it carries, or
// into a WalletError saying what went wrong and whether the operation may have happened anyway.
import type * as z from "@/lib/schemas/zod";
import {
  composeMessage,
  consequenceOf,
  isMutating,
  subjectOf,
  WalletError,
  type WalletErrorKind,
  type WalletOperation,
} from "@/lib/wallet/errors";
import { msg } from "@/lib/i18n/message";
import { redactSecrets, truncate } from "@/lib/wallet/redact";
import { walletEnvelopeSchema } from "@/lib/wallet/schemas";

export type ResponseInput<T> = {
  operation: WalletOperation;
  status: number;
  contentType: string | null;
  bodyText: string;
  /** The schema of `data` on success; null when the endpoint returns no resource (resend simulation). */
  dataSchema: z.ZodMiniType<T> | null;
  secrets: readonly string[];
};

export type Interpretation<T> = { ok: true; data: T } | { ok: false; error: WalletError };

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

function firstIssuePath(error: z.core.$ZodError): string {
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

  if (status === 401) return failure("unauthorized", input, msg("errors.wallet.unauthorized"), false);
  if (status === 403) return failure("unauthorized", input, msg("errors.wallet.forbidden"), false);
  if (status >= 300 && status < 400) {
    // 303 "See Other" is how some servers answer a POST they did carry out.
    return failure("invalid_response", input, msg("errors.wallet.redirect", { status }), isMutating(operation) && status === 303);
  }

  const json = parseJson(input.bodyText);
  const envelope = json.ok ? walletEnvelopeSchema.safeParse(json.value) : undefined;
  if (!envelope?.success) {
    if (operation === "resendCallback" && succeededAtHttp) return { ok: true, data: null as T }; // spec 4.4: HTTP 200 means done
    const isHtml = /html/i.test(input.contentType ?? "") || /^\s*<(!doctype|html|head|body)/i.test(input.bodyText);
    const what = msg(
      isHtml
        ? "errors.wallet.body.html"
        : json.ok
          ? "errors.wallet.body.unknownJson"
          : input.bodyText.trim() === ""
            ? "errors.wallet.body.empty"
            : "errors.wallet.body.notJson",
    );
    if (status >= 500) return failure("server_error", input, msg("errors.wallet.serverErrorBody", { status, what }), mayHaveHappened);
    if (status === 404) return failure("invalid_response", input, msg("errors.wallet.notWalletApi", { what }), false);
    return failure("invalid_response", input, msg("errors.wallet.unreadable", { status, what }), mayHaveHappened);
  }

  const { success, messageError, data } = envelope.data;
  const walletMessage = messageError
    ? truncate(redactSecrets(messageError, input.secrets).replace(controlCharacters, " ").trim(), 200)
    : undefined;
  // The wallet's own words travel as the `reason` parameter, quoted as they are (not translated).
  const said = walletMessage ? { reason: walletMessage } : undefined;

  if (status >= 500)
    return failure(
      "server_error",
      input,
      said ? msg("errors.wallet.serverErrorSaid", { status, ...said }) : msg("errors.wallet.serverError", { status }),
      mayHaveHappened,
      walletMessage,
    );
  if (status === 404) {
    const what =
      operation === "getCallbackLog"
        ? said
          ? msg("errors.wallet.noCallbackLogSaid", said)
          : msg("errors.wallet.noCallbackLog")
        : operation === "resendCallback"
          ? said
            ? msg("errors.wallet.noTransactionSaid", said)
            : msg("errors.wallet.noTransaction")
          : said
            ? msg("errors.wallet.notFoundSaid", { subject, ...said })
            : msg("errors.wallet.notFound", { subject });
    return failure("not_found", input, what, false, walletMessage);
  }
  if (!success) {
    const refused = said ? msg("errors.wallet.refusedSaid", { subject, ...said }) : msg("errors.wallet.refused", { subject, status });
    return failure("rejected", input, refused, false, walletMessage);
  }
  if (!succeededAtHttp) return failure("invalid_response", input, msg("errors.wallet.successMismatch", { status }), mayHaveHappened);

  if (input.dataSchema === null) return { ok: true, data: null as T };
  const resource = input.dataSchema.safeParse(data);
  if (!resource.success) {
    return failure(
      "invalid_response",
      input,
      msg("errors.wallet.badResource", { subject, path: firstIssuePath(resource.error) }),
      mayHaveHappened,
    );
  }
  return { ok: true, data: resource.data };
}
