// The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the routes parse with
// (lib/api-v1/schemas.ts) by zod-openapi, which builds on zod 4's own JSON Schema output (OpenAPI
// 3.1 schemas are JSON Schema 2020-12): request bodies are described as zod reads them (input),
// responses as the routes write them (output). Served at /api/v1/openapi.json; the API tests
// validate every answer against it.
import "server-only";
import { createDocument, type ZodOpenApiResponsesObject } from "zod-openapi";
import * as z from "@/lib/schemas/zod";
import {
  cashOutRequestSchema,
  chargeSchema,
  createCashOutBody,
  createChargeBody,
  idempotencyKeyHeader,
  eventPageSchema,
  listEventsQuery,
  listTransactionsQuery,
  problemSchema,
  transactionPageSchema,
} from "@/lib/api-v1/schemas";
import { createPaymentLinkBody, paymentLinkListSchema, paymentLinkSchema, updatePaymentLinkBody } from "@/lib/api-v1/payment-links";
import { apiScopes } from "@/lib/vocabulary/api-scopes";

const problemContent = { "application/problem+json": { schema: problemSchema } };
const text = { type: "string" as const };
const ref = (name: keyof typeof sharedHeaders) => ({ $ref: `#/components/headers/${name}` });

/** Header fields several answers carry, described once (components.headers). */
const sharedHeaders = {
  RateLimit: {
    description: 'What is left of this key\'s budget: `"per-key";r=<remaining>;t=<seconds to reset>`. Sent once the key is known.',
    schema: { ...text, pattern: '^"per-key";r=\\d+;t=\\d+$' },
  },
  "RateLimit-Policy": {
    description: 'The budget: `"per-key";q=<requests>;w=<window seconds>`. Sent once the key is known.',
    schema: { ...text, pattern: '^"per-key";q=\\d+;w=\\d+$' },
  },
  "Retry-After": { description: "Seconds to wait before trying again.", required: true, schema: { ...text, pattern: "^\\d+$" } },
  "WWW-Authenticate": { description: 'The scheme to authenticate with: `Bearer realm="api"`.', required: true, schema: text },
  Allow: { description: "The methods this path answers, comma-separated.", required: true, schema: text },
  "X-Request-Id": {
    description:
      "This request's id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. Sent by the server on every answer; listed as optional because a proxy in front may answer some errors itself.",
    schema: { ...text, pattern: "^[A-Za-z0-9._:-]{8,128}$" },
  },
  Location: {
    description: "The resource's own URL (relative): GET it to read it, and to follow a charge whose outcome is unknown.",
    required: true,
    schema: { ...text, pattern: "^/api/v1/" },
  },
};
const limits = { RateLimit: ref("RateLimit"), "RateLimit-Policy": ref("RateLimit-Policy") };
const replayed = (required: boolean) => ({
  "Idempotent-Replayed": {
    description: "`true`: this answers an earlier request with the same Idempotency-Key; nothing was done again.",
    required,
    schema: { type: "string" as const, enum: ["true"] },
  },
});

/** A problem-details answer; the RateLimit fields ride on every answer once the key is known. */
const problem = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { ...limits, ...headers },
  content: problemContent,
});
const malformedPath = "a path with malformed percent-encoding (`errors.route.malformedPath`, answered before the key is read)";

/** What every operation may answer besides its own results: authentication, limits, unknown paths and methods. */
const commonProblems: ZodOpenApiResponsesObject = {
  "401": {
    description: "No key, or an unknown, revoked or expired one.",
    headers: { "WWW-Authenticate": ref("WWW-Authenticate") },
    content: problemContent,
  },
  "403": problem(
    "The key lacks this operation's scope (`errors.api.scopeMissing`), or the key is for one store and this operation is " +
      "the merchant's as a whole (`errors.api.keyForOneStore`; no operation of this version is).",
  ),
  "404": problem("No such path under /api/v1.", {}),
  "405": {
    id: "MethodNotAllowed",
    description: "This path does not answer this method: Allow lists the ones it does.",
    headers: { Allow: ref("Allow") },
    content: problemContent,
  },
  "429": problem("Over the key's rate limit (or too many refused keys from this address): wait Retry-After seconds.", {
    "Retry-After": ref("Retry-After"),
  }),
  "500": problem(
    "An error on the dashboard's side (logged). For a charge, also the rare case where the wallet created it but the ledger " +
      "could not record it (`errors.cashIn.recordFailed`): do not create it again with a new key.",
  ),
};
/** Every answer to a path that matches no operation (components.responses.NotFound). */
const notFound = {
  id: "NotFound",
  description: "No such path under /api/v1 (problem details).",
  content: problemContent,
};
const bodyProblems: ZodOpenApiResponsesObject = {
  "400": problem(`Malformed JSON, a missing or malformed Idempotency-Key, or ${malformedPath}.`),
  "413": problem("The body is too large."),
  "415": problem("The body is not application/json."),
  "422": problem("Invalid fields (see `errors`), an Idempotency-Key reused with another body, or over a limit."),
};
const pathProblem = { "400": { id: "MalformedPath", ...problem(`${malformedPath[0]!.toUpperCase()}${malformedPath.slice(1)}.`) } };
const idPath = z.object({ id: z.uuid() });
const idempotencyHeaders = z.object({ "Idempotency-Key": idempotencyKeyHeader });
const withRateLimit = (description: string, schema: z.ZodMiniType, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { ...limits, ...headers },
  content: { "application/json": { schema } },
});

let cached: ReturnType<typeof createDocument> | undefined;

export function apiDocument(serverUrl?: string) {
  cached ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Wallet Dashboard API",
      version: "1.0.0",
      description:
        "The merchant API: charges, the ledger and cash-out requests for the shop's own systems. Authenticate with an API key " +
        "(`Authorization: Bearer wdk_…`) created by an admin on the API keys page. Money is integer centavos. Errors are RFC 9457 " +
        "problem details whose `code` is a stable message key. Cash-outs requested here always wait for a person's approval. " +
        "A key is for every store or for one: a key for one store lists and reads that store's transactions, charges, " +
        "payment links, cash-out requests and events only (another store's is 404) and creates them for that store, with its wallet; " +
        "a key for every store creates them for the first store.",
    },
    components: {
      headers: sharedHeaders,
      responses: { NotFound: notFound },
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: `Scopes: ${apiScopes.join(", ")}.` } },
    },
    security: [{ apiKey: [] }],
    paths: {
      "/api/v1/openapi.json": {
        get: {
          operationId: "getOpenApiDocument",
          summary: "This document (public, no key)",
          security: [],
          responses: {
            "200": { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } },
            ...pathProblem,
            "404": { $ref: "#/components/responses/NotFound" },
            "405": commonProblems["405"]!,
          },
        },
      },
      "/api/v1/charges": {
        post: {
          operationId: "createCharge",
          summary: "Create a charge (scope charges:write)",
          description:
            "Creates a PIX charge. Send an Idempotency-Key: a retry with the same key and body returns the same charge (200, " +
            "Idempotent-Replayed: true) and never calls the wallet again; the same key with another body is refused (422); a retry " +
            "while the first is still running gets 409 with Retry-After. When the wallet does not confirm the charge in time (a " +
            "timeout, a dropped connection, a 5xx), it may exist: the answer is 202 with the charge in `creationState: " +
            '"outcome_unknown"` and its Location, never an error saying nothing was created. Then GET the Location, or retry with ' +
            "the SAME Idempotency-Key (never a new one): 202 again while the outcome is unknown, 200 with the real charge once " +
            "the wallet's callback settles it. Only 502 means the wallet refused it for certain.",
          requestParams: { header: idempotencyHeaders },
          requestBody: { required: true, content: { "application/json": { schema: createChargeBody } } },
          responses: {
            "201": withRateLimit("Created.", chargeSchema, { Location: ref("Location") }),
            "200": withRateLimit("A replay of a request already answered: the charge as it stands now.", chargeSchema, {
              Location: ref("Location"),
              ...replayed(true),
            }),
            "202": withRateLimit(
              'The wallet did not confirm it in time and may have created it: the charge with `creationState: "outcome_unknown"`. ' +
                "Follow the Location or retry with the same Idempotency-Key; never retry with a new key.",
              chargeSchema,
              { Location: ref("Location"), ...replayed(false) },
            ),
            "409": problem("A request with this Idempotency-Key is still running: retry after Retry-After seconds.", {
              "Retry-After": ref("Retry-After"),
            }),
            "502": problem("The wallet refused the charge for certain (`errors.api.walletFailed`): nothing was created."),
            ...bodyProblems,
            ...commonProblems,
          },
        },
      },
      "/api/v1/charges/{id}": {
        get: {
          operationId: "getCharge",
          summary: "Read a charge (scope charges:read)",
          requestParams: { path: idPath },
          responses: {
            "200": withRateLimit("The charge, with its live status.", chargeSchema),
            ...pathProblem,
            ...commonProblems,
            "404": problem("No such charge (`errors.api.chargeNotFound`), or no such path."),
          },
        },
      },
      "/api/v1/transactions": {
        get: {
          operationId: "listTransactions",
          summary: "List the ledger (scope transactions:read)",
          description: "Newest first, in a stable order (created_at, id); follow `nextCursor` for older pages.",
          requestParams: { query: listTransactionsQuery },
          responses: {
            "200": withRateLimit("A page of transactions.", transactionPageSchema),
            "400": problem(`An invalid filter or cursor, or ${malformedPath}.`),
            ...commonProblems,
          },
        },
      },
      "/api/v1/events": {
        get: {
          operationId: "listEvents",
          summary: "Read the events feed (scope events:read)",
          description:
            "The events the webhooks send (the same envelope, unsigned), oldest first by `position`. Pass the last position you " +
            "read as `after`; while `hasMore` is true ask again at once, then poll. Events appear 5 seconds after they happen, " +
            "so that none is skipped by a reader that polls with the last position it saw. An endpoint's test events are not listed. " +
            "A key for one store reads that store's events only (its charges, cash-outs, payment links and cash-out requests; " +
            "positions skip the others); the merchant's events (alerts) are for keys for every store.",
          requestParams: { query: listEventsQuery },
          responses: {
            "200": withRateLimit("A page of events.", eventPageSchema),
            "400": problem(`An invalid \`after\`, \`type\` or \`limit\`, or ${malformedPath}.`),
            ...commonProblems,
          },
        },
      },
      "/api/v1/cash-outs": {
        post: {
          operationId: "requestCashOut",
          summary: "Request a cash-out (scope cash_outs:write)",
          description:
            "Saves a cash-out request awaiting approval: a person approves it in the dashboard before anything is sent, and " +
            "the daily limits apply (checked now and again at approval). Idempotency-Key as for charges.",
          requestParams: { header: idempotencyHeaders },
          requestBody: { required: true, content: { "application/json": { schema: createCashOutBody } } },
          responses: {
            "201": withRateLimit("Saved, awaiting approval.", cashOutRequestSchema, { Location: ref("Location") }),
            "200": withRateLimit("A replay of a request already answered.", cashOutRequestSchema, {
              Location: ref("Location"),
              ...replayed(true),
            }),
            ...bodyProblems,
            ...commonProblems,
          },
        },
      },
      "/api/v1/payment-links": {
        get: {
          operationId: "listPaymentLinks",
          summary: "List payment links (scope payment_links:read)",
          description: "Newest first (up to 200), each with its visits and its charges' figures from the ledger.",
          responses: {
            "200": withRateLimit("The payment links.", paymentLinkListSchema),
            ...pathProblem,
            ...commonProblems,
          },
        },
        post: {
          operationId: "createPaymentLink",
          summary: "Create a payment link (scope payment_links:write)",
          description:
            "A link anyone may open to pay (`url`): a fixed `amountCents`, or `minAmountCents` and `maxAmountCents` for an amount " +
            "the payer chooses. Each payer gets a charge of their own, whose events carry `paymentLinkId`. Idempotency-Key as " +
            "for charges: a retry with the same key and body returns the same link (200, Idempotent-Replayed: true).",
          requestParams: { header: idempotencyHeaders },
          requestBody: { required: true, content: { "application/json": { schema: createPaymentLinkBody } } },
          responses: {
            "201": withRateLimit("Created.", paymentLinkSchema, { Location: ref("Location") }),
            "200": withRateLimit("A replay of a request already answered: the link as it stands now.", paymentLinkSchema, {
              Location: ref("Location"),
              ...replayed(true),
            }),
            ...bodyProblems,
            ...commonProblems,
          },
        },
      },
      "/api/v1/payment-links/{id}": {
        get: {
          operationId: "getPaymentLink",
          summary: "Read a payment link (scope payment_links:read)",
          requestParams: { path: idPath },
          responses: {
            "200": withRateLimit("The link with its figures.", paymentLinkSchema),
            ...pathProblem,
            ...commonProblems,
            "404": problem("No such payment link (`errors.paymentLinks.unknown`), or no such path."),
          },
        },
        patch: {
          operationId: "updatePaymentLink",
          summary: "Change or switch off a payment link (scope payment_links:write)",
          description:
            "Only the fields sent change; `active: false` switches the link off (its page shows the inactive message and takes " +
            "no new charges), `active: true` back on. Sending a fixed amount clears the payer's range, and a range the fixed amount.",
          requestParams: { path: idPath },
          requestBody: { required: true, content: { "application/json": { schema: updatePaymentLinkBody } } },
          responses: {
            "200": withRateLimit("The link as it stands after the change.", paymentLinkSchema),
            "400": problem(`Malformed JSON, or ${malformedPath}.`),
            "413": bodyProblems["413"]!,
            "415": bodyProblems["415"]!,
            "422": problem("Invalid fields (see `errors`), e.g. a maximum below the minimum or a refused return URL."),
            ...commonProblems,
            "404": problem("No such payment link (`errors.paymentLinks.unknown`), or no such path."),
          },
        },
      },
      "/api/v1/cash-outs/{id}": {
        get: {
          operationId: "getCashOutRequest",
          summary: "Read a cash-out request (scope cash_outs:write)",
          requestParams: { path: idPath },
          responses: {
            "200": withRateLimit("The request and, once approved and sent, its transaction.", cashOutRequestSchema),
            ...pathProblem,
            ...commonProblems,
            "404": problem("No such cash-out request (`errors.api.cashOutRequestNotFound`), or no such path."),
          },
        },
      },
    },
  });
  withRequestIdOnEveryAnswer(cached);
  return serverUrl ? { ...cached, servers: [{ url: serverUrl }] } : cached;
}

/** Every answer under /api/v1 carries X-Request-Id (the route wrappers set it): listed on each response, once. */
function withRequestIdOnEveryAnswer(document: ReturnType<typeof createDocument>): void {
  type Response = { headers?: Record<string, unknown>; $ref?: string };
  const add = (response: Response) => {
    if (response.$ref) return;
    response.headers = { ...response.headers, "X-Request-Id": ref("X-Request-Id") };
  };
  for (const response of Object.values(document.components?.responses ?? {})) add(response as Response);
  for (const pathItem of Object.values(document.paths ?? {}))
    for (const operation of Object.values(pathItem ?? {}))
      for (const response of Object.values((operation as { responses?: Record<string, Response> })?.responses ?? {})) add(response);
}
