// The one way to write a merchant API route (/api/v1), the API-key twin of operatorRoute
// (lib/http/operator-route.ts), sharing its problem details (lib/http/problem.ts), body reading and
// error boundary (lib/http/route-request.ts). In order: a per-address budget for refused keys; the
// key from `Authorization: Bearer` only (cookies are never read, so neither an operator's session
// nor a display's can call the API); unknown, revoked or expired → 401 on that very request (the
// key is read from the database each time); the route's scope → 403; the per-key rate limit → 429
// with Retry-After; the JSON body (415/413/400/422). Every call that names a valid key is audited
// with the key's name, whatever its answer (but a 429: see below); answers carry the RateLimit
// header fields. A path parameter the route declares (`params`, e.g. an id) that its schema refuses
// answers 400 errors.route.malformedPath. Its public variant, apiPublicRoute, answers without a key
// (the API's document, an unknown path); lib/http/api-v1-methods.ts gives every /api/v1 route all
// the HTTP methods, the ones it lacks answering 405 with Allow.
import "server-only";
import * as z from "@/lib/schemas/zod";
import { apiKeyActor } from "@/lib/api-keys/manage-api-keys";
import { hashApiKeyToken, looksLikeApiKeyToken } from "@/lib/api-keys/api-key-tokens";
import { recordAuditEvent } from "@/lib/audit";
import type { AuditAction } from "@/lib/audit/audit-actions";
import { clientAddress } from "@/lib/auth/client-address";
import { findApiKeyByHash, recordApiKeyUse } from "@/lib/db/queries/api-keys";
import type { ApiKeyRecord } from "@/lib/db/schema";
import { problemResponseIn } from "@/lib/http/problem";
import { noteRequestActor } from "@/lib/observability/request-id";
import { markRoute, type RouteHandler } from "@/lib/http/route-brand";
import { answerRoute, readJsonBody, routeParams, withErrorBoundary, type RequestRefusal } from "@/lib/http/route-request";
import { msg, type ErrorMessages } from "@/lib/i18n/message";
import { dictionaries } from "@/lib/i18n/messages";
import { checkFailures, countRequestWithUsage, recordFailure, type RateLimitUsage } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { getRuntime, type Runtime } from "@/lib/server/runtime";
import type { ApiScope } from "@/lib/vocabulary/api-scopes";
import { merchantWideScope, type StoreScope, storeScopeOfGrants } from "@/lib/vocabulary/store-scope";

export type ApiKeyRouteContext<Params, Body> = Runtime & {
  apiKey: ApiKeyRecord;
  /**
   * The stores the key's reads are narrowed to (lib/vocabulary/store-scope.ts): its one store, or
   * every store for a key without one (issue #49).
   */
  stores: StoreScope;
  /** Who the key is in the ledger and the audit log (apiKeyActor). */
  actor: { id: string; email: string };
  params: Params;
  body: Body;
  /** The raw body, for fingerprinting an idempotent request. */
  bodyText: string;
  /** The caller's language (Accept-Language), for problem details the handler answers with. */
  problem: (status: number, message: string, init?: { headers?: HeadersInit; fieldErrors?: Record<string, string[]> }) => Response;
};

/** The caller's dictionary: Accept-Language only (an API client has no locale cookie). */
export function messagesFor(request: Request): ErrorMessages {
  return /^\s*pt\b/i.test(request.headers.get("accept-language") ?? "") ? dictionaries["pt-BR"] : dictionaries.en;
}

/** The RateLimit and RateLimit-Policy header fields (IETF httpapi-ratelimit-headers). */
function rateLimitHeaders(usage: RateLimitUsage): Record<string, string> {
  const policy = "per-key";
  return {
    "RateLimit-Policy": `"${policy}";q=${usage.rule.limit};w=${usage.rule.windowMs / 1000}`,
    RateLimit: `"${policy}";r=${usage.remaining};t=${usage.resetSeconds}`,
  };
}

export function apiKeyRoute<
  Params extends Record<string, string> = Record<string, never>,
  Schema extends z.core.$ZodType = z.core.$ZodType<undefined>,
>(
  options: {
    name: AuditAction;
    scope: ApiScope;
    body?: Schema;
    maxBodyBytes?: number;
    /** A schema per path parameter (e.g. `{ id: uuidPathParam }`): one it refuses answers 400 malformedPath. */
    params?: { [Name in keyof Params]?: z.core.$ZodType };
    /**
     * For a route whose rows carry no store yet (cash-out requests, payment links, the events feed):
     * a key for one store is refused 403 (errors.api.keyForOneStore), as operatorRoute's
     * wholeMerchant refuses an operator shown some stores only.
     */
    wholeMerchant?: boolean;
  },
  handler: (request: Request, context: ApiKeyRouteContext<Params, z.output<Schema>>) => Promise<Response>,
): RouteHandler<Params> {
  return markRoute("api-key", (request: Request, context?: { params: Promise<Params> }) => {
    const problem = problemsFor(request);
    return answerRoute(
      options.name,
      request,
      () => keyed(request, context, problem),
      () => problem(500, msg("errors.action.failed")),
    );
  });

  async function keyed(
    request: Request,
    context: { params: Promise<Params> } | undefined,
    problem: ApiKeyRouteContext<Params, undefined>["problem"],
  ) {
    const runtime = await getRuntime();
    const { db, config } = runtime;
    const address = clientAddress(request.headers, config.trustedProxyHops);
    const unauthorizedBucket = [{ rule: rateLimitRules.apiUnauthorizedPerAddress, key: address }];

    const throttled = await checkFailures(db, unauthorizedBucket);
    if (throttled)
      return problem(429, msg("errors.rateLimit.address", { seconds: throttled.retryAfterSeconds }), {
        headers: { "retry-after": String(throttled.retryAfterSeconds) },
      });
    const refuseUnauthorized = async (message: string) => {
      await recordFailure(db, unauthorizedBucket);
      return problem(401, message, { headers: { "www-authenticate": 'Bearer realm="api"' } });
    };
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    if (!token) return refuseUnauthorized(msg("errors.api.keyMissing"));
    const apiKey = looksLikeApiKeyToken(token) ? await findApiKeyByHash(db, hashApiKeyToken(token)) : undefined;
    if (!apiKey) return refuseUnauthorized(msg("errors.api.keyInvalid"));
    const now = new Date();
    if (apiKey.revokedAt) return refuseUnauthorized(msg("errors.api.keyRevoked"));
    if (apiKey.expiresAt && apiKey.expiresAt.getTime() <= now.getTime()) return refuseUnauthorized(msg("errors.api.keyExpired"));

    const actor = apiKeyActor(apiKey);
    noteRequestActor({ kind: "api_key", id: apiKey.id });
    const url = new URL(request.url);
    const audit = (status: number, extra: Record<string, unknown> = {}) =>
      recordAuditEvent(db, {
        actor,
        action: options.name,
        outcome: status < 400 ? "success" : status >= 500 ? "failure" : "refused",
        target: { type: "api_key", id: apiKey.id },
        details: { apiKey: apiKey.name, prefix: apiKey.prefix, method: request.method, path: url.pathname, status, address, ...extra },
      });

    // The last use is written with the rate-limit count, in parallel: one round trip of waiting.
    const [{ refusal, usage }] = await Promise.all([
      countRequestWithUsage(db, [{ rule: rateLimitRules.apiPerKey, key: apiKey.id }], now),
      recordApiKeyUse(db, apiKey.id, address, now),
    ]);
    const limitHeaders = rateLimitHeaders(usage[0]!);
    const refuse = async ({ status, message, fieldErrors }: RequestRefusal) => {
      await audit(status, { code: message.split("?")[0] });
      return problem(status, message, { headers: limitHeaders, fieldErrors });
    };
    // Not audited one by one: a runaway client would write a row per refused call. The limiter
    // audits the key's crossing of its budget once per window (rate_limit.exceeded, key = its id).
    if (refusal)
      return problem(429, msg("errors.api.rateLimited", { seconds: refusal.retryAfterSeconds }), {
        headers: { ...limitHeaders, "retry-after": String(refusal.retryAfterSeconds) },
      });
    if (!apiKey.scopes.includes(options.scope))
      return refuse({ status: 403, message: msg("errors.api.scopeMissing", { scope: options.scope }) });
    // A key's store is its grant: the one way its scope is built (null: every store).
    const stores = apiKey.storeId ? storeScopeOfGrants([apiKey.storeId]) : merchantWideScope();
    if (options.wholeMerchant && !stores.all) return refuse({ status: 403, message: msg("errors.api.keyForOneStore") });

    const params = await routeParams(context);
    const malformed = Object.entries(options.params ?? {}).some(
      ([name, schema]) => schema && !z.safeParse(schema as z.core.$ZodType, params[name as keyof Params]).success,
    );
    if (malformed) return refuse({ status: 400, message: msg("errors.route.malformedPath") });
    let body: z.output<Schema> = undefined as z.output<Schema>;
    let bodyText = "";
    if (options.body) {
      const read = await readJsonBody(request, options.body, options.maxBodyBytes);
      if (!read.ok) return refuse(read.refusal);
      body = read.data;
      bodyText = read.text;
    }
    // The handler's own boundary too: its failure is audited and carries the RateLimit fields.
    const response = await withErrorBoundary(
      options.name,
      () => handler(request, { ...runtime, apiKey, stores, actor, params, body, bodyText, problem }),
      () => problem(500, msg("errors.action.failed")),
    );
    for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
    await audit(response.status);
    return response;
  }
}

export type ApiPublicRouteContext<Params> = {
  params: Params;
  /** A problem details answer in the caller's language (Accept-Language). */
  problem: ApiKeyRouteContext<Params, undefined>["problem"];
};

/**
 * The public variant of apiKeyRoute: no key asked, for what holds no merchant's data (the OpenAPI
 * document, the 404 of an unknown path under /api/v1). The same problem details in the caller's
 * language, request id and error boundary.
 */
export function apiPublicRoute<Params extends Record<string, string | string[]> = Record<string, never>>(
  options: { name: string },
  handler: (request: Request, context: ApiPublicRouteContext<Params>) => Promise<Response> | Response,
): RouteHandler<Params> {
  return markRoute("api-public", (request: Request, context?: { params: Promise<Params> }) => {
    const problem = problemsFor(request);
    return answerRoute(
      options.name,
      request,
      async () => handler(request, { params: await routeParams(context), problem }),
      () => problem(500, msg("errors.action.failed")),
    );
  });
}

/** Problem details in the caller's language (Accept-Language), for both API wrappers. */
function problemsFor(request: Request): ApiKeyRouteContext<Record<string, never>, undefined>["problem"] {
  const t = messagesFor(request);
  return (status, message, init) => problemResponseIn(t, status, message, init);
}

/** A JSON answer of the API (never cached: it is one merchant's data). */
export function apiJson(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...init.headers },
  });
}
