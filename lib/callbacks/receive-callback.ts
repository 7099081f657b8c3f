// The callback receiver's logic, apart from Next's routing so it can be tested on its own:
// check the URL (a transaction's token, or the legacy global secret), the content type and size,
// parse, then check, store and apply in one short database transaction — and answer 2xx only once
// the delivery is committed. No wallet call happens on this path.
import { type AppConfig, getConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { countCallbackReceived, countTransactionStep, type TransactionStep } from "@/lib/observability/metrics";
import { inSpan } from "@/lib/observability/tracing";
import { applyCallbackDelivery, quarantineDelivery, type DeliveryBinding } from "@/lib/callbacks/apply-callback";
import { callbackTokenMatches, legacySecretMatches } from "@/lib/callbacks/callback-url";
import { readBodyWithinLimit } from "@/lib/net/read-limited-body";
import { apiResponseHeaders, headerSettingsOf } from "@/lib/security/security-headers";
import { callbackTransactionSnapshotSchema } from "@/lib/wallet/schemas";

export const maxCallbackBodyBytes = 256 * 1024;
/**
 * The answer to a delivery that disagrees with its transaction. 422: the request is well formed but
 * its content is refused, so it is not a "retry later" (5xx). The wallet documents no retry policy;
 * the sandbox retries any non-2xx on a bounded schedule and then gives up, and each attempt is
 * stored as rejected again (kept, never applied), so a retry can never turn into an application.
 */
export const rejectedDeliveryStatus = 422;
/** The answer to an unknown or forged token (and only to that): the receiver route counts these per address. */
export const unknownTokenStatus = 404;
const keptHeaders = ["content-type", "user-agent", "x-callback-log-id", "x-callback-attempt", "x-request-id"];
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The path segments after /api/callbacks/wallet/: [<local id>, <token>], or [<global secret>] (legacy). */
export type ReceiverPath = { transactionId: string; token: string } | { legacySecret: string };

// The proxy skips the receiver (see proxy.ts): its answers carry the security headers themselves.
let responseHeaders: Record<string, string> | undefined;

export function callbackJsonResponse(status: number, body: Record<string, unknown>) {
  responseHeaders ??= { ...apiResponseHeaders(headerSettingsOf(getConfig())), "content-type": "application/json" };
  return new Response(JSON.stringify(body), { status, headers: responseHeaders });
}
const json = callbackJsonResponse;

/** The business counter's step for a final status a callback applied. */
const finalSteps: Partial<Record<string, TransactionStep>> = { SUCCEED: "paid", FAILED: "failed", CANCELED: "canceled" };

/** Counts the delivery by outcome (metrics) on its way out: refusals before storage, or what storing decided. */
function counted(outcome: string, response: Response): Response {
  countCallbackReceived(outcome);
  return response;
}

function bindingFor(path: ReceiverPath, config: Pick<AppConfig, "callbackSecret">): DeliveryBinding | undefined {
  if ("legacySecret" in path) return legacySecretMatches(config, path.legacySecret) ? { kind: "legacy" } : undefined;
  if (!uuidPattern.test(path.transactionId)) return undefined;
  return callbackTokenMatches(config, path.transactionId, path.token)
    ? { kind: "transaction", transactionId: path.transactionId.toLowerCase() }
    : undefined;
}

export function receiveCallback(
  db: Database,
  request: Request,
  path: ReceiverPath,
  config: Pick<AppConfig, "callbackSecret">,
): Promise<Response> {
  // A span per delivery received (lib/observability/tracing.ts): its status, never the URL's token.
  return inSpan("callback receive", {}, async (span) => {
    const response = await receiveUntraced(db, request, path, config);
    span.setAttribute("http.response.status_code", response.status);
    return response;
  });
}

async function receiveUntraced(
  db: Database,
  request: Request,
  path: ReceiverPath,
  config: Pick<AppConfig, "callbackSecret">,
): Promise<Response> {
  // A token that does not verify for this id, or an unknown secret: answer as if nothing lived
  // here, and store nothing.
  const binding = bindingFor(path, config);
  if (!binding) return counted("not_found", json(unknownTokenStatus, { error: "Not found." }));
  const contentType = request.headers.get("content-type");
  if (!contentType || !/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    return counted("unsupported_type", json(415, { error: "Callbacks must be sent as JSON (Content-Type: application/json)." }));
  }
  const bodyBytes = await readBodyWithinLimit(request, maxCallbackBodyBytes);
  if (!bodyBytes) return counted("too_large", json(413, { error: `The callback body is larger than ${maxCallbackBodyBytes / 1024} KiB.` }));
  const rawBody = bodyBytes.toString("utf8");
  const headers = Object.fromEntries(
    keptHeaders.flatMap((name) => (request.headers.has(name) ? [[name, request.headers.get(name)!.slice(0, 200)]] : [])),
  );

  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    await quarantineDelivery(db, { reason: "malformed JSON", contentType, rawBody, headers });
    return counted("quarantined", json(400, { error: "The body is not valid JSON." }));
  }
  const snapshot = callbackTransactionSnapshotSchema.safeParse(body);
  if (!snapshot.success || typeof body !== "object" || body === null || Array.isArray(body)) {
    const problems = snapshot.success
      ? ["the body must be a JSON object"]
      : snapshot.error.issues.slice(0, 10).map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`);
    await quarantineDelivery(db, { reason: `not a transaction: ${problems.join("; ")}`, contentType, rawBody, headers });
    return counted("quarantined", json(400, { error: `The body is not a transaction: ${problems.join("; ")}.` }));
  }
  const result = await applyCallbackDelivery(db, binding, {
    snapshot: snapshot.data,
    body: body as Record<string, unknown>,
    headers,
    callbackLogId: headers["x-callback-log-id"] ?? null,
  });
  logger.info(
    { transactionId: result.transactionId, walletTransactionId: snapshot.data.id, status: snapshot.data.status, outcome: result.outcome },
    "callback received",
  );
  countCallbackReceived(result.outcome);
  // The body agreed with its transaction (or it was not applied), so its kind and amount are the row's.
  const finalStep = finalSteps[snapshot.data.status];
  if (result.outcome === "applied" && finalStep) countTransactionStep(snapshot.data.operation, finalStep, snapshot.data.value);
  if (result.outcome === "rejected") {
    // Which fields disagreed, never what was expected: the sender may be an attacker probing.
    logger.warn(
      { transactionId: result.transactionId, walletTransactionId: snapshot.data.id, fields: result.mismatchedFields },
      "callback rejected: its body disagrees with its transaction",
    );
    return json(rejectedDeliveryStatus, {
      received: true,
      outcome: "rejected",
      error: `The body does not agree with the transaction this URL is for (${result.mismatchedFields.join(", ")}). It was recorded and not applied.`,
    });
  }
  return json(200, { received: true, outcome: result.outcome });
}
