// The callback receiver's logic, apart from Next's routing so it can be tested on its own:
// check the URL secret, the content type and size, parse, store, apply — and answer 2xx only
// once the delivery is committed. No wallet call happens on this path.
import { timingSafeEqual } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { applyCallbackDelivery, quarantineDelivery } from "@/lib/callbacks/apply-callback";
import { BodyTooLargeError, readLimitedBody } from "@/lib/callbacks/read-limited-body";
import { callbackTransactionSnapshotSchema } from "@/lib/wallet/schemas";

export const maxCallbackBodyBytes = 256 * 1024;
const keptHeaders = ["content-type", "user-agent", "x-callback-log-id", "x-request-id"];

function json(status: number, body: Record<string, unknown>) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });
}

function secretMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function receiveCallback(db: Database, request: Request, givenSecret: string, expectedSecret: string): Promise<Response> {
  // Unknown secret: answer as if nothing lived here, and store nothing.
  if (!secretMatches(givenSecret, expectedSecret)) return json(404, { error: "Not found." });
  const contentType = request.headers.get("content-type");
  if (!contentType || !/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    return json(415, { error: "Callbacks must be sent as JSON (Content-Type: application/json)." });
  }
  let rawBody: string;
  try {
    rawBody = await readLimitedBody(request, maxCallbackBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json(413, { error: `The callback body is larger than ${maxCallbackBodyBytes / 1024} KiB.` });
    throw error;
  }
  const headers = Object.fromEntries(keptHeaders.flatMap((name) => (request.headers.has(name) ? [[name, request.headers.get(name)!.slice(0, 200)]] : [])));

  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    await quarantineDelivery(db, { reason: "malformed JSON", contentType, rawBody, headers });
    return json(400, { error: "The body is not valid JSON." });
  }
  const snapshot = callbackTransactionSnapshotSchema.safeParse(body);
  if (!snapshot.success || typeof body !== "object" || body === null || Array.isArray(body)) {
    const problems = snapshot.success ? ["the body must be a JSON object"] : snapshot.error.issues.slice(0, 10).map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`);
    await quarantineDelivery(db, { reason: `not a transaction: ${problems.join("; ")}`, contentType, rawBody, headers });
    return json(400, { error: `The body is not a transaction: ${problems.join("; ")}.` });
  }
  const result = await applyCallbackDelivery(db, {
    snapshot: snapshot.data,
    body: body as Record<string, unknown>,
    headers,
    callbackLogId: headers["x-callback-log-id"] ?? null,
  });
  logger.info({ walletTransactionId: snapshot.data.id, status: snapshot.data.status, outcome: result.outcome }, "callback received");
  return json(200, { received: true, outcome: result.outcome });
}
