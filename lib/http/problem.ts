// The one error shape of the HTTP routes: RFC 9457 problem details. `code` is the message key
// (lib/i18n/error-messages.ts, as actions return it) and `detail` its text in the caller's
// language, so a script can branch on the code and a person can read the detail.
import "server-only";
import { getMessages } from "@/lib/i18n/locale";
import { type ErrorMessages, translateMessage } from "@/lib/i18n/message";
import { currentRequestId } from "@/lib/observability/request-id";

export const problemContentType = "application/problem+json";

/** Status titles (RFC 9110 reason phrases): the `title` of a problem names its kind, not this case. */
const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/** One invalid field of a request (the `errors` member of a 422): its path, message key and text. */
export type ProblemFieldError = { path: string; code: string; detail: string };

/**
 * A problem-details response for an encoded message (`msg(...)`), translated for the caller.
 * `fieldErrors` (encoded messages by dotted path, as actions return them) become an `errors` member.
 */
export async function problemResponse(status: number, message: string, init?: ProblemInit): Promise<Response> {
  const { t } = await getMessages();
  return problemResponseIn(t, status, message, init);
}

type ProblemInit = { headers?: HeadersInit; fieldErrors?: Record<string, string[]> };

/** problemResponse in a given dictionary: for callers whose language is not in a cookie (the merchant API). */
export function problemResponseIn(t: ErrorMessages, status: number, message: string, init?: ProblemInit): Response {
  const headers = new Headers(init?.headers);
  headers.set("content-type", problemContentType);
  headers.set("cache-control", "no-store");
  const code = message.split("?")[0];
  const errors: ProblemFieldError[] | undefined = init?.fieldErrors
    ? Object.entries(init.fieldErrors).flatMap(([path, messages]) =>
        messages.map((fieldMessage) => ({ path, code: fieldMessage.split("?")[0]!, detail: translateMessage(t, fieldMessage) })),
      )
    : undefined;
  return new Response(
    JSON.stringify({
      type: "about:blank",
      title: titles[status] ?? "Error",
      status,
      code,
      detail: translateMessage(t, message),
      ...(errors ? { errors } : {}),
      // A failure of ours: the id to quote when reporting it (the same as the log lines' and X-Request-Id).
      ...(status >= 500 && currentRequestId() ? { requestId: currentRequestId() } : {}),
    }),
    { status, headers },
  );
}
