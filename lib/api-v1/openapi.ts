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
import { apiScopes } from "@/lib/vocabulary/api-scopes";

const problemContent = { "application/problem+json": { schema: problemSchema } };
const problem = (description: string) => ({ description, content: problemContent });
const rateLimitHeaders = {
  RateLimit: {
    description: 'What is left of this key\'s budget: `"per-key";r=<remaining>;t=<seconds to reset>`.',
    schema: { type: "string" as const },
  },
  "RateLimit-Policy": { description: 'The budget: `"per-key";q=<requests>;w=<window seconds>`.', schema: { type: "string" as const } },
};

/** What every key-authenticated operation may answer besides its own results. */
const commonProblems: ZodOpenApiResponsesObject = {
  "401": problem("No key, or an unknown, revoked or expired one."),
  "403": problem("The key lacks this operation's scope."),
  "429": {
    description: "Over the key's rate limit (or too many refused keys from this address): wait Retry-After seconds.",
    headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "string" as const } } },
    content: problemContent,
  },
  "500": problem("An error on the dashboard's side (logged)."),
};
const bodyProblems: ZodOpenApiResponsesObject = {
  "400": problem("Malformed JSON, or a missing or malformed Idempotency-Key."),
  "413": problem("The body is too large."),
  "415": problem("The body is not application/json."),
  "422": problem("Invalid fields (see `errors`), an Idempotency-Key reused with another body, or over a limit."),
};
const idPath = z.object({ id: z.uuid() });
const idempotencyHeaders = z.object({ "Idempotency-Key": idempotencyKeyHeader });
const withRateLimit = (description: string, schema: z.ZodMiniType) => ({
  description,
  headers: rateLimitHeaders,
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
        "problem details whose `code` is a stable message key. Cash-outs requested here always wait for a person's approval.",
    },
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: `Scopes: ${apiScopes.join(", ")}.` } },
    },
    security: [{ apiKey: [] }],
    paths: {
      "/api/v1/charges": {
        post: {
          operationId: "createCharge",
          summary: "Create a charge (scope charges:write)",
          description:
            "Creates a PIX charge. Send an Idempotency-Key: a retry with the same key and body returns the same charge (200, " +
            "Idempotent-Replayed: true) and never calls the wallet again; the same key with another body is refused (422); a retry " +
            "while the first is still running gets 409 with Retry-After.",
          requestParams: { header: idempotencyHeaders },
          requestBody: { required: true, content: { "application/json": { schema: createChargeBody } } },
          responses: {
            "201": withRateLimit("Created.", chargeSchema),
            "200": withRateLimit("A replay of a request already answered (Idempotent-Replayed: true).", chargeSchema),
            "409": problem("A request with this Idempotency-Key is still running, or the wallet never confirmed it."),
            "502": problem("The wallet refused or failed; nothing was created."),
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
            "400": problem("The id is not a UUID (errors.route.malformedPath)."),
            "404": problem("No such charge."),
            ...commonProblems,
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
            "400": problem("An invalid filter or cursor."),
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
            "so that none is skipped by a reader that polls with the last position it saw. An endpoint's test events are not listed.",
          requestParams: { query: listEventsQuery },
          responses: {
            "200": withRateLimit("A page of events.", eventPageSchema),
            "400": problem("An invalid `after`, `type` or `limit`."),
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
            "201": withRateLimit("Saved, awaiting approval.", cashOutRequestSchema),
            "200": withRateLimit("A replay of a request already answered.", cashOutRequestSchema),
            ...bodyProblems,
            ...commonProblems,
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
            "400": problem("The id is not a UUID (errors.route.malformedPath)."),
            "404": problem("No such cash-out request."),
            ...commonProblems,
          },
        },
      },
    },
  });
  return serverUrl ? { ...cached, servers: [{ url: serverUrl }] } : cached;
}
