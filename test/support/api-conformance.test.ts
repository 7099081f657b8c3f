// The conformance check itself, on the document the API serves and hand-made answers: what it must
// accept (each kind of answer the API gives) and what it must refuse (a header the document does not
// list, a required one missing, an undocumented status, a body off its schema, Next's bare 405 and
// HTML 404 where the document promises problem details).
import { beforeAll, describe, expect, it } from "vitest";
import { apiDocument } from "@/lib/api-v1/openapi";
import { malformedPathResponse } from "@/lib/security/malformed-path";
import { assertValidOpenApi, conformanceChecker, documentedOperations, documentedTemplate } from "@/test/support/api-conformance";

const document = JSON.parse(JSON.stringify(apiDocument("http://127.0.0.1")));
let check: ReturnType<typeof conformanceChecker>["check"];
beforeAll(async () => {
  await assertValidOpenApi(document);
  check = conformanceChecker(document).check;
});

const id = "0b9f1c1e-4c2a-4c1e-9a55-2f1b8c3d4e5f";
const charge = { ...document.components.schemas.Charge.example, id };
const limits = { ratelimit: '"per-key";r=59;t=60', "ratelimit-policy": '"per-key";q=60;w=60' };
const json = { "content-type": "application/json", "cache-control": "no-store" };
const problemJson = { "content-type": "application/problem+json", "cache-control": "no-store" };
const problem = (status: number, code = "errors.x") => JSON.stringify({ type: "about:blank", title: "T", status, code, detail: "D" });
function answer(method: string, path: string, status: number, headers: Record<string, string>, body: unknown) {
  return check({ method, path, status, headers: new Headers(headers), bodyText: typeof body === "string" ? body : JSON.stringify(body) });
}

describe("the conformance check", () => {
  it("accepts the answers the API gives: created, replayed, unknown outcome, read, and its problems", () => {
    const location = { location: `/api/v1/charges/${id}` };
    expect(answer("POST", "/api/v1/charges", 201, { ...json, ...limits, ...location }, charge).problems).toEqual([]);
    expect(
      answer("POST", "/api/v1/charges", 200, { ...json, ...limits, ...location, "idempotent-replayed": "true" }, charge).problems,
    ).toEqual([]);
    const unknown = { ...charge, creationState: "outcome_unknown", status: null, pixCopyPaste: null, qrCodeImage: null };
    expect(answer("POST", "/api/v1/charges", 202, { ...json, ...limits, ...location }, unknown).problems).toEqual([]);
    expect(answer("GET", `/api/v1/charges/${id}`, 200, { ...json, ...limits }, charge).problems).toEqual([]);
    expect(
      answer("GET", "/api/v1/transactions", 401, { ...problemJson, "www-authenticate": 'Bearer realm="api"' }, problem(401)).problems,
    ).toEqual([]);
    expect(answer("POST", "/api/v1/charges", 409, { ...problemJson, ...limits, "retry-after": "1" }, problem(409)).problems).toEqual([]);
    expect(answer("GET", "/api/v1/events", 429, { ...problemJson, ...limits, "retry-after": "12" }, problem(429)).problems).toEqual([]);
  });

  it("refuses a header the document does not list for that answer, and a required one missing", () => {
    const location = { location: `/api/v1/charges/${id}` };
    expect(answer("POST", "/api/v1/charges", 201, { ...json, ...limits, ...location, "x-debug": "1" }, charge).problems).toEqual([
      expect.stringContaining("sends the header x-debug"),
    ]);
    expect(answer("GET", `/api/v1/charges/${id}`, 200, { ...json, ...limits, "idempotent-replayed": "true" }, charge).problems).toEqual([
      expect.stringContaining("sends the header idempotent-replayed"),
    ]);
    expect(answer("POST", "/api/v1/charges", 201, { ...json, ...limits }, charge).problems).toEqual([
      expect.stringContaining("required header location is missing"),
    ]);
    expect(answer("GET", "/api/v1/transactions", 401, problemJson, problem(401)).problems).toEqual([
      expect.stringContaining("required header www-authenticate is missing"),
    ]);
    expect(answer("POST", "/api/v1/charges", 409, { ...problemJson, ...limits }, problem(409)).problems).toEqual([
      expect.stringContaining("required header retry-after is missing"),
    ]);
    expect(answer("GET", `/api/v1/charges/${id}`, 200, { ...json, ratelimit: "lots" }, charge).problems).toEqual([
      expect.stringContaining("header ratelimit"),
    ]);
  });

  it("refuses an undocumented status and a body off its schema", () => {
    expect(answer("POST", "/api/v1/charges", 418, problemJson, problem(418)).problems).toEqual([
      expect.stringContaining("status 418 is not documented"),
    ]);
    expect(answer("GET", `/api/v1/charges/${id}`, 200, { ...json, ...limits }, { ...charge, amountCents: "10,50" }).problems).toEqual([
      expect.stringContaining("amountCents"),
    ]);
    expect(answer("GET", `/api/v1/charges/${id}`, 404, { "content-type": "text/html" }, "<html></html>").problems).toEqual([
      expect.stringContaining("answered text/html"),
    ]);
  });

  it("holds an unknown path to the general 404 and an undocumented method to the general 405, with Allow", () => {
    expect(answer("GET", "/api/v1/nothing-here", 404, { "content-type": "text/html" }, "<html>404</html>").problems).not.toEqual([]);
    expect(answer("GET", "/api/v1/nothing-here", 404, problemJson, problem(404)).problems).toEqual([]);
    expect(answer("GET", "/api/v1/nothing-here", 200, json, {}).problems).toContainEqual(expect.stringContaining("must answer 404"));
    expect(answer("DELETE", "/api/v1/charges", 405, {}, "").problems).not.toEqual([]);
    expect(answer("DELETE", "/api/v1/charges", 405, problemJson, problem(405)).problems).toEqual([
      expect.stringContaining("required header allow is missing"),
    ]);
    expect(answer("DELETE", "/api/v1/charges", 405, { ...problemJson, allow: "POST" }, problem(405)).problems).toEqual([]);
  });

  it("accepts the proxy's malformed-path 400 on every documented operation, and on a path it cannot match", async () => {
    const withId = documentedOperations(document).filter((operation) => operation.includes("{id}"));
    expect(withId.length).toBeGreaterThan(1);
    for (const operation of [...withId, "GET /api/v1/transac%E0tions"]) {
      const [method, template] = operation.split(" ") as [string, string];
      const path = template.replace("{id}", "%E0%A4%A");
      const response = malformedPathResponse(new Request(`http://127.0.0.1${path}`, { method }))!;
      expect(response, path).not.toBeNull();
      const verdict = check({ method, path, status: response.status, headers: response.headers, bodyText: await response.text() });
      expect({ operation, problems: verdict.problems }).toEqual({ operation, problems: [] });
    }
  });

  it("matches a concrete path to its template, one segment per parameter", () => {
    expect(documentedTemplate(document, `/api/v1/charges/${id}`)).toBe("/api/v1/charges/{id}");
    expect(documentedTemplate(document, "/api/v1/charges")).toBe("/api/v1/charges");
    expect(documentedTemplate(document, `/api/v1/charges/${id}/more`)).toBeUndefined();
    expect(documentedTemplate(document, "/api/v1/charges/")).toBeUndefined();
  });
});
