// The one error shape of the HTTP routes: RFC 9457 problem details. `code` is the message key
// (lib/i18n/error-messages.ts, as actions return it) and `detail` its text in the caller's
// language, so a script can branch on the code and a person can read the detail.
import "server-only";
import { getMessages } from "@/lib/i18n/locale";
import { translateMessage } from "@/lib/i18n/message";

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
  503: "Service Unavailable",
};

/** A problem-details response for an encoded message (`msg(...)`), translated for the caller. */
export async function problemResponse(status: number, message: string, init?: { headers?: HeadersInit }): Promise<Response> {
  const { t } = await getMessages();
  const headers = new Headers(init?.headers);
  headers.set("content-type", problemContentType);
  headers.set("cache-control", "no-store");
  const code = message.split("?")[0];
  return new Response(
    JSON.stringify({ type: "about:blank", title: titles[status] ?? "Error", status, code, detail: translateMessage(t, message) }),
    { status, headers },
  );
}
