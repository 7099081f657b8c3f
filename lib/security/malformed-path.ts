// A path whose percent-encoding does not decode (`/pay/%E0%A4%A`) makes Next fail while decoding
// the route's params, and it answers 500. The proxy (proxy.ts) answers such a path first, with a
// 400 problem details response that says why: a broken link is the caller's mistake, not ours.
import { errorMessages } from "@/lib/i18n/error-messages";

export function hasMalformedPercentEncoding(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** The 400 answer for a malformed path, or null. Reads the raw path: Next's nextUrl may hold it decoded. */
export function malformedPathResponse(request: Request): Response | null {
  const rawPath = /^[a-z]+:\/\/[^/]*([^?#]*)/i.exec(request.url)?.[1] ?? "/";
  if (!rawPath.includes("%") || !hasMalformedPercentEncoding(rawPath)) return null;
  const portuguese =
    /^\s*pt\b/i.test(request.headers.get("accept-language") ?? "") || /(?:^|;\s*)locale=pt-BR/.test(request.headers.get("cookie") ?? "");
  const code = "errors.route.malformedPath";
  return new Response(
    JSON.stringify({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      code,
      detail: errorMessages[portuguese ? "pt-BR" : "en"][code],
    }),
    { status: 400, headers: { "content-type": "application/problem+json", "cache-control": "no-store" } },
  );
}
