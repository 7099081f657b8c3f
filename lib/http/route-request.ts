// What every route wrapper does the same way (lib/http/: operator-route.ts, api-key-route.ts,
// public-route.ts, display-route.ts, wallet-callback-route.ts, api-v1-methods.ts): resolving the
// route's params, reading a JSON body under a size limit and a zod schema into the right 4xx, and
// running the route with its request id and an error boundary that turns an unexpected error into
// a logged answer (a 500 problem) instead of Next's HTML page.
import "server-only";
import { unstable_rethrow } from "next/navigation";
import * as z from "@/lib/schemas/zod";
import { fieldErrorsOf } from "@/lib/schemas/field-errors";
import { msg } from "@/lib/i18n/message";
import { logger } from "@/lib/logger";
import { readBodyWithinLimit } from "@/lib/net/read-limited-body";
import { currentRequestId, requestIdFrom, runWithRequestId } from "@/lib/observability/request-id";

/** Why a request was refused before its handler ran: a status and an encoded message (and field errors). */
export type RequestRefusal = { status: number; message: string; fieldErrors?: Record<string, string[]> };

export async function routeParams<Params>(context?: { params: Promise<Params> }): Promise<Params> {
  return ((await context?.params) ?? {}) as Params;
}

/** The default cap on a JSON body: far above any real request to these routes, far below a memory problem. */
export const defaultMaxJsonBodyBytes = 16 * 1024;

/**
 * Reads a JSON body: 415 unless it says it is JSON, 413 past `maxBytes` (declared or actually
 * sent: the stream is read only that far), 400 for malformed JSON, 422 when the schema refuses it.
 */
export async function readJsonBody<Schema extends z.core.$ZodType>(
  request: Request,
  schema: Schema,
  maxBytes = defaultMaxJsonBodyBytes,
): Promise<{ ok: true; data: z.output<Schema>; text: string } | { ok: false; refusal: RequestRefusal }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType))
    return { ok: false, refusal: { status: 415, message: msg("errors.api.unsupportedMediaType") } };
  const tooLarge = { ok: false as const, refusal: { status: 413, message: msg("errors.api.bodyTooLarge", { max: maxBytes }) } };
  // The one bounded body reader (lib/net/read-limited-body.ts, the callback receiver's too).
  const bytes = await readBodyWithinLimit(request, maxBytes);
  if (bytes === undefined) return tooLarge;
  const text = bytes.toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, refusal: { status: 400, message: msg("errors.api.malformedJson") } };
  }
  const parsed = z.safeParse(schema, json);
  if (!parsed.success)
    return { ok: false, refusal: { status: 422, message: msg("errors.api.invalidBody"), fieldErrors: fieldErrorsOf(parsed.error) } };
  return { ok: true, data: parsed.data, text };
}

/** Runs a handler; an unexpected error is logged (with the route's name) and answered by `failed()`. */
export async function withErrorBoundary(
  route: string,
  handler: () => Promise<Response> | Response,
  failed: () => Response | Promise<Response>,
): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    // Next's own signals (a redirect, dynamic rendering while building) are not failures: they go on.
    unstable_rethrow(error);
    logger.error({ err: error, route }, "route handler failed");
    return failed();
  }
}

/**
 * What every wrapper runs its route in: the request's id (the one the HTTP hook gave it,
 * lib/observability/http-hooks.ts, or, where no hook runs, its sane X-Request-Id or a new one),
 * stamped on every log line and answered in X-Request-Id, and the error boundary.
 */
export function answerRoute(
  route: string,
  request: Request,
  handler: () => Promise<Response> | Response,
  failed: () => Response | Promise<Response>,
): Promise<Response> {
  const requestId = currentRequestId() ?? requestIdFrom(request.headers.get("x-request-id"));
  return runWithRequestId(requestId, async () => {
    const response = await withErrorBoundary(route, handler, failed);
    if (!response.headers.has("x-request-id")) {
      try {
        response.headers.set("x-request-id", requestId);
      } catch {
        // An immutable response (Response.redirect): the HTTP hook still answers the id.
      }
    }
    return response;
  });
}
