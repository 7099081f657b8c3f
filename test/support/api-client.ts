// The merchant API (/api/v1) served over real HTTP from its route modules, and a client for it that
// checks EVERY answer against the API's own OpenAPI document: the status must be documented for the
// operation and the body must validate against that response's schema (Ajv, JSON Schema 2020-12,
// which OpenAPI 3.1 schemas are), and the document itself must validate as OpenAPI 3.1
// (@seriousme/openapi-schema-validator). So the document cannot drift from what the code answers.
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import * as chargeRoute from "@/app/api/v1/charges/route";
import * as chargeByIdRoute from "@/app/api/v1/charges/[id]/route";
import * as cashOutRoute from "@/app/api/v1/cash-outs/route";
import * as cashOutByIdRoute from "@/app/api/v1/cash-outs/[id]/route";
import * as openApiRoute from "@/app/api/v1/openapi.json/route";
import * as transactionsRoute from "@/app/api/v1/transactions/route";
import * as eventsRoute from "@/app/api/v1/events/route";
import { type ServedHandler, serveFetchHandler } from "@/test/support/serve-fetch-handler";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Array<{ template: string; pattern: RegExp; methods: Record<string, Handler | undefined> }> = [
  { template: "/api/v1/openapi.json", pattern: /^\/api\/v1\/openapi\.json$/, methods: { GET: openApiRoute.GET as Handler } },
  { template: "/api/v1/charges", pattern: /^\/api\/v1\/charges$/, methods: { POST: chargeRoute.POST as Handler } },
  { template: "/api/v1/charges/{id}", pattern: /^\/api\/v1\/charges\/(?<id>[^/]+)$/, methods: { GET: chargeByIdRoute.GET as Handler } },
  { template: "/api/v1/transactions", pattern: /^\/api\/v1\/transactions$/, methods: { GET: transactionsRoute.GET as Handler } },
  { template: "/api/v1/events", pattern: /^\/api\/v1\/events$/, methods: { GET: eventsRoute.GET as Handler } },
  { template: "/api/v1/cash-outs", pattern: /^\/api\/v1\/cash-outs$/, methods: { POST: cashOutRoute.POST as Handler } },
  {
    template: "/api/v1/cash-outs/{id}",
    pattern: /^\/api\/v1\/cash-outs\/(?<id>[^/]+)$/,
    methods: { GET: cashOutByIdRoute.GET as Handler },
  },
];

/** Serves the /api/v1 route modules as Next would route them (path params included). */
export function serveApi(): Promise<ServedHandler> {
  return serveFetchHandler(async (request) => {
    const path = new URL(request.url).pathname;
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const handler = route.methods[request.method];
      if (!handler) return new Response(null, { status: 405 });
      return handler(request, { params: Promise.resolve({ ...match.groups }) });
    }
    return new Response(null, { status: 404 });
  });
}

export type ApiAnswer = { status: number; headers: Headers; body: any };

/** A client that validates every answer against the document the server itself serves. */
export async function apiClient(origin: string) {
  const document = (await (await fetch(`${origin}/api/v1/openapi.json`)).json()) as any;
  const validity = await new Validator().validate(document);
  if (!validity.valid) throw new Error(`the OpenAPI document is not valid OpenAPI 3.1: ${JSON.stringify(validity.errors)}`);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, "openapi.json");
  const pointer = (text: string) => text.replaceAll("~", "~0").replaceAll("/", "~1");

  async function call(
    method: string,
    path: string,
    init: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.key) headers.authorization = `Bearer ${init.key}`;
    let body: string | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(`${origin}${path}`, { method, headers, body });
    const text = await response.text();
    const parsed = text ? JSON.parse(text) : undefined;
    const template = routes.find((route) => route.pattern.test(new URL(path, origin).pathname))!.template;
    const operation = document.paths[template]?.[method.toLowerCase()];
    expect(operation, `${method} ${template} is documented`).toBeDefined();
    const documented = operation.responses[String(response.status)];
    expect(documented, `${method} ${template} documents status ${response.status} (answered ${text.slice(0, 300)})`).toBeDefined();
    const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!;
    expect(Object.keys(documented.content ?? {}), `${method} ${template} ${response.status} documents ${contentType}`).toContain(
      contentType,
    );
    const validate = ajv.getSchema(
      `openapi.json#/paths/${pointer(template)}/${method.toLowerCase()}/responses/${response.status}/content/${pointer(contentType)}/schema`,
    )!;
    expect(validate(parsed), `${method} ${path} ${response.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    return { status: response.status, headers: response.headers, body: parsed };
  }
  return { document, call };
}
